import { devices } from '@playwright/test';
import { agency, expect, getTranslator, localizedPath, locales, test, type Locale } from './fixtures';

// A phone as Playwright emulates it (touch, no hover), in the browser the whole suite uses.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];

/**
 * What these rules need to know of each language, not a text of the site, so a new language adds
 * its words here (the type asks for them): the Rhine, which the town's name already names, so the
 * footer's location line must not say it again; and the words that ask for a mouse.
 */
const words: Record<Locale, { rhine: RegExp; pointer: RegExp }> = {
  de: { rhine: /Rhein/g, pointer: /Maus|[Hh]over/ },
  en: { rhine: /Rhine|Rhein/g, pointer: /[Mm]ouse|[Hh]over/ },
};

for (const locale of locales) {
  const t = getTranslator(locale);
  /** Sentences that depend on the device: a phone cannot hover, so it must not be asked to. */
  const hint = { pointer: t('projects.leadPointer'), touch: t('projects.leadTouch') };
  const location = t('footer.location', { town: agency.town });

  test.describe(`copy (${locale})`, () => {
    test('the footer names the Rhine once', async ({ page }) => {
      await page.goto(localizedPath('/', locale));
      const line = page.getByRole('contentinfo').locator('p', { hasText: location.slice(0, 10) });
      await expect(line).toHaveText(location);
      expect((await line.innerText()).match(words[locale].rhine)).toHaveLength(1);
    });

    test('with a mouse the projects intro asks to hover', async ({ page }) => {
      await page.goto(localizedPath('/', locale));
      const intro = page.locator('#projects .section-lead');
      await expect(intro.getByText(hint.pointer)).toBeVisible();
      // The tap sentence is there for touch screens, hidden by CSS alone.
      await expect(intro.getByText(hint.touch)).toBeAttached();
      await expect(intro.getByText(hint.touch)).toBeHidden();
    });

    test.describe('on a phone', () => {
      test.use(phone);

      test('the projects intro says what a tap does, and asks nobody to hover', async ({ page }) => {
        await page.goto(localizedPath('/', locale));
        const intro = page.locator('#projects .section-lead');
        await expect(intro.getByText(hint.touch)).toBeVisible();
        await expect(intro.getByText(hint.pointer)).toBeHidden();
        expect(await intro.innerText()).not.toMatch(words[locale].pointer);
      });
    });
  });
}
