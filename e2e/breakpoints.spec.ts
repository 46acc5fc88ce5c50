import type { Page } from '@playwright/test';
import resolveConfig from 'tailwindcss/resolveConfig.js';
import tailwindConfig from '../tailwind.config.mjs';
import { builtHtml, expect, locales, localizedPath, test } from './fixtures';

/**
 * The header, the team's cards and dialogs, and the 404 page, whose lines are as long as each
 * language makes them, at every width where the stylesheet changes.
 */

// Layout only: the pages as built.
test.use({ javaScriptEnabled: false });

/** Tailwind's breakpoint from which the 404 page's grid sets its languages side by side. */
const { screens } = resolveConfig(tailwindConfig).theme as unknown as { screens: Record<'md', string> };
const md = parseInt(screens.md, 10);

/** Every width the page's stylesheet treats differently, with the pixel below it; and the narrowest phone. */
function breakpointEdges(html: string): number[] {
  const edges = new Set([320]);
  const query = /\((?:(min|max)-width\s*:\s*|width\s*(>=|<=|>|<)\s*)(\d+)px\)/g;
  for (const [, minMax, operator, pixels] of html.matchAll(query)) {
    const width = Number(pixels);
    // From this width on the rule applies (min-width, >=, >) or stops applying (max-width, <=, <).
    const first = minMax === 'max' || operator === '<=' || operator === '>' ? width + 1 : width;
    edges.add(first - 1).add(first);
  }
  return [...edges].sort((a, b) => a - b);
}

/** Opens `url` at every width where its stylesheet changes, and checks it there. */
async function atEveryEdge(page: Page, url: string, check: (width: number) => Promise<void>) {
  for (const width of breakpointEdges(builtHtml(url))) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await check(width);
  }
}

/** What the header must be at `width`: on the screen, nothing overlapping, nothing broken over two lines. */
async function expectHeaderFits(page: Page, width: number) {
  const problems = await page.locator('[data-site-header] > div').evaluate((row, width) => {
    const box = row.getBoundingClientRect();
    // The home link's focus ring reaches 4 px into the padding: the controls may use the padding,
    // not the screen's edge.
    const left = box.left + parseFloat(getComputedStyle(row).paddingLeft) - 4;
    const seen = (element: Element) => element.checkVisibility() && element.getBoundingClientRect().width > 1;
    const controls = [...row.querySelectorAll('a, button, summary, [aria-current]')]
      .filter(seen)
      .map((element) => ({
        name: (element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 30),
        rect: element.getBoundingClientRect(),
        lines: element.getClientRects().length,
      }))
      .sort((a, b) => a.rect.left - b.rect.left);
    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`page ${pageWidth} px wide`);
    if (controls.length < 4) problems.push(`only ${controls.length} controls`);
    controls.forEach(({ name, rect, lines }, index) => {
      if (rect.left < left || rect.right > box.right) problems.push(`${name} off the row`);
      if (lines !== 1) problems.push(`${name} on ${lines} lines`);
      const next = controls.at(index + 1);
      if (next && rect.right > next.rect.left + 0.5) problems.push(`${name} over ${next.name}`);
    });
    return problems;
  }, width);
  expect.soft(problems, `the header at ${width} px`).toEqual([]);
}

/**
 * What the team's cards and dialogs must be at `width`: on a card, a member's name, role and
 * experience each on one line, inside the card; in the dialog, the role and the experience each on
 * one line. In two columns at 390 px, English broke "2 years of experience" over two lines on a card,
 * and at 320 px both languages broke the role as well; a dialog at 390 px left "of experience" alone.
 */
async function expectTeamFits(page: Page, width: number) {
  const problems = await page.locator('[data-team-member], [data-team-dialog]').evaluateAll((parts) =>
    parts.flatMap((part) => {
      const dialog = part instanceof HTMLDialogElement ? part : undefined;
      dialog?.showModal();
      const { right } = part.getBoundingClientRect();
      const texts = [...part.querySelectorAll(dialog ? 'h3 + p' : 'h3, p')].flatMap((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const nodes: Node[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (node.textContent?.trim()) nodes.push(node);
        return nodes;
      });
      const problems = texts.flatMap((text) => {
        const range = document.createRange();
        range.selectNodeContents(text);
        const rects = [...range.getClientRects()];
        const lines = new Set(rects.map((rect) => Math.round(rect.top))).size;
        const name = `"${text.textContent?.trim() ?? ''}"`;
        return [
          ...(lines === 1 ? [] : [`${name} on ${lines} lines`]),
          ...(rects.some((rect) => rect.right > right) ? [`${name} past its ${part.tagName}`] : []),
        ];
      });
      dialog?.close();
      return texts.length ? problems : [`nothing to check in ${part.outerHTML.slice(0, 80)}`];
    }),
  );
  expect.soft(problems, `the team at ${width} px`).toEqual([]);
}

for (const locale of locales) {
  const url = localizedPath('/', locale);
  test(`on ${url} the header fits, and the team gives a name, a role and the experience a line each, at every breakpoint edge`, async ({
    page,
  }) => {
    await atEveryEdge(page, url, async (width) => {
      await expectHeaderFits(page, width);
      await expectTeamFits(page, width);
    });
  });
}

/**
 * Each language's part of the 404 page: nothing cut off, nothing on top of another; one below the
 * other on a phone, side by side from md.
 */
async function expectPartsFit(page: Page, width: number) {
  const at = `at ${width} px`;
  const parts = await page.locator('[data-not-found] > section').evaluateAll((sections) =>
    sections.map((section) => {
      const { top, bottom, left, right } = section.getBoundingClientRect();
      const cutOff = [...section.querySelectorAll('h1, h2, p, a')].filter(
        (element) => element.scrollWidth > element.clientWidth + 1 || element.getBoundingClientRect().right > right + 1,
      );
      return { top, bottom, left, right, cutOff: cutOff.map((element) => element.tagName) };
    }),
  );
  expect(parts, at).toHaveLength(locales.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), at).toBeLessThanOrEqual(width);
  const sideBySide = width >= md;
  for (const [index, part] of parts.entries()) {
    expect(part.cutOff, at).toEqual([]);
    if (index === 0) continue;
    const before = parts[index - 1];
    const follows = sideBySide ? part.top === before.top && part.left >= before.right : part.top >= before.bottom;
    expect(follows, `${sideBySide ? 'side by side' : 'one below the other'} ${at}`).toBe(true);
  }
}

test('the 404 page speaks every language, side by side from the md breakpoint', async ({ page }) => {
  // That the default language's heading is the page's only h1 is its snapshot's (e2e/snapshots/404.aria.yml).
  await atEveryEdge(page, '/404.html', (width) => expectPartsFit(page, width));
});
