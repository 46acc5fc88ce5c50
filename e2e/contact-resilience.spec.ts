import type { Page } from '@playwright/test';
import { contactForm, failureLog, text, visitor } from './contact-form';
import { inboxFor } from './inbox-client';
import {
  agency,
  defaultLocale,
  expect,
  languageLink,
  localizedPath,
  locales,
  otherLocales,
  test,
  type Locale,
} from './fixtures';
import { localTemplates } from '../local-inbox/env.mjs';
import { CONTACT_DRAFT_KEY } from '../src/lib/contact/draft';
import { fieldMaxLength } from '../src/lib/contact/message';
import { SEND_TIMEOUT_MS } from '../src/lib/contact/timeout';

/**
 * Nothing typed into the contact form is lost to a slow, stalled or failing network, a reload or a
 * link, and nothing invites the visitor to send a message twice.
 */

/**
 * Chrome DevTools' "Slow 3G" (now "3G"): 2 s round trips, 400 kbit/s. The issue measured React
 * arriving 7.8 s after the page on it (2.4 s on "Fast 3G"): time enough to type, on any test machine.
 */
const SLOW_3G = {
  offline: false,
  latency: 2000,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
};
/** No throttling. */
const UNTHROTTLED = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** The draft this tab keeps in sessionStorage, as stored. */
const savedDraft = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), CONTACT_DRAFT_KEY);

/**
 * How the privacy policy's storage table says, in each language, when the draft is deleted: the
 * legal text's own words (src/content/legal/<locale>/datenschutz.md), which no dictionary holds.
 */
const draftDeletedWhen: Record<Locale, string> = {
  de: 'Gelöscht, sobald Ihre Nachricht bei uns angekommen ist',
  en: 'Deleted as soon as your message has reached us',
};

/** Until React has taken over, the island keeps its `ssr` mark and the form has no `data-hydrated`. */
const hydrated = (page: Page) => page.locator('form[data-contact-form][data-hydrated]');

test.describe('typing before the form hydrates', () => {
  test.describe.configure({ timeout: 90_000 });

  test('on a slow 3G connection, what the visitor typed before React arrived stays and is sent', async ({
    page,
    request,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    const form = contactForm(page, defaultLocale);
    const message = visitor('before-hydration');

    await page.goto(`${localizedPath('/', defaultLocale)}#contact`, { waitUntil: 'commit' });
    // As soon as the field shows: the page's HTML is in, React's code is still on its way.
    await form.fields.name.fill(message.name, { timeout: 30_000 });
    await form.fields.title.fill(message.title);
    await expect(page.locator('astro-island:has(form[data-contact-form])')).toHaveAttribute('ssr', '');
    await expect(hydrated(page)).toHaveCount(0);

    await expect(hydrated(page)).toHaveCount(1, { timeout: 60_000 });
    await expect(form.fields.name).toHaveValue(message.name);
    await expect(form.fields.title).toHaveValue(message.title);

    // React owns the fields now: what was adopted is what is sent.
    await cdp.send('Network.emulateNetworkConditions', UNTHROTTLED);
    await form.fields.email.fill(message.email);
    await form.fields.project.fill(message.project);
    await form.submit.click();
    await expect(form.success).toHaveText(text[defaultLocale].success);
    const [notification] = await inboxFor(request, message.email).messages();
    expect(notification?.template_params).toMatchObject({ name: message.name, title: message.title });
  });

  test('the form hydrates when a visitor reaches it by keyboard, before it scrolls into view', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    // Focus without scrolling: only the visitor's intent can wake the form now.
    await page.locator('#contact-name').evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(hydrated(page)).toHaveCount(1);
  });
});

test.describe('a stalled download of the sending library', () => {
  test.use({ expectedConsoleErrors: /^Contact form: sending failed/ });

  test('gives up after 20 s too, and says the message did not go out', async ({ page }) => {
    // The one script that holds the library (it names the API's version field) never arrives.
    await page.route('**/_astro/*.js', async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('lib_version')) return;
      await route.fulfill({ response });
    });
    await page.clock.install();
    const form = contactForm(page, defaultLocale);
    const message = visitor('library-stalled');
    await form.open();
    await form.fill(message);
    await page.clock.pauseAt(Date.now() + 1000);
    await form.submit.click();
    await expect(form.submit).toHaveText(text[defaultLocale].sending);
    await page.clock.runFor(SEND_TIMEOUT_MS);
    await expect(form.error).toHaveText(text[defaultLocale].error);
    await expect(form.notice).toHaveText(text[defaultLocale].notDelivered);
    expect(await form.values()).toEqual([message.name, message.email, message.title, message.project]);
  });
});

