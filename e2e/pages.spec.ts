import { agency, allRoutes, expect, localizedPath, test } from './fixtures';

test.describe('every route in both languages', () => {
  for (const { locale, path, url } of allRoutes) {
    test(`${url} is served with its language, head and landmarks`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'de' ? 'de-DE' : 'en-US');
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page).toHaveTitle(new RegExp(agency.name));

      const site = agency.siteUrl;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}${url}`);
      await expect(page.locator('link[hreflang="de-DE"]')).toHaveAttribute(
        'href',
        `${site}${localizedPath(path, 'de')}`,
      );
      await expect(page.locator('link[hreflang="en-US"]')).toHaveAttribute(
        'href',
        `${site}${localizedPath(path, 'en')}`,
      );
      await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute(
        'href',
        `${site}${localizedPath(path, 'de')}`,
      );
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute(
        'content',
        locale === 'de' ? 'de_DE' : 'en_US',
      );
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        new RegExp(`^${site}/_astro/.+\\.png$`),
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
      const de = locale === 'de';
      const expectLink = async (name: string, href: string) =>
        expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      await expectLink(de ? 'Impressum' : 'Legal notice', localizedPath('/impressum/', locale));
      await expectLink(de ? 'Datenschutz' : 'Privacy', localizedPath('/datenschutz/', locale));
      await expectLink(de ? 'AGB' : 'Terms', localizedPath('/agb/', locale));
      await expectLink(de ? 'Kontakt' : 'Contact', `${localizedPath('/', locale)}#contact`);

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

  test('the 404 page answers unknown paths in both languages with links home', async ({ page }) => {
    for (const unknown of ['/gibt-es-nicht/', '/en/does-not-exist/', '/de/impressum/']) {
      const response = await page.goto(unknown);
      expect(response?.status(), unknown).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Page not found' })).toBeVisible();
      await expect(page.locator('[data-home-link="de"]')).toHaveAttribute('href', '/');
      await expect(page.locator('[data-home-link="en"]')).toHaveAttribute('href', '/en/');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    }
  });
});

test('robots.txt and the sitemap list every page in both languages with alternates', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${agency.siteUrl}/sitemap-index.xml`);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const { url } of allRoutes) expect(sitemap).toContain(`<loc>${agency.siteUrl}${url}</loc>`);
  expect(sitemap).toContain('hreflang="en-US"');
  expect(sitemap).not.toContain('404');
});
