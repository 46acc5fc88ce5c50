import { builtSiteInboxOrigin, localInboxEnv } from '../local-inbox/env.mjs';
import { autoReplyTemplateName, loadEmailTemplate, type EmailTemplateName } from '../src/emails/templates';
import { fieldMaxLength } from '../src/lib/contact/message';
import { E2E_PORT } from '../playwright.config';
import {
  emptyMessage,
  expect,
  SENDING_WINDOW_MS,
  sendFailureErrors,
  STATUS_RESET_MS,
  test,
  text,
  type ContactMessage,
} from './contact-form';
import { emailLine, emailSubject, type ContactText } from './contact-text';
import { inboxPageConsoleErrors } from './inbox-client';
import { agency, defaultLocale, locales } from './fixtures';

/** The contact form's states and every row of docs/behaviour.md › Error catalogue, in each language. */

const env = localInboxEnv(builtSiteInboxOrigin(E2E_PORT));
/** What both calls carry besides their template (docs/behaviour.md › Contact form). */
const call = {
  lib_version: '4.4.1',
  user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
  service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
};

type Field = keyof ContactMessage;
/**
 * Entries the form refuses before sending: what is entered, whether the browser's own check would
 * refuse it too, and the message each field in error shows (the first one focused).
 */
const refusals: [what: string, entry: Partial<ContactMessage>, browserRefuses: boolean, problems: Problems][] = [
  ['a malformed address', { email: 'not-an-email' }, true, (t) => ({ email: t.emailMalformed })],
  ['an address with a dotless domain', { email: 'erika@example' }, false, (t) => ({ email: t.emailDomainWithoutDot })],
  ['a missing subject', { title: '' }, true, (t) => ({ title: t.titleMissing })],
  [
    'a name and subject of invisible characters only',
    { name: '\u200B\u2060\u202E', title: '\u3164\u2800' },
    false,
    (t) => ({ name: t.nameMissing, title: t.titleMissing }),
  ],
  [
    'a name past its maxlength, as a script sets it',
    { name: 'E'.repeat(fieldMaxLength.name + 1) },
    false,
    (t) => ({ name: t.tooLong(fieldMaxLength.name) }),
  ],
];
type Problems = (t: ContactText) => Partial<Record<Field, string>>;

/** Failures of the first call, one per row of the error catalogue, and what the form logs for each. */
const firstCallFailures = [
  // Chromium retries a request once when a kept-alive connection closes unanswered, so drop twice.
  { row: 'network failure', rule: { status: 'drop' as const, times: 2 }, logged: { status: 0, text: 'Network Error' } },
  { row: 'headless browser blocked', logged: { status: 451, text: 'Unavailable For Headless Browser' } },
  { row: 'block-list match', logged: { status: 403, text: 'Forbidden' } },
  { row: 'rate limit', logged: { status: 429, text: 'Too Many Requests' } },
  { row: 'other non-OK answer', logged: { status: 500, text: 'Internal Server Error' } },
  { row: 'invalid request', logged: { status: 400, text: 'The Public Key is invalid' } },
];

