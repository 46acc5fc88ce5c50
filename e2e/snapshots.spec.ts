import { devices, type Locator, type Page } from '@playwright/test';
import { allRoutes, expect, localizedPath, locales, reachFor, test } from './fixtures';
import { forEveryPage, landingStateErrors, readThrough, walkLandingStates } from './site-behaviour';

/**
 * What every page says, as a visitor and a screen reader get it: its accessibility tree (landmarks,
 * headings and their levels, texts, links with their addresses), and what its head tells search
 * engines and link previews, against the committed snapshots in `e2e/snapshots/`;
 * docs/quality.md › Page snapshots says how to update them. Compared as text (`toMatchSnapshot`):
 * the baselines `toMatchAriaSnapshot` writes turn every number of two or more digits into `\d+`, so
 * a changed postcode or figure of the terms would pass.
 */

/** The snapshot file of a page: `de/impressum.aria.yml`, `en/index.head.txt`, `404.aria.yml`. */
function fileOf(url: string, extension: '.aria.yml' | '.head.txt') {
  const route = allRoutes.find((candidate) => candidate.url === url);
  return route ? [route.locale, `${route.path.replaceAll('/', '') || 'index'}${extension}`] : [`404${extension}`];
}

function expectSnapshot(text: string, file: string[]) {
  // Soft, so a walk through several states compares each. The trailing line break keeps the files as
  // editors and git expect text files.
  expect.soft(`${text}\n`, file.join('/')).toMatchSnapshot(file);
}

/** What a page's head tells search engines and link previews, a line each, its JSON-LD indented. */
const headTexts = (page: Page) =>
  page.evaluate(() => {
    const named = 'title, meta[name], meta[property], link[rel="canonical"], link[hreflang]';
    const line = (element: Element) => {
      const value = (name: string) => element.getAttribute(name) ?? '';
      if (element.localName === 'title') return `title: ${element.textContent}`;
      if (element.localName === 'link') return `${value('rel')} ${value('hreflang')}`.trim() + `: ${value('href')}`;
      const media = value('media') && ` ${value('media')}`;
      return `${value('name') || value('property')}${media}: ${value('content')}`;
    };
    const structured = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => `application/ld+json: ${JSON.stringify(JSON.parse(script.textContent), null, 2)}`,
    );
    const lang = `html lang: ${document.documentElement.lang}`;
    return [lang, ...[...document.head.querySelectorAll(named)].map(line), ...structured].join('\n');
  });

forEveryPage((url) => {
  test(`${url} reads as its snapshots`, async ({ page }) => {
    // Read to the end, so every island comes to life (those that wait until they are seen, too), then
    // back at the top, where a visitor starts: the page as it stands once it is all there.
    await readThrough(page, url);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(page.locator('[data-scroll-to-top]')).toBeHidden();
    expectSnapshot(await page.locator('body').ariaSnapshot(), fileOf(url, '.aria.yml'));
    expectSnapshot(await headTexts(page), fileOf(url, '.head.txt'));
  });
});

test('robots.txt and the sitemap read as their snapshots', async ({ request }) => {
  for (const file of ['robots.txt', 'sitemap-index.xml', 'sitemap-0.xml']) {
    // An element a line, so that a change shows as the line it changed.
    expectSnapshot((await (await request.get(`/${file}`)).text()).replaceAll('><', '>\n<').trimEnd(), [file]);
  }
});

for (const locale of locales) {
  test.describe(() => {
    test.use({ expectedConsoleErrors: landingStateErrors });

    test(`the team dialog and the form's states (${locale}) read as their snapshots`, async ({ page, request }) => {
      // Ten states of the form, most of them a send or a page load of their own.
      test.setTimeout(2 * 30_000);
      // A fixed address: the fields keep it after a failure, so it is part of the snapshots.
      await walkLandingStates(page, request, locale, `snapshot-${locale}@example.org`, async (state, root) =>
        expectSnapshot(await root.ariaSnapshot(), [locale, `${state}.aria.yml`]),
      );
      // The honeypot's label is for bots only, outside the accessibility tree: read as text.
      const honeypot = await page.locator('label[for="contact-website"]').textContent();
      expectSnapshot(honeypot ?? '', [locale, 'contact-honeypot.txt']);
    });
  });
}

/**
 * What the landing page says only in some states, a part of the page each: the theme toggle in the
 * dark theme, the scroll-to-top button once scrolled, the header with its menu open and the projects'
 * intro on a phone (a touch screen: no hover), and the form's note without JavaScript.
 */
for (const locale of locales) {
  test(`the landing page's parts that only some visitors see (${locale}) read as their snapshot`, async ({
    page,
    browser,
  }) => {
    const url = localizedPath('/', locale);
    const parts: string[] = [];
    const look = async (state: string, part: Locator) => parts.push(`# ${state}`, await part.ariaSnapshot());
    await page.goto(url);
    await reachFor(page, 'ThemeToggle');
    await page.locator('[data-theme-toggle]').click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await look('dark theme', page.locator('[data-theme-toggle]'));
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
    await expect(page.locator('[data-scroll-to-top]')).toBeVisible();
    await look('scrolled down', page.locator('[data-scroll-to-top]'));

    const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
    const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
    const offline = await context.newPage();
    await offline.goto(url);
    await offline.locator('[data-mobile-menu] summary').click();
    await look('phone, menu open', offline.getByRole('banner'));
    await look('phone', offline.locator('#projects .section-lead'));
    await look('without JavaScript', offline.locator('#contact noscript > p'));
    await context.close();
    expectSnapshot(parts.join('\n'), [locale, 'landing-states.aria.yml']);
  });
}
