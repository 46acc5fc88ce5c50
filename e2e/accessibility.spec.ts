import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { defaultLocale, expect, getTranslator, localizedPath, locales, otherLocales, test } from './fixtures';
import { uniqueEmail } from './inbox-client';
import { forEveryPage, landingStateErrors, walkLandingStates } from './site-behaviour';

/**
 * Every axe rule, switched on by name: no tag filter, so experimental rules (label-in-name among
 * them), best practice, deprecated and AAA ones (enhanced contrast, 7:1) run as well. `axe-core` is
 * the engine @axe-core/playwright injects.
 */
const everyAxeRule = Object.fromEntries(axe.getRules().map(({ ruleId }) => [ruleId, { enabled: true }]));

/** The IBM Equal Access engine, injected into the page as a script. */
const aceScript = createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js');

interface AceResult {
  ruleId: string;
  value: [string, string];
  path: { dom: string };
  message: string;
}
declare const ace: {
  Checker: new () => { check(doc: Document, policies: string[]): Promise<{ results: AceResult[] }> };
};

/**
 * WCAG 2.5.3, label in name, as its best practice has it: every control with a name of its own
 * (aria-label, aria-labelledby) starts it with the words it shows, so a voice command of what is
 * seen finds it. The controls that do not; a page without any such control fails too.
 */
function labelNotInName(page: Page) {
  return page
    .locator(':is(a, button, input, select, textarea, [role]):is([aria-label], [aria-labelledby])')
    .evaluateAll((elements) => {
      const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
      const controls = elements.map((element) => {
        // The words a sighted visitor reads: rendered text, not hidden from view nor clipped to a pixel.
        const words: string[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          const box = parent?.getBoundingClientRect();
          if (!parent?.checkVisibility() || !box || box.width <= 1 || box.height <= 1) continue;
          words.push(node.textContent ?? '');
        }
        const ids = element.getAttribute('aria-labelledby')?.split(/\s+/);
        const labels = ids?.map((id) => document.getElementById(id)?.textContent ?? '');
        const name = labels ? labels.join(' ') : (element.getAttribute('aria-label') ?? '');
        return { html: element.outerHTML.slice(0, 120), visible: normalize(words.join(' ')), name: normalize(name) };
      });
      const mismatched = controls.filter(({ visible, name }) => visible && !name.startsWith(visible));
      return controls.length ? mismatched : [{ html: 'no control with a name of its own', visible: '', name: '' }];
    });
}

/** What two independent engines find on the page as it is now, and label in name: all must stay empty. */
async function violations(page: Page) {
  const axeResults = await new AxeBuilder({ page }).options({ rules: everyAxeRule }).analyze();
  if (!(await page.evaluate(() => 'ace' in window))) await page.addScriptTag({ path: aceScript });
  const aceResults = await page.evaluate(async () => {
    const report = await new ace.Checker().check(document, ['WCAG_2_2']);
    // Definite failures only; "potential" and "manual" results ask a person to look.
    return report.results
      .filter(({ value }) => value[0] === 'VIOLATION' && value[1] === 'FAIL')
      .map(({ ruleId, path, message }) => ({ rule: ruleId, node: path.dom, message }));
  });
  return {
    axe: axeResults.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    })),
    ibm: aceResults,
    labelInName: await labelNotInName(page),
  };
}

const none = { axe: [], ibm: [], labelInName: [] };

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${colorScheme}`, () => {
    // The page's content security policy would refuse the injected IBM engine; this spec only.
    test.use({ colorScheme, bypassCSP: true });

    forEveryPage((url) => {
      test(`${url} has no violations: axe, IBM, label in name`, async ({ page }) => {
        await page.goto(url);
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        expect(await violations(page)).toEqual(none);
      });
    });

    test.describe(() => {
      test.use({ expectedConsoleErrors: landingStateErrors });

      for (const locale of locales) {
        test(`the team dialog and the form's states (${locale}) have no violations`, async ({ page, request }) => {
          // A check for each team member and each of the form's ten states, each given the time a test
          // of its own would have.
          test.setTimeout(12 * 30_000);
          await walkLandingStates(page, request, locale, uniqueEmail(`axe-${colorScheme}-${locale}`), async (state) =>
            expect.soft(await violations(page), state).toEqual(none),
          );
        });
      }
    });
  });
}

/**
 * What the focused element's ring looks like: whether it has one, and the first ancestor whose
 * overflow cuts part of it off, if any. The ring is the border box grown by the outline's offset and
 * width; an ancestor that clips (overflow other than visible) shows only what lies inside its padding
 * box, so a ring that reaches past it is partly hidden, as a card's `overflow-hidden` hid the team
 * photo's ring on all but its inner edge.
 */
function focusedRing() {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return null;
  const style = getComputedStyle(element);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const reach = outline ? parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) : 0;
  const box = element.getBoundingClientRect();
  const ring = { left: box.left - reach, top: box.top - reach, right: box.right + reach, bottom: box.bottom + reach };
  let cutBy: string | null = null;
  for (
    let parent = element.parentElement;
    parent && parent !== document.body && !cutBy;
    parent = parent.parentElement
  ) {
    const { overflowX, overflowY } = getComputedStyle(parent);
    if (overflowX === 'visible' && overflowY === 'visible') continue;
    const outer = parent.getBoundingClientRect();
    const left = outer.left + parent.clientLeft;
    const top = outer.top + parent.clientTop;
    const inside =
      ring.left >= left - 0.5 &&
      ring.top >= top - 0.5 &&
      ring.right <= left + parent.clientWidth + 0.5 &&
      ring.bottom <= top + parent.clientHeight + 0.5;
    if (!inside) cutBy = `${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`;
  }
  return {
    id: `${element.tagName}:${element.getAttribute('href') ?? element.id}:${(element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 30)}`,
    visible: outline || style.boxShadow !== 'none',
    cutBy,
  };
}

test('by keyboard, every control is reachable by Tab and shows its whole focus ring, on a phone and a desktop', async ({
  page,
}) => {
  const t = getTranslator(defaultLocale);
  let reached: string[] = [];
  // The desktop last: its header shows the links the phone's menu folds away, which the check below reads.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(localizedPath('/', defaultLocale));
    reached = [];
    const problems: string[] = [];
    // Once round the page: until the focus comes back to where it started.
    for (let step = 0; step < 120; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(focusedRing);
      if (!focused) continue;
      if (focused.id === reached[0]) break;
      reached.push(focused.id);
      if (!focused.visible) problems.push(`no focus ring on ${focused.id}`);
      if (focused.cutBy) problems.push(`${focused.id} cut by ${focused.cutBy}`);
    }
    expect(problems, `at ${width} px`).toEqual([]);
  }
  for (const expected of [
    t('site.skipToContent'),
    t('nav.about'),
    t('theme.toDark'),
    // The language switch: a link to this page in each other language.
    ...otherLocales(defaultLocale).map((other) => `A:${localizedPath('/', other)}:`),
    t('hero.cta'),
  ]) {
    expect(reached.join('\n')).toContain(expected);
  }
});
