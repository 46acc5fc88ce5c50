import { defaultLocale, expect, getTranslator, test } from './fixtures';

// Each page's language, title, description, canonical address, alternates and Open Graph tags, and
// robots.txt and the sitemap, are their snapshots' (snapshots.spec.ts); its social card is
// social-cards.spec.ts's.

test.describe(() => {
  // Chromium logs the 404 answer of the page itself as a console error; that is the point here.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ });

  // Unknown paths in each language are e2e-journeys/journeys/legal-and-404.ts's; this one is unknown only here.
  test('the default language has no prefix: under its code, even a real page is the 404 page', async ({ page }) => {
    const response = await page.goto(`/${defaultLocale}/impressum/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(getTranslator(defaultLocale)('notFound.title'));
  });
});
