import { expect, test, waitForIsland } from './fixtures';

/**
 * The header's islands hydrate after the page has loaded (README, "Quality": React's runtime stays
 * off the critical path). That a click before then still counts, the journeys check in every engine
 * (e2e-journeys/journeys/theme.ts and language.ts).
 */
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
