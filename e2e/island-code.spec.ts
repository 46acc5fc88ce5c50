import { contactForm, visitor } from './contact-fixtures';
import { defaultLocale, expect, holdBack, test, waitForIsland } from './fixtures';
import { island } from './site-parts';

/**
 * The islands' code stays out of the page's load (docs/quality.md › Budgets: React's runtime stays off the
 * critical path): the header's until a visitor reaches for it, the others' until they are seen. A
 * tap never waits for it (docs/behaviour.md › Theme, Language, Team, Contact form): the journeys tap
 * each control while its code is held back, in every engine. What needs Chromium's request
 * interception stays here: code that never arrives.
 */

test("the header's islands request their code only when a visitor reaches for them", async ({ page }) => {
  const scriptsRequested = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => /\/_astro\/(\w+)\.[^/]*\.js$/.exec(entry.name)?.[1])
        .filter(Boolean),
    );
  await page.goto('/agb/');
  // Loaded, idle, and nothing more on its way: an island that hydrated by itself would have by now.
  await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle)));
  await page.waitForLoadState('networkidle');
  expect(await scriptsRequested(), 'scripts a page loads before a visitor reaches for anything').toEqual([]);
  // By keyboard: its button focused. A pointer's reach is every journey's (`open`).
  await page.locator(island('ThemeToggle')).locator('button').focus();
  await waitForIsland(page, 'ThemeToggle');
  expect(await scriptsRequested()).toContain('ThemeToggle');
});

test("an island that waits to be seen waits while it only touches the window's edge", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const form = page.locator(island('ContactForm'));
  const top = () => form.locator(':scope > form').evaluate((element) => element.getBoundingClientRect().top);
  // Scrolled so that the form begins exactly where the window ends: moved down to a whole pixel first,
  // as the page places it at a fraction of one that no scroll can reach.
  await form.locator(':scope > form').evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    element.style.marginTop = `${Math.ceil(top) - top}px`;
  });
  await page.evaluate((y) => window.scrollBy({ top: y, behavior: 'instant' }), (await top()) - 800);
  expect(await top(), 'the form begins at the bottom edge of the window').toBe(800);
  // The form's observer has had its first say once an observer made after it has (their reports
  // come in one task, in the order they were made), and what it could have asked for has come.
  await page.evaluate(
    (element) =>
      new Promise((reported) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          reported(undefined);
        });
        observer.observe(element);
      }),
    await form.locator(':scope > form').elementHandle(),
  );
  await page.waitForLoadState('networkidle');
  await expect(form).toHaveAttribute('ssr');
  const formCodeRequested = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('ContactForm')),
  );
  expect(formCodeRequested).toBe(false);
  await page.mouse.wheel(0, 40);
  await waitForIsland(page, 'ContactForm');
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
    // What it says, with the agency's address: its snapshot (contact-unavailable.aria.yml).
    await expect(page.locator('[data-contact-unavailable]')).toBeVisible();
    await expect(form.submit).toBeDisabled();
    await expect(form.form).not.toHaveAttribute('data-early-submit');
    await expect(page).toHaveURL('/#contact');
  });
});
