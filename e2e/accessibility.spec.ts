import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { allRoutes, expect, localizedPath, locales, test, waitForIsland } from './fixtures';

/** axe-core over the whole page, against WCAG 2.2 A/AA and best practice. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${colorScheme}`, () => {
    test.use({ colorScheme });

    for (const { url } of allRoutes) {
      test(`${url} has no axe violations`, async ({ page }) => {
        await page.goto(url);
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        expect(await violations(page)).toEqual([]);
      });
    }

    test.describe('404', () => {
      test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ });
      test('the 404 page has no axe violations', async ({ page }) => {
        await page.goto('/gibt-es-nicht/');
        expect(await violations(page)).toEqual([]);
      });
    });

    for (const locale of locales) {
      test(`the open team modal (${locale}) has no axe violations`, async ({ page }) => {
        await page.goto(`${localizedPath('/', locale)}#about`);
        await waitForIsland(page, 'TeamGallery');
        await page.locator('[data-team-member] button').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });

      test.describe(() => {
        // The second message is refused by the rate limit on purpose, and the form logs that.
        test.use({ expectedConsoleErrors: /^Contact form: sending failed/ });

        test(`the contact form after sending (${locale}) has no axe violations`, async ({ page }) => {
          await page.goto(`${localizedPath('/', locale)}#contact`);
          await waitForIsland(page, 'ContactForm');
          await page.locator('#contact-name').fill('Erika Mustermann');
          await page.locator('#contact-email').fill(`axe-${colorScheme}-${locale}@example.org`);
          await page.locator('#contact-title').fill('Barrierefreiheit');
          await page.locator('#contact-project').fill('Test');
          await page.locator('button[type="submit"]').click();
          await expect(page.getByRole('status')).not.toBeEmpty();
          expect(await violations(page)).toEqual([]);
          // A second message within seconds is refused: the error state, checked the same way.
          await page.locator('#contact-name').fill('Erika Mustermann');
          await page.locator('#contact-email').fill(`axe-${colorScheme}-${locale}@example.org`);
          await page.locator('#contact-title').fill('Noch einmal');
          await page.locator('button[type="submit"]').click();
          await expect(page.getByRole('alert')).not.toBeEmpty();
          expect(await violations(page)).toEqual([]);
        });
      });

      test(`the contact form with field errors (${locale}) has no axe violations`, async ({ page }) => {
        await page.goto(`${localizedPath('/', locale)}#contact`);
        await waitForIsland(page, 'ContactForm');
        await page.locator('#contact-email').fill('erika@example');
        await page.locator('button[type="submit"]').click();
        await expect(page.locator('#contact-title')).toHaveAttribute('aria-invalid', 'true');
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}

test.describe('keyboard', () => {
  test('every control is reachable by Tab and shows a visible focus ring', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'ThemeToggle');
    const seen = new Set<string>();
    for (let step = 0; step < 80; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const box = style.boxShadow !== 'none';
        return {
          id: `${element.tagName}:${element.getAttribute('href') ?? element.id ?? ''}:${element.textContent?.trim().slice(0, 30)}`,
          visible: ring || box,
        };
      });
      if (!focused) continue;
      expect(focused.visible, `focus ring on ${focused.id}`).toBe(true);
      seen.add(focused.id);
    }
    const reached = [...seen].join('\n');
    for (const expected of [
      'Zum Inhalt springen',
      'Über uns',
      'Dunkles Design einschalten',
      'EN',
      'Projekt anfragen',
    ]) {
      expect(reached).toContain(expected);
    }
  });
});
