import { defaultLocale, expect, getTranslator, localizedPath, scrollToY, test } from './fixtures';

// Behaviour, not language: the default language's pages and texts.
const t = getTranslator(defaultLocale);
const home = localizedPath('/', defaultLocale);

test.describe('scroll behaviours', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(home);
  });

  test('the header changes once the page is scrolled past 100 px', async ({ page }) => {
    const header = page.locator('[data-site-header]');
    const background = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
    const atTop = await background();

    await scrollToY(page, 99);
    await expect(header).not.toHaveAttribute('data-scrolled');
    await scrollToY(page, 101);
    await expect(header).toHaveAttribute('data-scrolled');
    await expect.poll(background).not.toBe(atTop);
    await scrollToY(page, 100);
    await expect(header).not.toHaveAttribute('data-scrolled');
  });

  test('the scroll-to-top button shows past 300 px and brings the visitor back up', async ({ page }) => {
    const button = page.getByRole('button', { name: t('scrollTop.label') });
    await expect(button).toBeHidden();
    await scrollToY(page, 299);
    await expect(button).toBeHidden();
    await scrollToY(page, 301);
    await expect(button).toBeVisible();

    await scrollToY(page, 2000);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
    await expect(page.locator('#main')).toBeFocused();
  });

  test('every page opens at the top', async ({ page }) => {
    await scrollToY(page, 3000);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: t('footer.imprint') })
      .click();
    await expect(page).toHaveURL(localizedPath('/impressum/', defaultLocale));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('scrolling to the top is instant', async ({ page }) => {
    await page.goto(home);
    await scrollToY(page, 2500);
    await page.getByRole('button', { name: t('scrollTop.label') }).click();
    // No animation: the very next frame is already at the top.
    expect(
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(window.scrollY)))),
    ).toBe(0);
  });
});
