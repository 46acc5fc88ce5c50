import type { Locator, Page } from '@playwright/test';
import { sendFailureErrors } from './contact-fixtures';
import { allRoutes, expect, locales, test } from './fixtures';
import { forEveryPage, readThrough, walkLandingStates } from './site-behaviour';

/**
 * What every page says, as a visitor and a screen reader get it: its accessibility tree (landmarks,
 * headings and their levels, texts, links with their addresses), against the committed snapshots in
 * `e2e/snapshots/`; README › Quality says how to update them. Compared as text (`toMatchSnapshot`):
 * the baselines `toMatchAriaSnapshot` writes turn every number of two or more digits into `\d+`, so
 * a changed postcode or figure of the terms would pass.
 */

/** The snapshot file of a page: `de/impressum.aria.yml`, `en/index.aria.yml`, `404.aria.yml`. */
function fileOf(url: string) {
  const route = allRoutes.find((candidate) => candidate.url === url);
  return route ? [route.locale, `${route.path.replaceAll('/', '') || 'index'}.aria.yml`] : ['404.aria.yml'];
}

async function expectSnapshot(root: Locator, file: string[]) {
  // Soft, so a walk through several states compares each. The trailing line break keeps the files as
  // editors and git expect text files.
  expect.soft(`${await root.ariaSnapshot()}\n`, file.join('/')).toMatchSnapshot(file);
}

/**
 * Opens `url` and reads it to the end, so every island comes to life (those that wait until they are
 * seen, too), then returns to the top, where a visitor starts: the page as it stands once it is all there.
 */
async function openSettled(page: Page, url: string) {
  await readThrough(page, url);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(page.locator('[data-scroll-to-top]')).toBeHidden();
}

forEveryPage((url) => {
  test(`${url} reads as its snapshot`, async ({ page }) => {
    await openSettled(page, url);
    await expectSnapshot(page.locator('body'), fileOf(url));
  });
});

for (const locale of locales) {
  test.describe(() => {
    // The refused send is logged by the form (docs/behaviour.md › Error catalogue), and so is the
    // unanswered one if the page is still open when it times out.
    test.use({ expectedConsoleErrors: sendFailureErrors });

    test(`the team dialog and the form's states (${locale}) read as their snapshots`, async ({ page, request }) => {
      // A fixed address: the fields keep it after a failure, so it is part of the snapshots.
      await walkLandingStates(page, request, locale, `snapshot-${locale}@example.org`, (state, root) =>
        expectSnapshot(root, [locale, `${state}.aria.yml`]),
      );
    });
  });
}

test.describe('without JavaScript', () => {
  // The HTML as built: the islands as the server rendered them, <noscript> included.
  test.use({ javaScriptEnabled: false });

  forEveryPage((url) => {
    test(`no word on ${url} runs into a link or an emphasis beside it`, async ({ page }) => {
      await page.goto(url);
      const runTogether = await page.locator('body :is(a, strong, em, code, abbr)').evaluateAll((elements) => {
        // Text that flows in a line: a text node or an inline element (flex items and blocks stand apart).
        const inline = (node: Node | null) =>
          node instanceof Text || (node instanceof Element && getComputedStyle(node).display.startsWith('inline'));
        const words = (node: Node | null) => (node && inline(node) ? (node.textContent ?? '') : '');
        const joined = (left: string, right: string) =>
          /[\p{L}\p{N}:;,!?]$/u.test(left) && /^[\p{L}\p{N}]/u.test(right);
        return elements.flatMap((element) => {
          const [before, own, after] = [words(element.previousSibling), words(element), words(element.nextSibling)];
          return joined(before, own) || joined(own, after) ? [`${before.slice(-20)}|${own}|${after.slice(0, 20)}`] : [];
        });
      });
      expect(runTogether).toEqual([]);
    });
  });
});
