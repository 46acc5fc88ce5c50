import { expect, getTranslator, localizedPath, locales, test } from './fixtures';

// The built HTML as a visitor without JavaScript gets it, the islands as the server rendered them.
// That every link in it leads where it says is links.spec.ts's, which reads the pages so too.
test.use({ javaScriptEnabled: false });

for (const locale of locales) {
  test(`without JavaScript the landing page (${locale}) shows all its content, and its form cannot be sent natively`, async ({
    page,
  }) => {
    await page.goto(localizedPath('/', locale));
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('[data-team-member]')).toHaveCount(2);
    await expect(page.locator('[data-service]')).toHaveCount(6);
    await expect(page.locator('[data-project]')).toHaveCount(6);
    await expect(page.locator('#projects img').first()).toHaveAttribute('src', /\/_astro\//);
    // Until the form's code runs, nothing typed can end up in a URL.
    const form = page.getByRole('form');
    await expect(form).toBeVisible();
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form.getByRole('button', { name: getTranslator(locale)('contact.form.submit') })).toBeDisabled();
  });
}
