import projects from '../src/content/projects.json' with { type: 'json' };
import team from '../src/content/team.json' with { type: 'json' };
import { agency, allRoutes, expect, getTranslator, localizedPath, locales, test } from './fixtures';

for (const locale of locales) {
  const t = getTranslator(locale);

  test.describe(`landing page (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(localizedPath('/', locale));
    });

    test('has the spec’s sections in order, each under its anchor', async ({ page }) => {
      const order = await page
        .locator('main > section')
        .evaluateAll((sections) => sections.map((section) => section.id || section.getAttribute('aria-labelledby')));
      expect(order).toEqual(['hero-title', 'about', 'services', 'projects', 'contact']);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('hero.title'));
    });

    test('the hero’s call to action leads to the contact section', async ({ page }) => {
      const cta = page.locator('[data-hero-cta]');
      await expect(cta).toHaveText(t('hero.cta'));
      await cta.click();
      await expect(page).toHaveURL(/#contact$/);
      await expect(page.locator('#contact')).toBeInViewport();
    });

    test('about: two team members with portfolio links and 2 years of experience, four features', async ({ page }) => {
      const members = page.locator('[data-team-member]');
      await expect(members).toHaveCount(2);
      for (const member of team) {
        const card = page.locator(`[data-team-member="${member.id}"]`);
        await expect(card.getByRole('link', { name: member.name })).toHaveAttribute('href', member.portfolioUrl);
        await expect(card.getByRole('link', { name: member.name })).toHaveAttribute('rel', 'noopener noreferrer');
        expect(member.experienceYears).toBe(2);
        await expect(card).toContainText(t('about.experience', { years: member.experienceYears }));
        const photo = card.locator('img');
        await expect(photo).toHaveAttribute('width', /\d+/);
        await expect(photo).toHaveAttribute('height', /\d+/);
      }
      await expect(page.locator('[data-features] > li')).toHaveCount(4);
    });

    test('services: six cards', async ({ page }) => {
      await expect(page.locator('#services [data-service]')).toHaveCount(6);
      for (const id of ['design', 'responsive', 'seo', 'cms', 'hosting', 'support']) {
        await expect(page.locator(`[data-service="${id}"] h3`)).not.toBeEmpty();
      }
    });

    test('projects: six cards with picture, category badge, title, description and external link', async ({ page }) => {
      await expect(page.locator('#projects [data-project]')).toHaveCount(6);
      for (const project of projects) {
        const card = page.locator(`[data-project="${project.id}"]`);
        await expect(card.getByRole('heading', { level: 3 })).toHaveText(project.title);
        await expect(card.locator('[data-category]')).toHaveAttribute('data-category', project.category);
        await expect(card.locator('[data-category]')).not.toBeEmpty();
        await expect(card).toContainText(project.description[locale]);
        const link = card.getByRole('link');
        await expect(link).toHaveAttribute('href', project.url);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(card.locator('picture source[type="image/avif"]')).toHaveCount(1);
        const image = card.locator('img');
        await expect(image).toHaveAttribute('loading', 'lazy');
        await expect(image).toHaveAttribute('width', /\d+/);
        await expect(image).toHaveAttribute('height', /\d+/);
      }
    });

    test('contact: the form with its labelled fields, required ones marked', async ({ page }) => {
      const form = page.getByRole('form', { name: t('contact.form.label') });
      const name = form.getByLabel(t('contact.form.name'));
      const email = form.getByLabel(t('contact.form.email'));
      const title = form.getByLabel(t('contact.form.title'));
      const project = form.getByLabel(t('contact.form.project'));
      for (const field of [name, email, title]) await expect(field).toHaveAttribute('required', '');
      await expect(project).not.toHaveAttribute('required');
      await expect(email).toHaveAttribute('type', 'email');
      await expect(project).toHaveAttribute('rows', '4');
      await expect(form.locator('label', { hasText: '*' })).toHaveCount(3);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of locales) {
    test(`the menu opens, leads to a section and closes again (${locale})`, async ({ page }) => {
      const t = getTranslator(locale);
      await page.goto(localizedPath('/', locale));
      const menu = page.locator('[data-mobile-menu]');
      await menu.locator('summary', { hasText: t('nav.menu') }).click();
      await expect(menu).toHaveAttribute('open', '');
      await menu.getByRole('link', { name: t('nav.services') }).click();
      await expect(page).toHaveURL(`${localizedPath('/', locale)}#services`);
      await expect(menu).not.toHaveAttribute('open');
      await expect(page.locator('#services')).toBeInViewport();
    });
  }

  test('nothing is wider than the screen, and no heading is cut off', async ({ page }) => {
    for (const { url } of allRoutes) {
      await page.goto(url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
      // A long German word in a heading can overflow its box without widening the page.
      const cutOff = await page.locator('h1, h2, h3').evaluateAll((headings) =>
        headings
          // Screen-reader-only headings are 1 px wide by design.
          .filter((heading) => heading.clientWidth > 1 && heading.scrollWidth > heading.clientWidth)
          .map((heading) => heading.textContent),
      );
      expect(cutOff, url).toEqual([]);
    }
  });
});

test('the landing page describes the agency to search engines as a local business with its service area', async ({
  page,
}) => {
  const ids: string[] = [];
  for (const locale of locales) {
    await page.goto(localizedPath('/', locale));
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(data).toMatchObject({
      // ProfessionalService is deprecated in schema.org.
      '@type': 'LocalBusiness',
      name: agency.name,
      email: agency.email,
      vatID: agency.vatId,
      address: { streetAddress: agency.street, postalCode: agency.postalCode, addressLocality: agency.town },
      sameAs: agency.social.map((link) => link.url),
    });
    expect(data.areaServed.map((place: { name: string }) => place.name)).toEqual(agency.serviceArea);

    // One node per language page: its @id is the page's own address, so the descriptions never clash.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(data.url).toBe(canonical);
    expect(data['@id']).toBe(`${canonical}#agency`);
    ids.push(data['@id']);

    // The social image, as an absolute address that this build serves.
    expect(data.image).toBe(await page.locator('meta[property="og:image"]').getAttribute('content'));
    expect(data.image).toMatch(/^https:\/\//);
    expect((await page.request.get(new URL(data.image).pathname)).status()).toBe(200);

    if ('priceRange' in agency) expect(data.priceRange).toBe(agency.priceRange);
    else expect(data).not.toHaveProperty('priceRange');

    expect(data.openingHoursSpecification).toEqual(
      agency.openingHours.map((hours) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
        opens: hours.opens,
        closes: hours.closes,
      })),
    );

    // Five decimals place a point within about a metre; fewer can land in the next street.
    expect(data.geo).toEqual({ '@type': 'GeoCoordinates', ...agency.geo });
    for (const coordinate of [data.geo.latitude, data.geo.longitude]) {
      expect(String(coordinate).split('.')[1]?.length ?? 0).toBeGreaterThanOrEqual(5);
    }
  }
  expect(new Set(ids).size).toBe(locales.length);
});