for (const locale of locales) {
  const t = text[locale];

  test.describe(`a stalled or failing send (${locale})`, () => {
    test.use({ expectedConsoleErrors: /^Contact form: sending failed|^Failed to load resource/ });

    test('a send that never answers gives up after 20 s: the error, the text kept, the agency’s address', async ({
      page,
      request,
    }) => {
      await page.clock.install();
      const form = contactForm(page, locale);
      const message = visitor(`hanging-${locale}`);
      const inbox = inboxFor(request, message.email);
      const log = failureLog(page);
      await form.open();
      await form.fill(message);
      await inbox.failNext({ status: 'hang', templateId: localTemplates.notification });
      await page.clock.pauseAt(Date.now() + 1000);
      const sent = page.waitForRequest((sending) => sending.url().endsWith('/api/v1.0/email/send'));
      await form.submit.click();
      await sent;

      await page.clock.runFor(SEND_TIMEOUT_MS - 1000);
      await expect(form.submit).toHaveText(t.sending);
      await page.clock.runFor(1000);
      await expect(form.error).toHaveText(t.error);
      await expect(form.notice).toHaveText(t.noAnswer);
      await expect(form.notice.getByRole('link', { name: agency.email })).toHaveAttribute(
        'href',
        `mailto:${agency.email}`,
      );
      expect(await form.values()).toEqual([message.name, message.email, message.title, message.project]);
      await expect(form.submit).toHaveText(t.submit);
      await expect(form.submit).toBeEnabled();
      await expect.poll(() => log).toEqual([{ status: 0, text: 'Network Error' }]);
      // The spec's reset: the status goes 5 s after the submission ends; the notice stays to be read.
      await page.clock.runFor(5000);
      await expect(form.error).toBeEmpty();
      await expect(form.notice).toHaveText(t.noAnswer);
    });

    test('"try again" right after a failed send goes through and reaches the inbox', async ({ page, request }) => {
      const form = contactForm(page, locale);
      const message = visitor(`retry-${locale}`);
      const inbox = inboxFor(request, message.email);
      const log = failureLog(page);
      await form.open();
      await form.fill(message);
      // Chromium retries a request once when a kept-alive connection closes unanswered, so drop twice.
      await inbox.failNext({ status: 'drop', times: 2, templateId: localTemplates.notification });
      await form.submit.click();
      await expect(form.error).toHaveText(t.error);

      await form.submit.click();
      await expect(form.success).toHaveText(t.success);
      await expect
        .poll(async () => (await inbox.messages()).map((sent) => sent.template_id))
        .toEqual([localTemplates.notification, localTemplates.autoReply[locale]]);
      expect(log).toEqual([{ status: 0, text: 'Network Error' }]);
    });

    test('a failed send says the text is still there, and where to write instead; sending again clears that', async ({
      page,
      request,
    }) => {
      const form = contactForm(page, locale);
      const message = visitor(`not-delivered-${locale}`);
      await form.open();
      await form.fill(message);
      await inboxFor(request, message.email).failNext({ status: 500, templateId: localTemplates.notification });
      await form.submit.click();
      await expect(form.error).toHaveText(t.error);
      await expect(form.notice).toHaveText(t.notDelivered);
      await expect(form.notice.getByRole('link', { name: agency.email })).toHaveAttribute(
        'href',
        `mailto:${agency.email}`,
      );
      expect(await form.values()).toEqual([message.name, message.email, message.title, message.project]);
      expect(await savedDraft(page)).toEqual({ fields: message, inFlight: false });
      await form.submit.click();
      await expect(form.success).toHaveText(t.success);
      await expect(form.notice).toBeEmpty();
    });

    test('when only the confirmation fails, nothing invites the visitor to send the message again', async ({
      page,
      request,
    }) => {
      const form = contactForm(page, locale);
      const message = visitor(`no-duplicate-${locale}`);
      const inbox = inboxFor(request, message.email);
      await form.open();
      await form.fill(message);
      await inbox.failNext({
        status: 400,
        text: 'The template ID is invalid',
        templateId: localTemplates.autoReply[locale],
      });
      await form.submit.click();

      await expect(form.error).toHaveText(t.error);
      await expect(form.notice).toHaveText(t.delivered);
      expect(await form.values()).toEqual(['', '', '', '']);
      expect(await savedDraft(page)).toBeNull();
      await page.reload();
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(hydrated(page)).toHaveCount(1);
      expect(await form.values()).toEqual(['', '', '', '']);
      expect((await inbox.messages()).map((sent) => sent.template_id)).toEqual([localTemplates.notification]);
    });
  });

  test.describe(`while a message is being sent (${locale})`, () => {
    test('the fields are read-only, so the agency gets exactly what the visitor sees', async ({ page, request }) => {
      const form = contactForm(page, locale);
      const message = visitor(`read-only-${locale}`);
      const inbox = inboxFor(request, message.email);
      await form.open();
      await form.fill(message);
      await inbox.failNext({ delayMs: 4000, templateId: localTemplates.notification });
      await form.submit.click();
      await expect(form.submit).toHaveText(t.sending);

      for (const field of Object.values(form.fields)) await expect(field).toHaveAttribute('readonly', '');
      await form.fields.project.focus();
      await page.keyboard.press('End');
      await page.keyboard.insertText(' Und noch ein Nachtrag.');
      await expect(form.fields.project).toHaveValue(message.project);
      await expect(form.submit).toHaveText(t.sending);

      await expect(form.success).toHaveText(t.success);
      const [notification] = await inbox.messages();
      expect(notification?.template_params.project).toBe(message.project);
      await expect(form.submit).toHaveText(t.submit);
      for (const field of Object.values(form.fields)) await expect(field).not.toHaveAttribute('readonly');
      await form.fields.project.fill('Die nächste Nachricht');
      await expect(form.fields.project).toHaveValue('Die nächste Nachricht');
    });

    test('the focused button keeps focus, and the form is not busy while the answer is announced', async ({
      page,
      request,
    }) => {
      const form = contactForm(page, locale);
      const message = visitor(`focus-${locale}`);
      await form.open();
      await form.fill(message);
      await inboxFor(request, message.email).failNext({ delayMs: 4000, templateId: localTemplates.notification });
      await form.submit.focus();
      await page.keyboard.press('Enter');

      await expect(form.submit).toHaveText(t.sending);
      await expect(form.submit).toBeDisabled();
      await expect(form.submit).toBeFocused();
      await expect(form.form).not.toHaveAttribute('aria-busy', 'true');
      // A second press while sending sends nothing more.
      await page.keyboard.press('Enter');
      await expect(form.submit).toHaveText(t.sending);
      await expect(form.success).toHaveText(t.success);
      await expect(form.form).not.toHaveAttribute('aria-busy', 'true');
      await expect(form.submit).toBeFocused();
      await expect(form.submit).toHaveText(t.submit);
      await expect(form.submit).toBeFocused();
      await expect.poll(async () => (await inboxFor(request, message.email).messages()).length).toBe(2);
    });

    test('leaving asks first, and a visitor who stays sees the message through', async ({ page, request }) => {
      const form = contactForm(page, locale);
      const message = visitor(`stay-${locale}`);
      const inbox = inboxFor(request, message.email);
      await form.open();
      await form.fill(message);
      await inbox.failNext({ delayMs: 3000, templateId: localTemplates.notification });
      await form.submit.click();
      await expect(form.submit).toHaveText(t.sending);

      const asked = page.waitForEvent('dialog');
      void page.getByRole('contentinfo').getByRole('link').first().click({ noWaitAfter: true });
      const leave = await asked;
      expect(leave.type()).toBe('beforeunload');
      await leave.dismiss();
      await expect(form.success).toHaveText(t.success);
      await expect(page).toHaveURL(new RegExp(`${localizedPath('/', locale)}#contact$`));
      await expect.poll(async () => (await inbox.messages()).length).toBe(2);
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
      request,
    }) => {
      const form = contactForm(page, locale);
      const message = visitor(`leave-${locale}`);
      await form.open();
      await form.fill(message);
      await inboxFor(request, message.email).failNext({ delayMs: 3000, templateId: localTemplates.notification });
      await form.submit.click();
      await expect(form.submit).toHaveText(t.sending);
      const asked = page.waitForEvent('dialog');
      void page.evaluate(() => location.reload());
      const leave = await asked;
      expect(leave.type()).toBe('beforeunload');
      await leave.accept();

      await page.waitForLoadState('load');
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(hydrated(page)).toHaveCount(1);
      expect(await form.values()).toEqual([message.name, message.email, message.title, message.project]);
      await expect(form.notice).toHaveText(t.interrupted);
    });
  });

  test.describe(`the draft in this tab (${locale})`, () => {
    test('a reload mid-typing brings the text back; a delivered message clears it', async ({ page, request }) => {
      const form = contactForm(page, locale);
      const message = visitor(`draft-${locale}`);
      await form.open();
      await form.fill(message);

      await page.reload();
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(hydrated(page)).toHaveCount(1);
      expect(await form.values()).toEqual([message.name, message.email, message.title, message.project]);
      await expect(form.notice).toBeEmpty();
      expect(await savedDraft(page)).toEqual({ fields: message, inFlight: false });

      await form.submit.click();
      await expect(form.success).toHaveText(t.success);
      expect(await savedDraft(page)).toBeNull();
      await page.reload();
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(hydrated(page)).toHaveCount(1);
      expect(await form.values()).toEqual(['', '', '', '']);
      await expect.poll(async () => (await inboxFor(request, message.email).messages()).length).toBe(2);
    });
  });

  test(`the privacy policy (${locale}) names the draft’s key, what it holds and when it goes`, async ({ page }) => {
    await page.goto(localizedPath('/datenschutz/', locale));
    // The storage table: one row per entry, its key in the first cell (privacy-drift.spec.ts holds the
    // table to every entry the site writes; this holds the draft's row to what the draft does).
    const row = page.locator('article tr', {
      has: page.locator('td:first-child code', { hasText: CONTACT_DRAFT_KEY }),
    });
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(1)).toHaveText('sessionStorage');
    expect((await row.textContent()) ?? '').toContain(draftDeletedWhen[locale]);
  });

  test.describe(`a language switch mid-typing (${locale})`, () => {
    for (const other of otherLocales(locale)) {
      test(`the form in ${other} holds the same text`, async ({ page }) => {
        const form = contactForm(page, locale);
        const message = visitor(`switch-${locale}-${other}`);
        await form.open();
        await form.fill(message);
        await (await languageLink(page, other)).click();
        await expect(page).toHaveURL(`${localizedPath('/', other)}#contact`);

        const there = contactForm(page, other);
        await page.locator('#contact').scrollIntoViewIfNeeded();
        await expect(hydrated(page)).toHaveCount(1);
        expect(await there.values()).toEqual([message.name, message.email, message.title, message.project]);
      });
    }
  });

  test.describe(`field checks no browser makes (${locale})`, () => {
    test('a name and subject of invisible characters only are refused as missing, and nothing is sent', async ({
      page,
      request,
    }) => {
      const form = contactForm(page, locale);
      const message = visitor(`invisible-${locale}`);
      await form.open();
      await form.fill({ ...message, name: '\u200B\u2060\u202E', title: '\u3164\u2800' });
      await form.submit.click();

      await expect(form.fields.name).toBeFocused();
      await expect(form.fields.name).toHaveAttribute('aria-invalid', 'true');
      await expect(form.fields.name).toHaveAccessibleDescription(t.nameMissing);
      await expect(form.fields.title).toHaveAccessibleDescription(t.titleMissing);
      await page.waitForTimeout(300);
      await expect(form.success).toBeEmpty();
      expect(await inboxFor(request, message.email).messages()).toEqual([]);
    });

    test('a value a script sets past the field’s maxlength is refused with the limit, and nothing is sent', async ({
      page,
      request,
    }) => {
      const form = contactForm(page, locale);
      const message = visitor(`too-long-${locale}`);
      await form.open();
      await form.fill(message);
      // As an extension or autofill script does it: the native setter, then an input event.
      await form.fields.name.evaluate((input: HTMLInputElement, length) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'E'.repeat(length));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, fieldMaxLength.name + 1);
      await form.submit.click();

      await expect(form.fields.name).toBeFocused();
      await expect(form.fields.name).toHaveAccessibleDescription(t.tooLong(fieldMaxLength.name));
      await page.waitForTimeout(300);
      expect(await inboxFor(request, message.email).messages()).toEqual([]);
    });
  });
}
