import { expect, test } from './fixtures';

test.use({ javaScriptEnabled: false });

test('without JavaScript the site renders all content and its links work', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('[data-team-member]')).toHaveCount(2);
  await expect(page.locator('[data-service]')).toHaveCount(6);
  await expect(page.locator('[data-project]')).toHaveCount(6);
  await expect(page.locator('#projects img').first()).toHaveAttribute('src', /\/_astro\//);
  await expect(page.getByRole('form')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .first()
    .getByRole('link', { name: 'Leistungen' })
    .click();
  await expect(page).toHaveURL('/#services');

  await page.getByRole('contentinfo').getByRole('link', { name: 'AGB' }).click();
  await expect(page).toHaveURL('/agb/');
  await expect(page.locator('h1')).toHaveText('Allgemeine Geschäftsbedingungen');
  await page.locator('[data-back-home]').first().click();
  await expect(page).toHaveURL('/');
});
