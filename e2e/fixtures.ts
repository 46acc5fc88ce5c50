import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import agency from '../src/content/agency.json' with { type: 'json' };
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.mjs';
import { locales, type Locale } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';

export { agency, expect, locales, localizedPath, type Locale };

/** Every page of the site, by its path without a locale prefix. */
export const pagePaths = ['/', '/impressum/', '/datenschutz/', '/agb/'] as const;
export type PagePath = (typeof pagePaths)[number];

/** Each page in each language: what most suites loop over. */
export const allRoutes = locales.flatMap((locale) =>
  pagePaths.map((path) => ({ locale, path, url: localizedPath(path, locale) })),
);

/** The built site that the e2e server serves and the file-reading specs read. */
export const builtSiteDir = LOCAL_BUILD_DIR;

/** Every HTML file of the build (404 page included), with the path the server answers it at. */
export function builtPages(): { file: string; url: string }[] {
  return readdirSync(builtSiteDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => ({ file: join(builtSiteDir, name), url: `/${name.replace(/(^|\/)index\.html$/, '$1')}` }));
}

/**
 * The site's `test`: fails any test whose page throws or logs an error it did not expect
 * (hydration mismatches, CSP violations, broken scripts), so no suite has to remember to look.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp | null; pageErrors: string[] }>({
  // One pattern (alternatives joined with |): Playwright would read an array here as [value, options].
  expectedConsoleErrors: [null, { option: true }],
  pageErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!expectedConsoleErrors?.test(text)) errors.push(`console.error: ${text}`);
      });
      await use(errors);
      expect(errors, 'errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until the island whose component file matches `name` has hydrated. */
export async function waitForIsland(page: Page, name: string, timeout?: number) {
  await expect(page.locator(`astro-island[component-url*="${name}"]:not([ssr])`).first()).toBeAttached({ timeout });
}

/** Scrolls the window to `y` at once (the site scrolls smoothly by default) and waits until it is there. */
export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}
