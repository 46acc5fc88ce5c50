import type { Page } from '@playwright/test';
import { defaultLocale, expect, languageLink, localizedPath, otherLocales, test, waitForIsland } from './fixtures';

/**
 * The header's islands hydrate after the page has loaded (README, "Quality": React's runtime stays
 * off the critical path). A visitor can be quicker than that: their click must still count.
 */

/** Holds React's client runtime until `release()`, so the click surely lands before hydration. */
async function holdReact(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/client.*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const islandOf = (page: Page, selector: string) => page.locator(`astro-island:has(${selector})`);

test("the islands' code is requested only after the page has loaded", async ({ page }) => {
  // A slow image keeps the load event waiting while the main thread is idle: when idle alone would
  // do, the islands' code would be on its way before the page has loaded.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const slow = new Image();
      slow.src = '/favicon.svg?slow';
      slow.alt = '';
      document.body.append(slow);
    }),
  );
  await page.route('**/favicon.svg?slow', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/');
  await waitForIsland(page, 'ThemeToggle');
  const timings = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      loadEventStart: navigation!.loadEventStart,
      islandCode: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/_astro\/(client|ThemeToggle|LanguageSwitch)\.[^/]*\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    };
  });
  expect(timings.islandCode.length).toBeGreaterThanOrEqual(3);
  for (const { name, startTime } of timings.islandCode) {
    expect(startTime, name).toBeGreaterThanOrEqual(timings.loadEventStart);
  }
});

test('a click on the theme toggle before it hydrates still switches the theme', async ({ page }) => {
  const release = await holdReact(page);
  await page.goto('/');
  const toggle = page.locator('[data-theme-toggle]');
  await expect(islandOf(page, '[data-theme-toggle]')).toHaveAttribute('ssr', '');
  await toggle.click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  release();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  // Replayed once, not twice: a second click toggles back.
  await toggle.click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

for (const other of otherLocales(defaultLocale)) {
  test(`a click on the language switch before it hydrates announces the change and opens the page in ${other}`, async ({
    page,
  }) => {
    await page.addInitScript(() =>
      window.addEventListener('languageChange', (event) =>
        sessionStorage.setItem('languageChange', String((event as CustomEvent).detail)),
      ),
    );
    const release = await holdReact(page);
    const from = localizedPath('/agb/', defaultLocale);
    await page.goto(from);
    await expect(islandOf(page, '[data-language-link]')).toHaveAttribute('ssr', '');
    const link = await languageLink(page, other);
    await link.click();
    await expect(page).toHaveURL(from);

    release();
    await expect(page).toHaveURL(localizedPath('/agb/', other));
    expect(await page.evaluate(() => sessionStorage.getItem('languageChange'))).toBe(other);
  });
}
