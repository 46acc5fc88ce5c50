import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { describe, expect, it } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import { locales, type Locale } from '../src/i18n/locales';
import { agencyTokens } from './agency-tokens';
import { externalLinks } from './external-links.mjs';

const facts = {
  name: 'Uferlicht <Webdesign>',
  email: 'hallo@example.org',
  partners: ['Lena Hoffmann', 'Jonas Becker'],
  legalForm: { de: 'Gesellschaft bürgerlichen Rechts', en: 'civil-law partnership' },
  hosting: { logRetentionDays: 14 },
  supervisoryAuthority: { url: 'https://www.ldi.nrw.de' },
  thirdCountries: [
    { code: 'US', de: 'USA', en: 'USA' },
    { code: 'CN', de: 'China', en: 'China' },
  ],
  clientHosting: { offered: true },
  noHosting: { offered: false },
};
const declared = ['clientHosting', 'clientHosting.offered', 'noHosting', 'noHosting.offered', 'insurance'];

/** Renders Markdown as the site does, as if it were `src/content/legal/<locale>/x.md`. */
async function render(markdown: string, locale: Locale = 'de', given: object = facts, file = 'x.md') {
  const knownField = given === facts ? (path: string) => declared.includes(path) : undefined;
  const processor = await createSatteriMarkdownProcessor({
    mdastPlugins: [agencyTokens({ facts: given, root: '/site', knownField })],
    hastPlugins: [externalLinks],
  });
  const fileURL = pathToFileURL(`/site/src/content/legal/${locale}/${file}`);
  return (await processor.render(markdown, { fileURL })).code.trim();
}

describe('agency tokens in Markdown', () => {
  it('fills text, numbers, nested fields and localized fields', async () => {
    expect(await render('{{legalForm}}, {{ hosting.logRetentionDays }} Tage')).toBe(
      '<p>Gesellschaft bürgerlichen Rechts, 14 Tage</p>',
    );
    expect(await render('{{legalForm}}', 'en')).toBe('<p>civil-law partnership</p>');
    // A heading's anchor is made from its words as the visitor reads them.
    expect(await render('### Transfer to {{thirdCountries}}', 'en')).toBe(
      '<h3 id="transfer-to-usa-and-china">Transfer to USA and China</h3>',
    );
  });

  it('joins lists, also of localized names, in the page’s language', async () => {
    expect(await render('{{partners}}; {{thirdCountries}}')).toBe(
      '<p>Lena Hoffmann und Jonas Becker; USA und China</p>',
    );
    expect(await render('{{partners}}; {{thirdCountries.1}}', 'en')).toBe(
      '<p>Lena Hoffmann and Jonas Becker; China</p>',
    );
  });

  it('fills a link’s address and text, as text, however the address is written', async () => {
    const link = (href: string, text: string) =>
      `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;
    expect(await render('[{{name}}]({{supervisoryAuthority.url}})')).toBe(
      `<p>${link('https://www.ldi.nrw.de', 'Uferlicht &lt;Webdesign&gt;')}</p>`,
    );
    expect(await render('[x](<{{ supervisoryAuthority.url }}>) [{{email}}](mailto:{{email}})')).toBe(
      `<p>${link('https://www.ldi.nrw.de', 'x')} <a href="mailto:hallo@example.org">hallo@example.org</a></p>`,
    );
  });

  it('stops the build on a token that names no fact or stands outside text, naming the file and the token', async () => {
    await expect(render('{{phoneNumber}}', 'de', facts, 'impressum.md')).rejects.toThrow(
      'src/content/legal/de/impressum.md: the token {{phoneNumber}} names no text field of src/content/agency.json.',
    );
    await expect(render('{{hosting}}')).rejects.toThrow('{{hosting}}');
    await expect(render('{{clientHosting.offered}}')).rejects.toThrow('{{clientHosting.offered}}');
    await expect(render('Call `{{phone}}`')).rejects.toThrow('a token stands only in text or a link: {{phone}}');
  });
});

describe('parts that depend on an optional fact', () => {
  const block = (condition: string) =>
    `Before.\n\n{{#if ${condition}}}\n\n### Insurance\n\nBy {{name}}.\n\n{{/if}}\n\nAfter.`;

  it('keeps a part whose fact is there, without its markers', async () => {
    expect(await render(block('clientHosting.offered'))).toBe(
      '<p>Before.</p>\n<h3 id="insurance">Insurance</h3>\n<p>By Uferlicht &lt;Webdesign&gt;.</p>\n<p>After.</p>',
    );
    expect(await render('Hosting.{{#if clientHosting}} Notices to [{{email}}](mailto:{{email}}).{{/if}} End.')).toBe(
      '<p>Hosting. Notices to <a href="mailto:hallo@example.org">hallo@example.org</a>. End.</p>',
    );
  });

  it('drops a part whose fact is missing or false, with the tokens inside it', async () => {
    expect(await render(block('insurance'))).toBe('<p>Before.</p>\n<p>After.</p>');
    expect(await render(block('noHosting.offered'))).toBe('<p>Before.</p>\n<p>After.</p>');
    expect(await render('A{{#if insurance}} {{insurance.insurer}} at [x](mailto:{{x}}){{/if}}.')).toBe('<p>A.</p>');
  });

  it.each([
    [block('insurace'), "the condition {{#if insurace}} names no field of src/content/agency.json's schema."],
    ['{{#if insurance}}\n\nText', '{{#if insurance}} has no partner'],
    ['Text {{/if}}', '{{/if}} has no partner'],
    ['{{#if insurance}} a {{#if clientHosting}} b {{/if}} c {{/if}}', '{{#if insurance}} holds another condition'],
    ['a {{#if insurance}} b\n\nc {{/if}}', '{{#if insurance}} inside a sentence must end in the same paragraph'],
  ])('stops the build on %j, naming the file', async (markdown, message) => {
    await expect(render(markdown)).rejects.toThrow(`src/content/legal/de/x.md: ${message}`);
  });
});

describe('the legal texts as written', () => {
  it('name the professional liability insurance in the imprint exactly when agency.json has one', async () => {
    const insurance = {
      insurer: 'Rheinische Versicherung AG',
      address: 'Rheinufer 1, 50667 Köln',
      // "European Union" in each language of the site, as the browser's own data names the region.
      scope: Object.fromEntries(
        locales.map((locale) => [locale, new Intl.DisplayNames([locale], { type: 'region' }).of('EU') ?? 'EU']),
      ) as Record<Locale, string>,
    };
    const { professionalLiabilityInsurance: _none, ...withoutInsurance } = { ...agency } as Record<string, unknown>;
    for (const locale of locales) {
      const text = readFileSync(`src/content/legal/${locale}/impressum.md`, 'utf-8').replace(
        /^---\n[\s\S]*?\n---\n/,
        '',
      );
      const withInsurance = await render(text, locale, { ...agency, professionalLiabilityInsurance: insurance });
      expect(withInsurance).toContain(`${insurance.insurer}, ${insurance.address}`);
      expect(withInsurance).toContain(insurance.scope[locale]);
      expect(withInsurance).toContain('DL-InfoV');
      expect(await render(text, locale, withoutInsurance)).not.toMatch(
        /DL-InfoV|Berufshaftpflicht|liability insurance/,
      );
    }
  });
});
