import type { Page } from '@playwright/test';
import team from '../src/content/team.json' with { type: 'json' };
import { contactForm, text, visitor } from './contact-form';
import { inboxFor } from './inbox-client';
import {
  defaultLocale,
  expect,
  getTranslator,
  holdBack,
  languageLink,
  localizedPath,
  otherLocales,
  test,
  waitForIsland,
} from './fixtures';

/**
 * The islands hydrate after the page has loaded or when they come into view (README, "Quality":
 * React's runtime stays off the critical path). A visitor can be quicker than that: a tap is
 * answered at once all the same, before the island's code has arrived, and never a second time once
 * it has (docs/behaviour.md › Theme, Language, Team, Contact form).
 */

/** React's client runtime, which every island needs. */
const REACT = '**/_astro/client.*.js';

const islandOf = (page: Page, selector: string) => page.locator(`astro-island:has(${selector})`);

/** Waits until the island holding `selector` has hydrated and taken its controls over. */
async function adopted(page: Page, selector: string) {
  await expect(islandOf(page, selector)).toHaveAttribute('data-adopted', '');
}

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

for (const path of ['/', '/agb/']) {
  test(`on ${path} a tap on the theme toggle before it hydrates switches and stores the theme at once, and once`, async ({
    page,
  }) => {
    const release = await holdBack(page, REACT);
    await page.goto(path);
    const toggle = page.locator('[data-theme-toggle]');
    await expect(islandOf(page, '[data-theme-toggle]')).toHaveAttribute('ssr', '');
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect(toggle).toHaveAccessibleName(t('theme.toLight'));

    release();
    await adopted(page, '[data-theme-toggle]');
    // Hydration neither replayed the tap nor undid it.
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // From now on React answers, once per tap.
    await toggle.click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
}

for (const other of otherLocales(defaultLocale)) {
  test(`a tap on the language switch before it hydrates announces ${other} once and opens its page at once, at the same section`, async ({
    page,
  }) => {
    await page.addInitScript(() =>
      window.addEventListener('languageChange', (event) => {
        const seen = JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]') as unknown[];
        sessionStorage.setItem('languageChanges', JSON.stringify([...seen, (event as CustomEvent).detail]));
      }),
    );
    // Held for good: the page in the other language arrives without React as well.
    await holdBack(page, REACT);
    const from = localizedPath('/', defaultLocale);
    await page.goto(`${from}#projects`);
    await expect(islandOf(page, '[data-language-link]')).toHaveAttribute('ssr', '');
    await (await languageLink(page, other)).click();
    await expect(page).toHaveURL(`${localizedPath('/', other)}#projects`);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]'))).toEqual([other]);
  });
}

test.describe('team photo before the gallery hydrates', () => {
  const [first, second] = team as [(typeof team)[number], (typeof team)[number]];
  const photo = (page: Page, name: string) => page.getByRole('button', { name: t('about.openProfile', { name }) });
  const close = t('about.close');

  test('opens the member’s dialog at once with focus inside; Escape, the close button and the backdrop close it and focus returns', async ({
    page,
  }) => {
    const release = await holdBack(page, '**/_astro/TeamGallery.*.js');
    await page.goto('/#about');
    await expect(islandOf(page, '[data-team-member]')).toHaveAttribute('ssr', '');

    await photo(page, first.name).click();
    const dialog = page.getByRole('dialog', { name: first.name });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(first.bio[defaultLocale]);
    await expect(dialog.getByRole('button', { name: close })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(photo(page, first.name)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: close }).click();
    await expect(dialog).toBeHidden();
    await expect(photo(page, first.name)).toBeFocused();

    await photo(page, second.name).click();
    await expect(page.getByRole('dialog', { name: second.name })).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(photo(page, second.name)).toBeFocused();
    await expect(islandOf(page, '[data-team-member]')).toHaveAttribute('ssr', '');
    release();
  });

  test('a dialog opened before hydration stays open through it, and the gallery answers every tap after', async ({
    page,
  }) => {
    const release = await holdBack(page, '**/_astro/TeamGallery.*.js');
    await page.goto('/#about');
    await photo(page, first.name).click();
    const dialog = page.getByRole('dialog', { name: first.name });
    await expect(dialog).toBeVisible();

    release();
    await adopted(page, '[data-team-member]');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: close })).toBeFocused();
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(photo(page, first.name)).toBeFocused();

    await photo(page, second.name).click();
    await expect(page.getByRole('dialog', { name: second.name })).toBeVisible();
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await page.getByRole('dialog', { name: second.name }).getByRole('button', { name: close }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(photo(page, second.name)).toBeFocused();
  });
});

test.describe('contact form submit before the form hydrates', () => {
  test('is held at once, visibly, and sent once, when the code arrives', async ({ page, request }) => {
    const release = await holdBack(page, '**/_astro/ContactForm.*.js');
    const form = contactForm(page, defaultLocale);
    const message = visitor('early-submit');
    const inbox = inboxFor(request, message.email);
    await page.goto('/#contact');
    await expect(islandOf(page, '[data-contact-form]')).toHaveAttribute('ssr', '');
    await form.fill(message);
    await form.submit.click();
    await expect(form.form).toHaveAttribute('data-early-submit', '');
    await expect(form.submit).toHaveCSS('cursor', 'progress');
    await expect(page).toHaveURL('/#contact');
    // Nothing goes out before the form's own checks and sending have arrived.
    await page.waitForTimeout(300);
    expect(await inbox.messages()).toEqual([]);

    release();
    await expect(form.success).toHaveText(text[defaultLocale].success);
    await expect(form.form).not.toHaveAttribute('data-early-submit');
    await expect.poll(async () => (await inbox.messages()).length).toBe(2);
    // One notification and one confirmation: the held submit was sent once.
    await page.waitForTimeout(500);
    expect(await inbox.messages()).toHaveLength(2);
  });

  test('with empty fields, is answered by the form’s own field errors once the code arrives', async ({ page }) => {
    const release = await holdBack(page, '**/_astro/ContactForm.*.js');
    const form = contactForm(page, defaultLocale);
    await page.goto('/#contact');
    await form.submit.click();
    await expect(form.form).toHaveAttribute('data-early-submit', '');
    release();
    await expect(form.fields.name).toHaveAttribute('aria-invalid', 'true');
    await expect(form.fields.name).toBeFocused();
  });

  test.describe(() => {
    test.use({ expectedConsoleErrors: /Error hydrating .*ContactForm|Failed to load resource: net::ERR_FAILED/ });

    test('says why it cannot send and where to write when the form’s code cannot be loaded', async ({ page }) => {
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
});
