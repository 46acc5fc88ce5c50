import { readFileSync } from 'node:fs';
import { factAt, tokenValue } from '../integrations/agency-tokens';
import { bindUnbreakable } from '../integrations/non-breaking-spaces';
import { agency, allRoutes, expect, test, type LegalPage, type Locale } from './fixtures';

// What the legal pages' snapshots (snapshots.spec.ts) cannot show: that every fact in them is agency.json's
// (docs/behaviour.md › Legal pages). The terms' figures (docs/behaviour.md › Constants) are their snapshots'.

const CONDITION = /\{\{#if\s+([\w.]+)\s*\}\}([\s\S]*?)\{\{\/if\s*\}\}/g;
const TOKEN = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The agency facts a legal text names: its tokens, leaving out the parts whose condition does not hold. */
function factsNamedIn(locale: Locale, legalPage: LegalPage): string[] {
  const source = readFileSync(`src/content/legal/${locale}/${legalPage}.md`, 'utf-8');
  const holding = source.replace(CONDITION, (_, path: string, part: string) => (factAt(agency, path) ? part : ''));
  return [...new Set([...holding.matchAll(TOKEN)].map((match) => match[1]))];
}

for (const { locale, path, url } of allRoutes.filter((route) => route.path !== '/')) {
  const legalPage = path.replaceAll('/', '') as LegalPage;

  test(`${url} states agency.json's facts wherever its text names them, leaves no token, and breaks no line inside a citation, an amount, an abbreviation or a phone number`, async ({
    page,
  }) => {
    await page.goto(url);
    const article = page.locator(`[data-legal-page="${legalPage}"]`);
    // Markdown percent-encodes the braces of a token in a link target.
    expect(await article.innerHTML()).not.toMatch(/\{\{|%7B%7B/i);
    const text = (await article.textContent()) ?? '';
    const hrefs = await article.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const shown = `${text} ${hrefs.join(' ')}`.replace(/\s+/g, ' ');
    const facts = factsNamedIn(locale, legalPage);
    expect(facts).toContain('email');
    for (const fact of facts) expect.soft(shown, `{{${fact}}}`).toContain(tokenValue(agency, fact, locale));

    const bound = bindUnbreakable(text);
    // Each place where the text has a plain space that must not break, with its surroundings.
    const breakable: string[] = [];
    for (let index = 0; index < text.length; index++)
      if (text[index] !== bound[index]) breakable.push(text.slice(Math.max(0, index - 12), index + 12));
    expect(text.length).toBeGreaterThan(500);
    expect(breakable).toEqual([]);
  });
}
