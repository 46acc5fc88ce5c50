import { otherLocale } from '../src/i18n/locales';
import { allRoutes, expect, localizedPath, test, waitForIsland } from './fixtures';

const switchLink = (page: import('@playwright/test').Page, locale: string) =>
  page.locator(`[data-language-link="${locale}"]`);

test.describe('language switch', () => {
  for (const { locale, path, url } of allRoutes) {
    test(`on ${url} links to the same page in the other language and marks the current one`, async ({ page }) => {
      await page.goto(url);
      const other = otherLocale(locale);
      await expect(switchLink(page, other)).toHaveAttribute('href', localizedPath(path, other));
      await expect(switchLink(page, other)).toHaveAttribute('hreflang', other);
      await expect(switchLink(page, locale)).toHaveCount(0);
      const current = page
        .getByRole('navigation', { name: locale === 'de' ? 'Sprache' : 'Language' })
        .locator('[aria-current="true"]');
      await expect(current).toHaveText(locale === 'de' ? 'DEDeutsch' : 'ENEnglish');
    });
  }

  test('dispatches languageChange with the new language, then opens the other language', async ({ page }) => {
    // The event fires on the page being left; the listener records it where the next page can read it.
    await page.addInitScript(() =>
      window.addEventListener('languageChange', (event) => {
        const seen = JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]');
        sessionStorage.setItem('languageChanges', JSON.stringify([...seen, (event as CustomEvent).detail]));
      }),
    );
    await page.goto('/impressum/');
    await waitForIsland(page, 'LanguageSwitch');
    await switchLink(page, 'en').click();
    await expect(page).toHaveURL('/en/impressum/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

    await waitForIsland(page, 'LanguageSwitch');
    await switchLink(page, 'de').click();
    await expect(page).toHaveURL('/impressum/');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]'))).toEqual([
      'en',
      'de',
    ]);
  });

  test('keeps the section the visitor was reading', async ({ page }) => {
    await page.goto('/#projects');
    await waitForIsland(page, 'LanguageSwitch');
    await switchLink(page, 'en').click();
    await expect(page).toHaveURL('/en/#projects');
    await expect(page.locator('#projects')).toBeInViewport();
  });
});

test.describe('language switch without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is a plain link that works', async ({ page }) => {
    await page.goto('/datenschutz/');
    await switchLink(page, 'en').click();
    await expect(page).toHaveURL('/en/datenschutz/');
    await expect(page.locator('h1')).toHaveText('Privacy policy');
  });
});
