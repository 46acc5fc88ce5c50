import { contactForm, visitor } from './contact-form';
import { defaultLocale, expect, getTranslator, holdBack, test, waitForIsland } from './fixtures';
import { island } from './site-parts';

/**
 * The islands' code comes after the page (README, "Quality": React's runtime stays off the critical
 * path), and a tap never waits for it (docs/behaviour.md › Theme, Language, Team, Contact form): the
 * journeys tap each control while its code is held back, in every engine. What needs Chromium's
 * request interception stays here: a load event kept waiting, and code that never arrives.
 */

const t = getTranslator(defaultLocale);

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
      loadEventStart: navigation.loadEventStart,
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

test("an island that waits to be seen waits while it only touches the window's edge", async ({ page }) => {
  // At 1280 × 800, a common laptop window, the team gallery begins exactly where the window ends.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const gallery = page.locator(island('TeamGallery'));
  const top = await gallery.locator(':scope > ul').evaluate((list) => list.getBoundingClientRect().top);
  expect(top, 'the gallery begins at the bottom edge of the window').toBe(800);
  // Once the toggles have hydrated, after the load event and an idle moment, the gallery's observer
  // has long had its first say.
  await waitForIsland(page, 'ThemeToggle');
  await expect(gallery).toHaveAttribute('ssr');
  const galleryCodeRequested = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('TeamGallery')),
  );
  expect(galleryCodeRequested).toBe(false);
  await page.mouse.wheel(0, 40);
  await waitForIsland(page, 'TeamGallery');
});

test.describe(() => {
  test.use({ expectedConsoleErrors: /Error hydrating .*ContactForm|Failed to load resource: net::ERR_FAILED/ });

  test('a submit held for the form’s code says why it cannot send, and where to write, when the code cannot be loaded', async ({
    page,
  }) => {
    // The first try fails once the submit is held; Astro's second try (`?astro-retry=`) fails at once.
    const fail = await holdBack(page, '**/_astro/ContactForm.*.js*', { fail: true });
    const form = contactForm(page, defaultLocale);
    await page.goto('/#contact');
    await form.fill(visitor('unavailable'));
    await form.submit.click();
    await expect(form.form).toHaveAttribute('data-early-submit', '');
    fail();
    const unavailable = page.getByRole('alert').filter({ hasText: t('contact.unavailable') });
    await expect(unavailable).toBeVisible();
    await expect(unavailable.getByRole('link')).toHaveAttribute('href', /^mailto:/);
    await expect(form.submit).toBeDisabled();
    await expect(form.form).not.toHaveAttribute('data-early-submit');
    await expect(page).toHaveURL('/#contact');
  });
});
