import { devices } from '@playwright/test';
import { agency, expect, localizedPath, locales, test } from './fixtures';

// A phone as Playwright emulates it (touch, no hover), in the browser the whole suite uses.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];

/** Sentences that depend on the device: a phone cannot hover, so it must not be asked to. */
const projectsHint = {
  de: {
    pointer: 'Fahren Sie mit der Maus über ein Projekt, um es in Bewegung zu sehen.',
    touch: 'Ein Tipp auf „Website besuchen“ öffnet ein Projekt live in einem neuen Tab.',
    location: `Gemacht in ${agency.town}, zwischen Düsseldorf und Köln.`,
  },
  en: {
    pointer: 'Hover over a project to see it in motion.',
    touch: 'Tap “Visit website” to open a project live in a new tab.',
    location: `Made in ${agency.town}, between Düsseldorf and Cologne.`,
  },
};

for (const locale of locales) {
  const t = projectsHint[locale];

  test.describe(`copy (${locale})`, () => {
    test('the footer names the Rhine once', async ({ page }) => {
      await page.goto(localizedPath('/', locale));
      const location = page.getByRole('contentinfo').locator('p', { hasText: t.location.slice(0, 10) });
      await expect(location).toHaveText(t.location);
      // The town's name already says it is on the Rhine.
      expect((await location.innerText()).match(/Rhein|Rhine/g)).toHaveLength(1);
    });

    test('with a mouse the projects intro asks to hover', async ({ page }) => {
      await page.goto(localizedPath('/', locale));
      const intro = page.locator('#projects .section-lead');
      await expect(intro.getByText(t.pointer)).toBeVisible();
      // The tap sentence is there for touch screens, hidden by CSS alone.
      await expect(intro.getByText(t.touch)).toBeAttached();
      await expect(intro.getByText(t.touch)).toBeHidden();
    });

    test.describe('on a phone', () => {
      test.use(phone);

      test('the projects intro says what a tap does, and asks nobody to hover', async ({ page }) => {
        await page.goto(localizedPath('/', locale));
        const intro = page.locator('#projects .section-lead');
        await expect(intro.getByText(t.touch)).toBeVisible();
        await expect(intro.getByText(t.pointer)).toBeHidden();
        expect(await intro.innerText()).not.toMatch(/Maus|[Hh]over/);
      });
    });
  });
}
