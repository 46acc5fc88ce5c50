import { defaultLocale, expect, getTranslator, localizedPath, locales, test, waitForIsland } from './fixtures';

const html = (page: import('@playwright/test').Page) => page.locator('html');

for (const locale of locales) {
  const t = getTranslator(locale);
  const toDark = t('theme.toDark');
  const toLight = t('theme.toLight');
  const home = localizedPath('/', locale);

  test.describe(`theme (${locale})`, () => {
    test('is light by default, with the moon icon offering dark', async ({ page }) => {
      await page.goto(home);
      await expect(html(page)).not.toHaveClass(/\bdark\b/);
      const toggle = page.getByRole('button', { name: toDark });
      await expect(toggle).toBeVisible();
      await expect(toggle.locator('svg').first()).toBeVisible();
      await expect(toggle.locator('svg').nth(1)).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    });

    test('toggles, stores every change under "theme" and swaps the icon', async ({ page }) => {
      await page.goto(home);
      await waitForIsland(page, 'ThemeToggle');
      await page.getByRole('button', { name: toDark }).click();
      await expect(html(page)).toHaveClass(/\bdark\b/);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      const toggle = page.getByRole('button', { name: toLight });
      await expect(toggle.locator('svg').nth(1)).toBeVisible();
      await expect(toggle.locator('svg').first()).toBeHidden();

      await toggle.click();
      await expect(html(page)).not.toHaveClass(/\bdark\b/);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    });

    test('keeps the choice across reloads and pages', async ({ page }) => {
      await page.goto(home);
      await waitForIsland(page, 'ThemeToggle');
      await page.getByRole('button', { name: toDark }).click();
      await page.reload();
      await expect(html(page)).toHaveClass(/\bdark\b/);
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: t('footer.terms') })
        .click();
      await expect(page).toHaveURL(localizedPath('/agb/', locale));
      await expect(html(page)).toHaveClass(/\bdark\b/);
    });
  });
}

/** The default language's texts, for the tests that are about the browser rather than a language. */
const t = getTranslator(defaultLocale);

test.describe('theme and the system preference', () => {
  test.use({ colorScheme: 'dark' });

  test('follows a dark system preference when nothing is stored', async ({ page }) => {
    await page.goto('/');
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: t('theme.toLight') })).toBeVisible();
  });

  test('a stored choice beats the system preference', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.goto('/');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });
});

test.describe('no flash of the wrong theme', () => {
  // The probe below is an inline script of our own, injected into the HTML; CSP would rightly stop it.
  test.use({ bypassCSP: true });

  test('the dark class is on <html> before any script of the body runs', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.route('**/impressum/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<body([^>]*)>/,
        '<body$1><script>window.__darkAtBodyStart = document.documentElement.classList.contains("dark")</script>',
      );
      await route.fulfill({ response, body });
    });
    await page.goto('/impressum/');
    expect(await page.evaluate(() => (window as unknown as { __darkAtBodyStart: boolean }).__darkAtBodyStart)).toBe(
      true,
    );
  });
});

test('a browser whose storage throws still renders, toggles the theme and hydrates the form', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/');
  await waitForIsland(page, 'ThemeToggle');
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: t('theme.toDark') }).click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  // The EmailJS library probes localStorage as it loads; it must not take the form down with it.
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await waitForIsland(page, 'ContactForm');
  await expect(page.getByRole('button', { name: t('contact.form.submit') })).toBeEnabled();
});