for (const locale of locales) {
  test.describe(`contact form (${locale})`, () => {
    test.use({ language: locale });

    test('sends the notification, then the auto-reply, holding the form still meanwhile; then success and empty fields', async ({
      page,
      form,
      message,
      inbox,
      t,
    }) => {
      // Long enough to watch the form while it sends, even on a busy machine.
      await inbox.failNext({ delayMs: SENDING_WINDOW_MS });
      await form.submit.focus();
      await page.keyboard.press('Enter');
      await expect(form.submit).toHaveText(t.sending);
      await expect(form.submit).toBeDisabled();
      await expect(form.submit.locator('svg')).toHaveClass(/animate-pulse/);
      await expect(form.submit).toBeFocused();
      // Read-only, so the agency gets exactly what the visitor sees; announced, so never aria-busy.
      for (const field of Object.values(form.fields)) await expect(field).toHaveAttribute('readonly', '');
      await expect(form.form).not.toHaveAttribute('aria-busy', 'true');
      // A second press while sending sends nothing more.
      await page.keyboard.press('Enter');

      await expect(form.success).toHaveText(t.success);
      await expect(form.error).toBeEmpty();
      expect(await form.values()).toEqual(emptyMessage);
      await expect(form.submit).toHaveText(t.submit);
      await expect(form.submit).toBeEnabled();
      await expect(form.submit).toBeFocused();
      for (const field of Object.values(form.fields)) await expect(field).not.toHaveAttribute('readonly');

      await expect.poll(inbox.arrived).toEqual([inbox.templates.notification, inbox.templates.autoReply]);
      const [notification, autoReply] = await inbox.messages();
      // The browser talked to the API as to another origin, as it does with EmailJS.
      expect(notification).toMatchObject({ ...call, origin: `http://localhost:${E2E_PORT}` });
      expect(notification!.template_params).toEqual({ ...message, to_name: agency.name });
      expect(autoReply).toMatchObject(call);
      expect(autoReply!.template_params).toEqual({ name: message.name, email: message.email, title: message.title });
    });

    test.describe(() => {
      test.use({ expectedConsoleErrors: inboxPageConsoleErrors });
      test('the local inbox shows both e-mails as their recipients see them, the reply in the page’s language', async ({
        page,
        form,
        message: visitor,
        inbox,
        t,
      }) => {
        // Markup and character references in what the visitor typed reach the recipient as text.
        const message = { ...visitor, name: 'Erika <b>Mustermann</b>', title: `${visitor.title} <i>&amp;</i> Bistro` };
        await form.fill(message);
        await form.submit.click();
        await expect(form.success).toHaveText(t.success);
        await expect.poll(inbox.arrived).toHaveLength(2);

        await page.goto('/inbox');
        const entry = async (templateId: string, templateName: EmailTemplateName) => {
          const template = await loadEmailTemplate(templateName);
          const item = page.locator(`li[data-template-id="${templateId}"]`).filter({ hasText: message.email });
          await expect(item.getByRole('heading')).toHaveText(emailSubject(template, message));
          return { item, template, body: item.locator('iframe').contentFrame().locator('body') };
        };
        const reply = await entry(inbox.templates.autoReply, autoReplyTemplateName(locale));
        await expect(reply.body).toContainText(emailLine(reply.template, 'name', message.name));
        await expect(reply.body).toContainText(agency.phone);
        await expect(reply.body.locator('b')).toHaveCount(0);
        const notification = await entry(inbox.templates.notification, 'notification');
        await expect(notification.body).toContainText(emailLine(notification.template, 'to_name', agency.name));
        await expect(notification.body).toContainText(message.project.split('\n')[1]!);
        // The raw parameters are still there, one click away.
        await reply.item.getByText('Parameters as sent').click();
        await expect(reply.item.locator('details table')).toContainText(`name${message.name}`);
      });
    });

    test.describe(() => {
      test.use({ pausedClock: true });
      test('returns to idle 5 s after the submission ends', async ({ page, form, inbox, t }) => {
        await form.submit.click();
        await expect(form.success).toHaveText(t.success);
        // The submission ends when the auto-reply's answer is in: the button leaves its sending state.
        await expect(form.submit).toHaveText(t.submit);
        await page.clock.runFor(STATUS_RESET_MS - 100);
        await expect(form.success).toHaveText(t.success);
        await page.clock.runFor(200);
        await expect(form.success).toBeEmpty();
        expect(await inbox.arrived()).toHaveLength(2);
      });
    });

    test('an empty submit shows our messages in the page’s language, next to each field, and focuses the first', async ({
      emptyForm: form,
      sendCalls,
      t,
    }) => {
      // The browser's bubbles speak the browser's language, so the hydrated form turns them off.
      await expect(form.form).toHaveAttribute('novalidate', '');
      // The browser fires `invalid` whenever it validates the form itself.
      const invalidEvents = await form.form.evaluateHandle((element) => {
        const events: Event[] = [];
        element.addEventListener('invalid', (event) => events.push(event), true);
        return events;
      });
      await form.submit.click();

      await expect(form.fields.name).toBeFocused();
      const expected = { name: t.nameMissing, email: t.emailMissing, title: t.titleMissing };
      for (const [field, message] of Object.entries(expected)) {
        const input = form.fields[field as Field];
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(input).toHaveAccessibleDescription(message);
        const browserMessage = await input.evaluate((element: HTMLInputElement) => element.validationMessage);
        expect(browserMessage).not.toBe('');
        await expect(form.form).not.toContainText(browserMessage);
      }
      await expect(form.fields.project).not.toHaveAttribute('aria-invalid');
      expect(await invalidEvents.evaluate((events) => events.length)).toBe(0);

      // Each message goes as soon as its field is valid; the others stay.
      await form.fields.name.fill('Erika Mustermann');
      await expect(form.fields.name).not.toHaveAttribute('aria-invalid');
      await expect(form.fields.name).not.toHaveAttribute('aria-describedby');
      await expect(form.form.getByText(t.nameMissing)).toHaveCount(0);
      await expect(form.fields.email).toHaveAccessibleDescription(t.emailMissing);
      await form.submit.click();
      await expect(form.fields.email).toBeFocused();
      await expect(form.success).toBeEmpty();
      await expect(form.error).toBeEmpty();
      expect(sendCalls).toEqual([]);
    });

    for (const [what, entry, browserRefuses, problems] of refusals) {
      test(`${what} is refused with the reason next to the field, nothing is sent, and corrected it goes`, async ({
        page,
        form,
        message,
        inbox,
        sendCalls,
        t,
      }) => {
        for (const [field, value] of Object.entries(entry)) {
          // As typing does, or a script (autofill, an extension), which maxlength does not stop: the
          // native setter, then an input event.
          await form.fields[field as Field].evaluate((input: HTMLInputElement, value) => {
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
            input.dispatchEvent(new Event('input', { bubbles: true }));
          }, value);
        }
        await form.submit.click();

        const shown = Object.entries(problems(t)) as [Field, string][];
        const first = form.fields[shown[0]![0]];
        await expect(first).toBeFocused();
        for (const [field, reason] of shown) {
          await expect(form.fields[field]).toHaveAttribute('aria-invalid', 'true');
          await expect(form.fields[field]).toHaveAccessibleDescription(reason);
          await expect(form.form.getByText(reason)).toBeVisible();
        }
        const browserValid = await first.evaluate((input: HTMLInputElement) => input.validity.valid);
        expect(browserValid, 'the browser’s own check').toBe(!browserRefuses);
        await page.waitForTimeout(300);
        expect(sendCalls).toEqual([]);
        await expect(form.success).toBeEmpty();
        expect(await form.values()).toEqual({ ...message, ...entry });

        await form.fill(message);
        await expect(first).not.toHaveAttribute('aria-invalid');
        await form.submit.click();
        await expect(form.success).toHaveText(t.success);
        await expect.poll(inbox.arrived).toHaveLength(2);
      });
    }

    test('drops a bot’s submission silently when the honeypot is filled', async ({ page, form, inbox, t }) => {
      await page.locator('#contact-website').fill('https://spam.example', { force: true });
      await form.submit.click();
      await expect(form.success).toHaveText(t.success);
      await page.waitForTimeout(300);
      expect(await inbox.messages()).toEqual([]);
    });

    test.describe('when a send fails', () => {
      test.use({ expectedConsoleErrors: sendFailureErrors });

      for (const { row, rule = {}, logged } of firstCallFailures) {
        test(`${row}: the error, ${logged.status} ${logged.text} logged, the text kept and where to write; again, it goes`, async ({
          form,
          message,
          inbox,
          failures,
          t,
        }) => {
          await inbox.failNext({ ...logged, ...rule });
          await form.submit.click();
          await expect(form.error).toHaveText(t.error);
          await expect(form.success).toBeEmpty();
          await expect(form.notice).toHaveText(t.notDelivered);
          await expect(form.agencyAddress).toHaveText(agency.email);
          expect(await form.values()).toEqual(message);
          expect(await form.draft()).toEqual({ fields: message, inFlight: false });
          await expect.poll(() => failures).toEqual([logged]);
          expect(await inbox.messages()).toEqual([]);
          // A failed send does not count against the rate limit: "try again" goes through at once.
          await form.submit.click();
          await expect(form.success).toHaveText(t.success);
          await expect(form.notice).toBeEmpty();
          await expect.poll(inbox.arrived).toEqual([inbox.templates.notification, inbox.templates.autoReply]);
        });
      }

      test('when only the auto-reply fails, success shows first, then the error, and nothing invites a second send', async ({
        page,
        form,
        inbox,
        failures,
        t,
      }) => {
        const logged = { status: 400, text: 'The template ID is invalid' };
        await inbox.failNext({ ...logged, delayMs: SENDING_WINDOW_MS }, 'autoReply');
        await form.submit.click();
        await expect(form.success).toHaveText(t.success);
        await expect(form.error).toHaveText(t.error);
        await expect(form.success).toBeEmpty();
        await expect(form.notice).toHaveText(t.delivered);
        await expect.poll(() => failures).toEqual([logged]);
        expect(await form.values()).toEqual(emptyMessage);
        expect(await form.draft()).toBeNull();
        await page.reload();
        await form.hydratedAgain();
        expect(await form.values()).toEqual(emptyMessage);
        expect(await inbox.arrived()).toEqual([inbox.templates.notification]);
      });

      test('a second message within seconds hits the rate limit before any request', async ({
        form,
        message,
        inbox,
        failures,
        t,
      }) => {
        await form.submit.click();
        await expect(form.success).toHaveText(t.success);
        await form.fill(message);
        await form.submit.click();
        await expect(form.error).toHaveText(t.error);
        await expect.poll(() => failures).toEqual([{ status: 429, text: 'Too Many Requests' }]);
        expect(await form.values()).toEqual(message);
        expect(await inbox.messages()).toHaveLength(2);
      });
    });
  });
}

test.describe('contact form before it hydrates', () => {
  test.use({ javaScriptEnabled: false });

  test('cannot be submitted natively, so nothing typed can end up in a URL', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: text[defaultLocale].submit })).toBeDisabled();
    await expect(page.getByRole('form')).toHaveAttribute('method', 'post');
  });
});
