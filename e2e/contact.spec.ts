import { builtSiteInboxOrigin, localInboxEnv } from '../local-inbox/env.ts';
import { SEND_PATH } from '../local-inbox/handler.ts';
import { SEND_TIMEOUT_MS } from '../src/lib/contact/delivery';
import { STATUS_RESET_MS } from '../src/lib/contact/form';
import { emptyMessage, fieldMaxLength, type ContactMessage } from '../src/lib/contact/message';
import { E2E_PORT } from '../playwright.config';
import { contactForm, sendFailureErrors, test } from './contact-fixtures';
import { agency, defaultLocale, expect, localizedPath, locales, otherLocales } from './fixtures';
import { leaveListeners } from './site-behaviour';
import { languageLink } from './site-parts';

/**
 * What the contact form does beyond what its journey (e2e-journeys/journeys/contact-form.ts) and its
 * states' snapshots (snapshots.spec.ts: every field error and notice, in each language) hold: every
 * row of docs/behaviour.md › Error catalogue against the local inbox, and nothing typed into it is
 * lost to a stalled or failing network, a reload or a link, and nothing invites the visitor to send
 * a message twice (docs/behaviour.md › Contact form).
 */

const env = localInboxEnv(builtSiteInboxOrigin(E2E_PORT));
/** What both calls carry besides their template (docs/behaviour.md › Contact form). */
const call = {
  lib_version: '4.4.1',
  user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
  service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
};

const networkError = { status: 0, text: 'Network Error' };
/**
 * Failures of the first call, one per row of the error catalogue, what the form logs for each, and
 * the notice that follows the error (`notDelivered` unless said).
 */
const firstCallFailures = [
  // Chromium retries a request once when a kept-alive connection closes unanswered, so drop twice.
  { row: 'network failure', rule: { status: 'drop' as const, times: 2 }, logged: networkError },
  // Given up after 20 s of the page's clock; whether the message arrived, nobody can tell.
  { row: 'no answer in 20 s', rule: { status: 'hang' as const }, logged: networkError, notice: 'noAnswer' as const },
  { row: 'headless browser blocked', logged: { status: 451, text: 'Unavailable For Headless Browser' } },
  { row: 'block-list match', logged: { status: 403, text: 'Forbidden' } },
  { row: 'rate limit', logged: { status: 429, text: 'Too Many Requests' } },
  { row: 'other non-OK answer', logged: { status: 500, text: 'Internal Server Error' } },
  { row: 'invalid request', logged: { status: 400, text: 'The Public Key is invalid' } },
];

