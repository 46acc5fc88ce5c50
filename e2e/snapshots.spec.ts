import type { Locator, Page } from '@playwright/test';
import { contactForm } from './contact-form';
import { allRoutes, expect, locales, test, type Locale } from './fixtures';
import { inboxFor } from './inbox-client';

/**
 * What every page says, as a visitor and a screen reader get it: its accessibility tree (landmarks,
 * headings and their levels, every text, every link with its address), compared with the committed
 * snapshot in `e2e/snapshots/` on every run. A changed word, a lost space, a moved heading or a
 * dropped link fails here with a line diff. After a change on purpose: `npx playwright test
 * e2e/snapshots.spec.ts --update-snapshots`, then read the diff of the snapshot files before committing.
 *
 * Compared as text (`toMatchSnapshot`), not with `toMatchAriaSnapshot`: the baselines that one writes
 * turn every number of two or more digits into `\d+`, so a changed postcode or figure of the terms
 * would still match.
 */

/** Any unknown path answers with the 404 page; this one stands for all of them. */
const NOT_FOUND = '/gibt-es-nicht/';

/** The snapshot file of a page: `de/impressum.aria.yml`, `en/index.aria.yml`. */
const fileOf = (locale: Locale, path: string) => [locale, `${path.replaceAll('/', '') || 'index'}.aria.yml`];

/** The accessibility tree of `root` as text, compared with its snapshot file. */
async function expectSnapshot(root: Locator, file: string[]) {
  // The trailing line break keeps the files as editors and git expect text files.
  expect(`${await root.ariaSnapshot()}\n`, file.join('/')).toMatchSnapshot(file);
}

/**
 * Opens `url` and brings every island to life (those that wait until they are seen, too), then
 * returns to the top, where a visitor starts reading: the page as it stands once it is all there.
 */
async function openSettled(page: Page, url: string) {
  await page.goto(url);
  const islands = page.locator('astro-island');
  for (let index = 0; index < (await islands.count()); index++) await islands.nth(index).scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(page.locator('[data-scroll-to-top]')).toBeHidden();
}

for (const { locale, path, url } of allRoutes) {
  test(`${url} reads as its snapshot`, async ({ page }) => {
    await openSettled(page, url);
    await expectSnapshot(page.locator('body'), fileOf(locale, path));
  });
}

test.describe(() => {
  // Chromium logs the page's own 404 answer as a console error.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ });

  test('the 404 page reads as its snapshot', async ({ page }) => {
    await openSettled(page, NOT_FOUND);
    await expectSnapshot(page.locator('body'), ['404.aria.yml']);
  });
});

for (const locale of locales) {
  test(`the team dialog (${locale}) reads as its snapshot`, async ({ page }) => {
    await openSettled(page, allRoutes.find((route) => route.locale === locale && route.path === '/')!.url);
    await page.locator('[data-team-member] button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectSnapshot(page.getByRole('dialog'), [locale, 'team-dialog.aria.yml']);
  });

  test.describe(() => {
    // The refused send is logged by the form, as docs/behaviour.md › Error catalogue asks.
    test.use({ expectedConsoleErrors: /^Contact form: sending failed|status of 500/ });

    test(`the contact form (${locale}) reads as its snapshot after a send and after a failed one`, async ({
      page,
      request,
    }) => {
      // A fixed address: after a failure the fields keep it, so it is part of the snapshot.
      const message = {
        name: 'Erika Mustermann',
        email: `snapshot-${locale}@example.org`,
        title: 'Neue Website',
        project: 'Eine Speisekarte online.',
      };
      const form = contactForm(page, locale);
      await form.open();
      await form.fill(message);
      await form.submit.click();
      // Within the 5 s before the status returns to idle (docs/behaviour.md › Contact form).
      await expect(form.success).not.toBeEmpty();
      // Success shows while the confirmation is still on its way; the snapshot waits until it is sent.
      await expect(form.submit).toBeEnabled();
      await expectSnapshot(form.form, [locale, 'contact-success.aria.yml']);

      await inboxFor(request, message.email).failNext({ status: 500, text: 'Internal Server Error' });
      await form.fill(message);
      await form.submit.click();
      await expect(form.error).not.toBeEmpty();
      await expect(form.submit).toBeEnabled();
      await expectSnapshot(form.form, [locale, 'contact-error.aria.yml']);
    });
  });
}
