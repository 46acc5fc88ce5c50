import {
  expect,
  getTranslator,
  languageLink,
  legalTitle,
  localizedPath,
  locales,
  otherLocales,
  test,
} from './fixtures';

test.use({ javaScriptEnabled: false });

for (const locale of locales) {
  test(`without JavaScript the site renders all content and its links work, the language switch's too (${locale})`, async ({
    page,
  }) => {
    const t = getTranslator(locale);
    const home = localizedPath('/', locale);
    await page.goto(home);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('[data-team-member]')).toHaveCount(2);
    await expect(page.locator('[data-service]')).toHaveCount(6);
    await expect(page.locator('[data-project]')).toHaveCount(6);
    await expect(page.locator('#projects img').first()).toHaveAttribute('src', /\/_astro\//);
    await expect(page.getByRole('form')).toBeVisible();

    await page
      .getByRole('navigation', { name: t('nav.label') })
      .first()
      .getByRole('link', { name: t('nav.services') })
      .click();
    await expect(page).toHaveURL(`${home}#services`);

    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: t('footer.terms') })
      .click();
    await expect(page).toHaveURL(localizedPath('/agb/', locale));
    await expect(page.locator('h1')).toHaveText(legalTitle(locale, 'agb'));

    const [other] = otherLocales(locale);
    await (await languageLink(page, other!)).click();
    await expect(page).toHaveURL(localizedPath('/agb/', other!));
    await expect(page.locator('h1')).toHaveText(legalTitle(other!, 'agb'));
    await page.locator('[data-back-home]').first().click();
    await expect(page).toHaveURL(localizedPath('/', other!));
  });
}