for (const locale of locales) {
  test.describe(`contact form (${locale})`, () => {
    test.use({ language: locale });

    // Its words and spinner while sending, the fields emptied and the e-mails' parameters are
    // e2e-journeys/journeys/contact-form.ts's too, in every engine; here what it leaves out. A visitor
    // who leaves mid-send anyway finds the text again, with its warning: the snapshots' walk.
    test('sends both e-mails with the agency’s keys and the page’s language, holding the form still and asking before the page is left meanwhile', async ({
      page,
      form,
      inbox,
      t,
    }) => {
      const release = await form.holdSend();
      await form.submit.focus();
      await page.keyboard.press('Enter');
      await expect(form.submit).toBeDisabled();
      await expect(form.submit).toBeFocused();
      // Read-only, so the agency gets exactly what the visitor sees; announced, so never aria-busy.
      for (const field of Object.values(form.fields)) await expect(field).toHaveAttribute('readonly', '');
      await expect(form.form).not.toHaveAttribute('aria-busy', 'true');
      // A second press while sending sends nothing more.
      await page.keyboard.press('Enter');
      // Leaving asks first: the `beforeunload` listener is there only while a send runs
      // (site-behaviour.ts › leaveListeners). A visitor who stays sees the message through.
      expect(await leaveListeners(page)).toEqual(['beforeunload']);
      const asked = page.waitForEvent('dialog');
      void page.evaluate(() => location.assign('/impressum/'));
      const question = await asked;
      expect(question.type()).toBe('beforeunload');
      await question.dismiss();
      release();

      await expect(form.success).toHaveText(t('contact.form.success'));
      await expect(page).toHaveURL(/#contact$/);
      // The submission ends when the auto-reply's answer is in: the button leaves its sending state.
      await expect(form.submit).toBeEnabled();
      await expect(form.submit).toBeFocused();
      for (const field of Object.values(form.fields)) await expect(field).not.toHaveAttribute('readonly');
      // That the status goes exactly 5 s after the submission ends: src/lib/contact/form.test.ts.
      const { notification, autoReply } = inbox.templates;
      await expect.poll(inbox.messages).toMatchObject([
        { ...call, template_id: notification },
        { ...call, template_id: autoReply },
      ]);
      // Once the message is through, the page may be left without a question.
      expect(await leaveListeners(page)).toEqual([]);
      page.on('dialog', (dialog) => {
        expect.soft(dialog.type(), 'no question once nothing is being sent').toBe('none');
        void dialog.dismiss();
      });
      await page.evaluate(() => location.reload());
      await page.waitForLoadState('load');
    });

    for (const other of otherLocales(locale)) {
      // A reload restores the draft the same way; that a delivered message clears it: the auto-reply test.
      test(`a language switch mid-typing keeps the text in the form in ${other}`, async ({ page, form, message }) => {
        expect(await form.draft()).toEqual({ fields: message, inFlight: false });
        await page.locator(languageLink(other)).click();
        await expect(page).toHaveURL(`${localizedPath('/', other)}#contact`);
        const there = contactForm(page, other);
        await there.hydratedAgain();
        expect(await there.values()).toEqual(message);
        await expect(there.notice).toBeEmpty();
      });
    }
  });
}

// The form's words in each language are the snapshots'; how it behaves is the same in every language.
test.describe('contact form', () => {
  // Which entries count as missing or malformed: src/lib/contact/message.test.ts; the required fields
  // and the e-mail field's type: landing.spec.ts; each reason's words and the field marked invalid, in
  // each language: the snapshots' walk; a missing entry's reason as its field's description:
  // e2e-journeys/journeys/contact-form.ts.
  test('entries in error are refused with the reason as each field’s description, nothing is sent, and corrected they go', async ({
    form,
    message,
    inbox,
    t,
  }) => {
    type Field = keyof ContactMessage;
    const expectReasons = async (reasons: [Field, string][]) => {
      for (const [field, reason] of reasons) {
        await expect(form.fields[field]).toHaveAttribute('aria-invalid', 'true');
        await expect(form.fields[field]).toHaveAccessibleDescription(reason);
      }
    };
    // A name past its maxlength as a script sets it, a malformed address, no subject.
    const entry = { name: 'E'.repeat(fieldMaxLength.name + 1), email: 'not-an-email', title: '' };
    await form.setByScript('name', entry.name);
    await form.fields.email.fill(entry.email);
    await form.fields.title.fill(entry.title);
    await form.submit.click();
    await expectReasons([
      ['name', t('contact.form.tooLong', { max: fieldMaxLength.name })],
      ['email', t('contact.form.emailMalformed')],
      ['title', t('contact.form.titleMissing')],
    ]);
    await expect(form.success).toBeEmpty();
    expect(await form.values()).toEqual({ ...message, ...entry });

    // Once shown, a reason follows the typing: an address whose domain has no dot.
    await form.fields.email.fill('erika@example');
    await expectReasons([['email', t('contact.form.emailDomainWithoutDot')]]);

    // Corrected one field at a time: its reason goes at once, the others stay, and each submit
    // focuses the first field still in error; the last one sends.
    const shown: [Field, string][] = [
      ['name', t('contact.form.tooLong', { max: fieldMaxLength.name })],
      ['email', t('contact.form.emailDomainWithoutDot')],
      ['title', t('contact.form.titleMissing')],
    ];
    for (const [index, [field, reason]] of shown.entries()) {
      await form.submit.click();
      await expect(form.fields[field]).toBeFocused();
      await form.fields[field].fill(message[field]);
      await expect(form.fields[field]).not.toHaveAttribute('aria-invalid');
      await expect(form.form.getByText(reason)).toHaveCount(0);
      await expectReasons(shown.slice(index + 1));
    }
    // Nothing went out on any refusal.
    expect(await inbox.messages()).toEqual([]);
    await form.submit.click();
    await expect(form.success).toHaveText(t('contact.form.success'));
    await expect.poll(inbox.arrived).toHaveLength(2);
  });

  test('drops a bot’s submission silently when the honeypot is filled', async ({ page, form, inbox, t }) => {
    await page.locator('#contact-website').fill('https://spam.example', { force: true });
    await form.submit.click();
    await expect(form.success).toHaveText(t('contact.form.success'));
    await page.waitForTimeout(300);
    expect(await inbox.messages()).toEqual([]);
  });

  // The form's own throttle, a second message within seconds refused before any request, is
  // src/lib/contact/delivery.test.ts's: the real library, and the throttle the notification is sent with.
  test.describe('when a send fails', () => {
    test.use({ pausedClock: true, expectedConsoleErrors: sendFailureErrors });

    test(`each failure of the first call (${firstCallFailures.map(({ row }) => row).join(', ')}): the error, its status and text logged, the text kept and where to write; the error goes after 5 s, the notice stays; again, it goes, and when only the auto-reply fails, success shows first, then the error, and nothing invites a second send`, async ({
      page,
      form,
      message,
      inbox,
      failures,
      t,
    }) => {
      for (const [index, { row, rule = {}, logged, notice = 'notDelivered' }] of firstCallFailures.entries()) {
        await inbox.failNext({ ...logged, ...rule });
        const sent = page.waitForRequest((sending) => sending.url().endsWith(SEND_PATH));
        await form.submit.click();
        await sent;
        // No answer: the page's clock moves on to when the form gives up.
        if (notice === 'noAnswer') await page.clock.runFor(SEND_TIMEOUT_MS);
        await expect.poll(() => failures, row).toEqual(firstCallFailures.slice(0, index + 1).map((f) => f.logged));
        await expect(form.error, row).toHaveText(t('contact.form.error'));
        await expect(form.submit, row).toBeEnabled();
        await expect(form.success, row).toBeEmpty();
        await expect(form.notice, row).toHaveText(t(`contact.form.notice.${notice}`));
        await expect(form.notice.locator(`a[href="mailto:${agency.email}"]`), row).toHaveText(agency.email);
        expect(await form.values(), row).toEqual(message);
        expect(await form.draft(), row).toEqual({ fields: message, inFlight: false });
        expect(await inbox.messages(), row).toEqual([]);
      }
      // docs/behaviour.md › Contact form: the status goes 5 s after the submission ends; the notice stays.
      await page.clock.runFor(STATUS_RESET_MS);
      await expect(form.error).toBeEmpty();
      await expect(form.notice).toHaveText(t('contact.form.notice.notDelivered'));
      // A failed send does not count against the rate limit: "try again" goes through at once. Only
      // its auto-reply fails: the error and the notice that the message arrived, the fields emptied,
      // are its snapshot's (the walk's contact-delivered).
      const autoReplyFailed = { status: 400, text: 'The template ID is invalid' };
      await inbox.failNext(autoReplyFailed, 'autoReply');
      const release = await form.holdSend('autoReply');
      await form.submit.click();
      await expect(form.success).toHaveText(t('contact.form.success'));
      await expect(form.notice).toBeEmpty();
      release();
      await expect(form.error).toHaveText(t('contact.form.error'));
      await expect(form.success).toBeEmpty();
      await expect.poll(() => failures).toEqual([...firstCallFailures.map((f) => f.logged), autoReplyFailed]);
      expect(await form.draft()).toBeNull();
      await page.clock.resume();
      await page.reload();
      await form.hydratedAgain();
      expect(await form.values()).toEqual(emptyMessage);
      expect(await inbox.arrived()).toEqual([inbox.templates.notification]);
    });
  });

  // Text typed before the form's code arrives, and a submit then: e2e-journeys/journeys/contact-form.ts,
  // in every engine.
  test('the form hydrates when a visitor reaches it by keyboard, before it scrolls into view', async ({ page }) => {
    await page.goto('/');
    // Focus without scrolling: only the visitor's intent can wake the form now.
    await page.locator('#contact-name').evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(contactForm(page, defaultLocale).hydrated).toHaveCount(1);
  });

  test.describe('a stalled download of the sending library', () => {
    test.use({ expectedConsoleErrors: /^Contact form: sending failed/ });

    test('gives up after 20 s too, and says the message did not go out', async ({ page, message, t }) => {
      // The one script that holds the library (it names the API's version field) never arrives: the
      // form asks for it as the visitor types, so the page is held to it from the start.
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
      await expect(form.submit).toHaveText(t('contact.form.sending'));
      await page.clock.runFor(SEND_TIMEOUT_MS);
      await expect(form.error).toHaveText(t('contact.form.error'));
      await expect(form.notice).toHaveText(t('contact.form.notice.notDelivered'));
      expect(await form.values()).toEqual(message);
    });
  });
});
