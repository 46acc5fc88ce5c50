import team from '../src/content/team.json' with { type: 'json' };
import { parseSkills } from '../src/lib/skills';
import { expect, getTranslator, localizedPath, locales, test, waitForIsland } from './fixtures';

for (const locale of locales) {
  const t = getTranslator(locale);
  const openLabel = (name: string) => t('about.openProfile', { name });
  const close = t('about.close');

  test.describe(`team modal (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(localizedPath('/', locale));
      await page.locator('#about').scrollIntoViewIfNeeded();
      await waitForIsland(page, 'TeamGallery');
    });

    for (const member of team) {
      test(`a click on ${member.name}'s photo shows photo, name, portfolio, bio and skills as chips`, async ({
        page,
      }) => {
        await page.getByRole('button', { name: openLabel(member.name) }).click();
        const dialog = page.getByRole('dialog', { name: member.name });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('heading', { name: member.name })).toBeVisible();
        await expect(dialog.locator('img')).toBeVisible();
        await expect(dialog.getByRole('link', { name: t('about.portfolio') })).toHaveAttribute(
          'href',
          member.portfolioUrl,
        );
        await expect(dialog).toContainText(member.bio[locale]);
        await expect(dialog.locator('[data-skill-chips] li')).toHaveText(parseSkills(member.skills[locale]));

        await dialog.getByRole('button', { name: close }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('button', { name: openLabel(member.name) })).toBeFocused();
      });
    }

    test('opens from the keyboard, traps focus, closes on Escape and returns focus to the photo', async ({ page }) => {
      const photo = page.getByRole('button', { name: openLabel(team[1]!.name) });
      await photo.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: close })).toBeFocused();
      // The page behind stays still while the modal is open.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(photo).toBeFocused();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

      await page.keyboard.press('Space');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
    });

    test('closes on a click on the backdrop, not on a click inside', async ({ page }) => {
      await page.getByRole('button', { name: openLabel(team[0]!.name) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { level: 3 }).click();
      await expect(dialog).toBeVisible();
      await page.mouse.click(5, 5);
      await expect(dialog).toBeHidden();
    });
  });
}
