import type { Page } from '@playwright/test';
import {
  allRoutes,
  defaultLocale,
  expect,
  getTranslator,
  languageLink,
  legalTitle,
  localeInfo,
  localizedPath,
  otherLocales,
  test,
  waitForIsland,
} from './fixtures';

const switchLink = (page: Page, locale: string) => page.locator(`[data-language-link="${locale}"]`);

test.describe('language switch', () => {
  for (const { locale, path, url } of allRoutes) {
    test(`on ${url} links to the same page in every other language and marks the current one`, async ({ page }) => {
      await page.goto(url);
      for (const other of otherLocales(locale)) {
        await expect(switchLink(page, other)).toHaveAttribute('href', localizedPath(path, other));
        await expect(switchLink(page, other)).toHaveAttribute('hreflang', other);
      }
      await expect(switchLink(page, locale)).toHaveCount(0);
      const languageSwitch = page.getByRole('navigation', { name: getTranslator(locale)('language.label') });
      const current = languageSwitch.locator('[aria-current="true"]');
      const { shortLabel, name } = localeInfo[locale];
      // A pill marks its segment (short label, name for screen readers); a menu of three or more names
      // the current language in its list and shows its short label on the button that opens it.
      const menuButton = languageSwitch.locator('summary');
      if ((await menuButton.count()) > 0) {
        await expect(current).toHaveText(name);
        await expect(menuButton).toHaveText(`${shortLabel} ▾${name}`);
      } else {
        await expect(current).toHaveText(`${shortLabel}${name}`);
      }
    });
  }

  for (const other of otherLocales(defaultLocale)) {
    test(`dispatches languageChange with the new language, then opens the page in it (${other} and back)`, async ({
      page,
    }) => {
      // The event fires on the page being left; the listener records it where the next page can read it.
      await page.addInitScript(() =>
        window.addEventListener('languageChange', (event) => {
          const seen = JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]');
          sessionStorage.setItem('languageChanges', JSON.stringify([...seen, (event as CustomEvent).detail]));
        }),
      );
      await page.goto(localizedPath('/impressum/', defaultLocale));
      await waitForIsland(page, 'LanguageSwitch');
      await (await languageLink(page, other)).click();
      await expect(page).toHaveURL(localizedPath('/impressum/', other));
      await expect(page.locator('html')).toHaveAttribute('lang', localeInfo[other].htmlLang);

      await waitForIsland(page, 'LanguageSwitch');
      await (await languageLink(page, defaultLocale)).click();
      await expect(page).toHaveURL(localizedPath('/impressum/', defaultLocale));
      expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('languageChanges') ?? '[]'))).toEqual([
        other,
        defaultLocale,
      ]);
    });

    test(`keeps the section the visitor was reading (${other})`, async ({ page }) => {
      await page.goto(`${localizedPath('/', defaultLocale)}#projects`);
      await waitForIsland(page, 'LanguageSwitch');
      await (await languageLink(page, other)).click();
      await expect(page).toHaveURL(`${localizedPath('/', other)}#projects`);
      await expect(page.locator('#projects')).toBeInViewport();
    });
  }
});

test.describe('language switch without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const other of otherLocales(defaultLocale)) {
    test(`is a plain link that works (${other})`, async ({ page }) => {
      await page.goto(localizedPath('/datenschutz/', defaultLocale));
      await (await languageLink(page, other)).click();
      await expect(page).toHaveURL(localizedPath('/datenschutz/', other));
      await expect(page.locator('h1')).toHaveText(legalTitle(other, 'datenschutz'));
    });
  }
});
