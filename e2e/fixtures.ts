import { readFileSync } from 'node:fs';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { builtFiles } from '../deploy/production-build';
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.ts';
import { hydratedIsland, island } from './site-parts';

// The suites loop over the locale registry and read what a visitor reads from the dictionaries
// (`getTranslator(locale)`) and the content, so no test holds a copy of a language.
export { default as agency } from '../src/content/agency.json' with { type: 'json' };
export { defaultLocale, locales, otherLocales, type Locale } from '../src/i18n/locales';
export { localizedPath } from '../src/i18n/paths';
export { getTranslator } from '../src/i18n/translate';
export { legalPages, routes as allRoutes, type LegalPage } from '../src/routes';
export { expect };

/** The HTML the build made for `url`: the 404 page's for a path it has no page at. */
export const builtHtml = (url: string) =>
  readFileSync(
    builtFiles(LOCAL_BUILD_DIR).find((built) => built.url === url)?.file ?? `${LOCAL_BUILD_DIR}/404.html`,
    'utf-8',
  );

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

/**
 * Holds back the requests for `pattern` (an island's code, say) that `only` picks until the returned
 * function is called; then they go on, or fail as a lost connection would with `fail`.
 */
export async function holdBack(
  page: Page,
  pattern: string,
  { fail = false, only }: { fail?: boolean; only?: (request: Request) => boolean } = {},
) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (only && !only(route.request())) return route.continue();
    await held;
    await (fail ? route.abort() : route.continue());
  });
  return release;
}

/** Waits until the island whose component file matches `name` has hydrated. */
export async function waitForIsland(page: Page, name: string, timeout?: number) {
  await expect(page.locator(hydratedIsland(name)).first()).toBeAttached({ timeout });
}

/**
 * Reaches for an island that hydrates only then (`client:deferred="intent"`, the header's toggles):
 * the pointer passes over its first control and leaves again. Waits until the island has hydrated.
 */
export async function reachFor(page: Page, name: string) {
  await page.locator(island(name)).locator('a, button').first().hover();
  await page.mouse.move(0, 0);
  await waitForIsland(page, name);
}
