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

test.describe('every route in every language', () => {
  for (const { locale, path, url } of allRoutes) {
    test(`${url} is served with its language, head and landmarks`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', localeInfo[locale].htmlLang);
      await expect(page.locator('h1')).toHaveCount(1);
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
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        new RegExp(`^${site}/social/${locale}/\\w+\\.jpg$`),
      );

      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
});

test.describe('footer', () => {
  for (const { locale, url } of allRoutes) {
    test(`on ${url} links to the legal pages and contact, and shows social links, services, © 2025 and the town`, async ({
      page,
    }) => {
      await page.goto(url);
      const footer = page.getByRole('contentinfo');
      const t = getTranslator(locale);
      const expectLink = async (name: string, href: string) =>
        expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      await expectLink(t('footer.imprint'), localizedPath('/impressum/', locale));
      await expectLink(t('footer.privacy'), localizedPath('/datenschutz/', locale));
      await expectLink(t('footer.terms'), localizedPath('/agb/', locale));
      await expectLink(t('footer.accessibility'), localizedPath('/barrierefreiheit/', locale));
      await expectLink(t('footer.contact'), `${localizedPath('/', locale)}#contact`);

      const social = footer.locator('[data-social]');
      await expect(social).toHaveCount(3);
      for (const link of agency.social) {
        const anchor = footer.locator(`[data-social="${link.network}"]`);
        await expect(anchor).toHaveAttribute('href', link.url);
        await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
      }
      // The spec's footer services are inert placeholders: six entries, none a link.
      await expect(footer.locator('[data-footer-services] li')).toHaveCount(6);
      await expect(footer.locator('[data-footer-services] a')).toHaveCount(0);
      await expect(footer.locator('[data-copyright]')).toContainText(`© 2025 ${agency.name}`);
      await expect(footer).toContainText(agency.town);
    });
  }
});

test.describe('404', () => {
  // Chromium logs the 404 answer of the page itself as a console error; that is the point here.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ });

  test('the 404 page answers unknown paths in every language with links home', async ({ page }) => {
    const unknownPaths = [
      '/gibt-es-nicht/',
      ...otherLocales(defaultLocale).map((locale) => localizedPath('/does-not-exist/', locale)),
      // The default language has no prefix: under its code, even a real page is unknown.
      `/${defaultLocale}/impressum/`,
    ];
    for (const unknown of unknownPaths) {
      const response = await page.goto(unknown);
      expect(response?.status(), unknown).toBe(404);
      // The default language first, as the page's heading; every other one below it.
      await expect(
        page.getByRole('heading', { level: 1, name: getTranslator(defaultLocale)('notFound.title') }),
      ).toBeVisible();
      for (const locale of otherLocales(defaultLocale)) {
        await expect(
          page
            .locator(`[aria-labelledby="not-found-${locale}"]`)
            .getByRole('heading', { level: 2, name: getTranslator(locale)('notFound.title') }),
        ).toBeVisible();
      }
      for (const locale of locales) {
        await expect(page.locator(`[data-home-link="${locale}"]`)).toHaveAttribute('href', localizedPath('/', locale));
      }
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    }
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
