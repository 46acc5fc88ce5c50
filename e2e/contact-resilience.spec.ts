import type { Page } from '@playwright/test';
import { SEND_TIMEOUT_MS } from '../src/lib/contact/timeout';
import {
  contactForm,
  emptyMessage,
  expect,
  sendFailureErrors,
  STATUS_RESET_MS,
  test,
  type ContactForm,
} from './contact-form';
import { agency, defaultLocale, languageLink, localizedPath, locales, otherLocales } from './fixtures';

/**
 * Nothing typed into the contact form is lost to a slow, stalled or failing network, a reload or a
 * link, and nothing invites the visitor to send a message twice (docs/behaviour.md › Contact form).
 */

/**
 * Sends the form, held in the browser so it stays sending, and starts leaving the page by `leave`:
 * the page asks first (docs/behaviour.md › Contact form); the question and what lets the send go on.
 */
async function leaveMidSend(page: Page, form: ContactForm, leave: () => Promise<unknown>) {
  const release = await form.holdSend();
  await form.submit.click();
  await expect(form.submit).toBeDisabled();
  const asked = page.waitForEvent('dialog');
  void leave();
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  return { question, release };
}

// Text typed before the form's code arrives, and a submit then: e2e-journeys/journeys/contact-form.ts,
// in every engine.
test('the form hydrates when a visitor reaches it by keyboard, before it scrolls into view', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('load');
  // Focus without scrolling: only the visitor's intent can wake the form now.
  await page.locator('#contact-name').evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(contactForm(page, defaultLocale).hydrated).toHaveCount(1);
});

test.describe('a stalled download of the sending library', () => {
  test.use({ expectedConsoleErrors: /^Contact form: sending failed/ });

  test('gives up after 20 s too, and says the message did not go out', async ({ page, message, t }) => {
    // The one script that holds the library (it names the API's version field) never arrives.
    await page.route('**/_astro/*.js', async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('lib_version')) return;
      await route.fulfill({ response });
    });
    await page.clock.install();
    const form = contactForm(page, defaultLocale);
    await form.open();
    await form.fill(message);
    await page.clock.pauseAt(Date.now() + 1000);
    await form.submit.click();
    await expect(form.submit).toHaveText(t.sending);
    await page.clock.runFor(SEND_TIMEOUT_MS);
    await expect(form.error).toHaveText(t.error);
    await expect(form.notice).toHaveText(t.notDelivered);
    expect(await form.values()).toEqual(message);
  });
});

for (const locale of locales) {
  test.describe(`the contact form (${locale})`, () => {
    test.use({ language: locale });

    test.describe(() => {
      test.use({ pausedClock: true, expectedConsoleErrors: sendFailureErrors });
      test('a send that never answers gives up after 20 s: the error, the text kept, the agency’s address', async ({
        page,
        form,
        message,
        inbox,
        failures,
        t,
      }) => {
        await inbox.failNext({ status: 'hang' });
        const sent = page.waitForRequest((sending) => sending.url().endsWith('/api/v1.0/email/send'));
        await form.submit.click();
        await sent;
        await page.clock.runFor(SEND_TIMEOUT_MS - 1000);
        await expect(form.submit).toHaveText(t.sending);
        await page.clock.runFor(1000);
        await expect(form.error).toHaveText(t.error);
        await expect(form.notice).toHaveText(t.noAnswer);
        await expect(form.agencyAddress).toHaveText(agency.email);
        expect(await form.values()).toEqual(message);
        await expect(form.submit).toHaveText(t.submit);
        await expect(form.submit).toBeEnabled();
        await expect.poll(() => failures).toEqual([{ status: 0, text: 'Network Error' }]);
        // docs/behaviour.md › Contact form: the status goes 5 s after the submission ends; the notice stays.
        await page.clock.runFor(STATUS_RESET_MS);
        await expect(form.error).toBeEmpty();
        await expect(form.notice).toHaveText(t.noAnswer);
      });
    });

    test('leaving mid-send asks first, and a visitor who stays sees the message through', async ({
      page,
      form,
      inbox,
      t,
    }) => {
      const footerLink = page.getByRole('contentinfo').getByRole('link').first();
      const { question, release } = await leaveMidSend(page, form, () => footerLink.click({ noWaitAfter: true }));
      await question.dismiss();
      release();
      await expect(form.success).toHaveText(t.success);
      await expect(page).toHaveURL(new RegExp(`${localizedPath('/', locale)}#contact$`));
      await expect.poll(inbox.arrived).toHaveLength(2);
      // Once the message is through, the page may be left without a question.
      await expect(form.submit).toHaveText(t.submit);
      page.on('dialog', (dialog) => {
        expect.soft(dialog.type(), 'no question once nothing is being sent').toBe('none');
        void dialog.dismiss();
      });
      await page.evaluate(() => location.reload());
      await page.waitForLoadState('load');
    });

    test('a visitor who leaves anyway mid-send finds the text again, with a warning that it may have arrived', async ({
      page,
      form,
      message,
      t,
    }) => {
      const { question } = await leaveMidSend(page, form, () => page.evaluate(() => location.reload()));
      await question.accept();
      await form.hydratedAgain();
      expect(await form.values()).toEqual(message);
      await expect(form.notice).toHaveText(t.interrupted);
    });

    test('a reload mid-typing brings the text back; a delivered message clears it', async ({
      page,
      form,
      message,
      inbox,
      t,
    }) => {
      await page.reload();
      await form.hydratedAgain();
      expect(await form.values()).toEqual(message);
      await expect(form.notice).toBeEmpty();
      expect(await form.draft()).toEqual({ fields: message, inFlight: false });
      await form.submit.click();
      await expect(form.success).toHaveText(t.success);
      expect(await form.draft()).toBeNull();
      await page.reload();
      await form.hydratedAgain();
      expect(await form.values()).toEqual(emptyMessage);
      await expect.poll(inbox.arrived).toHaveLength(2);
    });

    for (const other of otherLocales(locale)) {
      test(`a language switch mid-typing keeps the text in the form in ${other}`, async ({
        page,
        emptyForm,
        message,
      }) => {
        await emptyForm.fill(message);
        await (await languageLink(page, other)).click();
        await expect(page).toHaveURL(`${localizedPath('/', other)}#contact`);
        const there = contactForm(page, other);
        await there.hydratedAgain();
        expect(await there.values()).toEqual(message);
      });
    }
  });
}
