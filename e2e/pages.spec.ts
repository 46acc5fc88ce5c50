import {
  agency,
  allRoutes,
  defaultLocale,
  expect,
  getTranslator,
  localeInfo,
  locales,
  localizedPath,
  openGraphLocale,
  otherLocales,
  test,
} from './fixtures';

for (const { locale, path, url } of allRoutes) {
  test(`${url} is served with its language, canonical address and alternates`, async ({ page }) => {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', localeInfo[locale].htmlLang);
    await expect(page).toHaveTitle(new RegExp(agency.name));

    const site = agency.siteUrl;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}${url}`);
    for (const alternate of locales) {
      await expect(page.locator(`link[hreflang="${localeInfo[alternate].htmlLang}"]`)).toHaveAttribute(
        'href',
        `${site}${localizedPath(path, alternate)}`,
      );
    }
    await expect(page.locator('link[hreflang]')).toHaveCount(locales.length + 1);
    await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute(
      'href',
      `${site}${localizedPath(path, defaultLocale)}`,
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', openGraphLocale(locale));
    expect(
      await page
        .locator('meta[property="og:locale:alternate"]')
        .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content'))),
    ).toEqual(otherLocales(locale).map(openGraphLocale));
    // Its social card: social-cards.spec.ts.
  });
}

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

test('robots.txt and the sitemap list every page in every language with its alternates', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${agency.siteUrl}/sitemap-index.xml`);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const entries = sitemap.split('<url>').slice(1);
  for (const { path, url } of allRoutes) {
    const entry = entries.find((candidate) => candidate.includes(`<loc>${agency.siteUrl}${url}</loc>`));
    expect(entry, url).toBeDefined();
    for (const alternate of locales) {
      const href = `${agency.siteUrl}${localizedPath(path, alternate)}`;
      expect(entry, url).toContain(`hreflang="${localeInfo[alternate].htmlLang}" href="${href}"`);
    }
  }
  expect(sitemap).not.toContain('404');
});
