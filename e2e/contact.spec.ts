import { contactForm, failureLog, text, visitor } from './contact-form';
import { emailLine, emailSubject } from './contact-text';
import { autoReplyTemplateName, loadEmailTemplate } from '../src/emails/templates.mjs';
import { builtSiteInboxOrigin, localTemplates, localInboxEnv } from '../local-inbox/env.mjs';
import { inboxFor, inboxPageConsoleErrors } from './inbox-client';
import { agency, defaultLocale, expect, locales, test } from './fixtures';
import { E2E_PORT } from '../playwright.config';

/** How long the inbox holds an answer while a test watches the form in between. */
const SENDING_WINDOW_MS = 3000;

const env = localInboxEnv(builtSiteInboxOrigin(E2E_PORT));

for (const locale of locales) {
  const t = text[locale];

  test.describe(`contact form (${locale})`, () => {
    test('sends the notification and then the auto-reply, shows success and clears the fields', async ({
      page,
      request,
    }) => {
      const form = contactForm(page, locale);
      const message = visitor(`happy-${locale}`);
      const inbox = inboxFor(request, message.email);
      await form.open();
      await form.fill(message);
      // Hold the first answer long enough to watch the form while it sends, even on a busy machine
      // (800 ms was sometimes gone before three checks had run).
      await inbox.failNext({ delayMs: SENDING_WINDOW_MS });
      await form.submit.click();

      await expect(form.submit).toHaveText(t.sending);
      await expect(form.submit).toBeDisabled();
      await expect(form.submit.locator('svg')).toHaveClass(/animate-pulse/);

      await expect(form.success).toHaveText(t.success);
      await expect(form.error).toBeEmpty();
      expect(await form.values()).toEqual(['', '', '', '']);
      await expect(form.submit).toHaveText(t.submit);
      await expect(form.submit).toBeEnabled();

      await expect.poll(async () => (await inbox.messages()).length).toBe(2);
      const [notification, autoReply] = await inbox.messages();
      expect(notification).toMatchObject({
        lib_version: '4.4.1',
        user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
        service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
        template_id: localTemplates.notification,
        template_params: { ...message, to_name: agency.name },
      });
      expect(Object.keys(notification!.template_params).sort()).toEqual([
        'email',
        'name',
        'project',
        'title',
        'to_name',
      ]);
      expect(autoReply).toMatchObject({
        lib_version: '4.4.1',
        user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
        service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
        template_id: localTemplates.autoReply[locale],
        template_params: { name: message.name, email: message.email, title: message.title },
      });
      expect(Object.keys(autoReply!.template_params).sort()).toEqual(['email', 'name', 'title']);
      // The browser talked to the API as to another origin, as it does with EmailJS.
      expect(notification!.origin).toBe(`http://localhost:${E2E_PORT}`);
    });

    test.describe(() => {
      test.use({ expectedConsoleErrors: inboxPageConsoleErrors });
      test('the local inbox shows both e-mails as their recipients see them, the reply in the page’s language', async ({
        page,
        request,
      }) => {
        const form = contactForm(page, locale);
        const message = { ...visitor(`rendered-${locale}`), name: 'Erika <b>Mustermann</b>' };
        const inbox = inboxFor(request, message.email);
        await form.open();
        await form.fill(message);
        await form.submit.click();
        await expect(form.success).toHaveText(t.success);
        await expect
          .poll(async () => (await inbox.messages()).map((sent) => sent.template_id))
          .toEqual([localTemplates.notification, localTemplates.autoReply[locale]]);

        await page.goto('/inbox');
        const entry = (templateId: string) =>
          page.locator(`li[data-template-id="${templateId}"]`).filter({ hasText: message.email });
        const replyTemplate = await loadEmailTemplate(autoReplyTemplateName(locale));
        const reply = entry(localTemplates.autoReply[locale]);
        await expect(reply.getByRole('heading')).toHaveText(emailSubject(replyTemplate, message));
        const replyBody = reply.locator('iframe').contentFrame().locator('body');
        // The name arrives as the visitor typed it: as text, never as markup.
        await expect(replyBody).toContainText(emailLine(replyTemplate, 'name', message.name));
        await expect(replyBody).toContainText(agency.phone);
        await expect(replyBody.locator('b')).toHaveCount(0);

        const notificationTemplate = await loadEmailTemplate('notification');
        const notification = entry(localTemplates.notification);
        await expect(notification.getByRole('heading')).toHaveText(emailSubject(notificationTemplate, message));
        const notificationBody = notification.locator('iframe').contentFrame().locator('body');
        await expect(notificationBody).toContainText(emailLine(notificationTemplate, 'to_name', agency.name));
        await expect(notificationBody).toContainText(message.project.split('\n')[1]!);

        // The raw parameters are still there, one click away.
        await reply.getByText('Parameters as sent').click();
        await expect(reply.locator('details table')).toContainText(`name${message.name}`);
      });
    });

    test('returns to idle 5 s after the submission ends', async ({ page, request }) => {
      await page.clock.install();
      const form = contactForm(page, locale);
      const message = visitor(`reset-${locale}`);
      await form.open();
      await form.fill(message);
      // Time stands still until the test moves it, so a slow machine cannot eat into the 5 s.
      await page.clock.pauseAt(Date.now() + 1000);
      await form.submit.click();
      await expect(form.success).toHaveText(t.success);
      // The submission ends when the auto-reply's answer is in: the button leaves its sending state.
      await expect(form.submit).toHaveText(t.submit);
      await page.clock.runFor(4900);
      await expect(form.success).toHaveText(t.success);
      await page.clock.runFor(200);
      await expect(form.success).toBeEmpty();
      expect(await inboxFor(request, message.email).messages()).toHaveLength(2);
    });

    test('blocks an empty or malformed submission in the browser and sends nothing', async ({ page }) => {
      const form = contactForm(page, locale);
      const sends: string[] = [];
      page.on('request', (request) => request.url().includes('/api/v1.0/email/send') && sends.push(request.url()));
      await form.open();
      await form.submit.click();
      expect(await form.fields.name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
      await expect(form.fields.name).toBeFocused();

      await form.fill({ ...visitor('invalid'), email: 'not-an-email' });
      await form.submit.click();
      expect(await form.fields.email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);

      await form.fields.email.fill('erika@example.org');
      await form.fields.title.fill('');
      await form.submit.click();
      expect(await form.fields.title.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

      await expect(form.success).toBeEmpty();
      await expect(form.error).toBeEmpty();
      expect(sends).toEqual([]);
    });

    test('an empty submit shows our messages in the page’s language, next to each field, and focuses the first', async ({
      page,
    }) => {
      const form = contactForm(page, locale);
      const sends: string[] = [];
      page.on('request', (request) => request.url().includes('/api/v1.0/email/send') && sends.push(request.url()));
      await form.open();
      // The browser's bubbles speak the browser's language, so the hydrated form turns them off.
      await expect(form.form).toHaveAttribute('novalidate', '');
      const browserValidations = await form.countBrowserValidation();
      await form.submit.click();

      await expect(form.fields.name).toBeFocused();
      const expected = { name: t.nameMissing, email: t.emailMissing, title: t.titleMissing };
      for (const [field, message] of Object.entries(expected)) {
        const input = form.fields[field as keyof typeof expected];
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(input).toHaveAccessibleDescription(message);
        const browserMessage = await input.evaluate((element: HTMLInputElement) => element.validationMessage);
        expect(browserMessage).not.toBe('');
        await expect(form.form).not.toContainText(browserMessage);
      }
      await expect(form.fields.project).not.toHaveAttribute('aria-invalid');
      expect(await browserValidations()).toBe(0);

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
      expect(sends).toEqual([]);
    });

    test('an address without a dot in its domain, which the browser accepts, is refused with the reason', async ({
      page,
      request,
    }) => {
      const form = contactForm(page, locale);
      const message = visitor(`no-dot-${locale}`);
      const inbox = inboxFor(request, message.email);
      const sends: string[] = [];
      page.on('request', (request) => request.url().includes('/api/v1.0/email/send') && sends.push(request.url()));
      await form.open();
      await form.fill({ ...message, email: 'erika@example' });
      expect(await form.fields.email.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
      await form.submit.click();

      await expect(form.fields.email).toBeFocused();
      await expect(form.fields.email).toHaveAttribute('aria-invalid', 'true');
      await expect(form.fields.email).toHaveAccessibleDescription(t.emailDomainWithoutDot);
      await expect(form.form.getByText(t.emailDomainWithoutDot)).toBeVisible();
      await page.waitForTimeout(300);
      expect(sends).toEqual([]);
      await expect(form.success).toBeEmpty();
      expect(await form.values()).toEqual([message.name, 'erika@example', message.title, message.project]);

      await form.fields.email.fill(message.email);
      await expect(form.fields.email).not.toHaveAttribute('aria-invalid');
      await form.submit.click();
      await expect(form.success).toHaveText(t.success);
      await expect.poll(async () => (await inbox.messages()).length).toBe(2);
    });

    test('drops a bot’s submission silently when the honeypot is filled', async ({ page, request }) => {
      const form = contactForm(page, locale);
      const message = visitor(`honeypot-${locale}`);
      await form.open();
      await form.fill(message);
      await page.locator('#contact-website').fill('https://spam.example', { force: true });
      await form.submit.click();
      await expect(form.success).toHaveText(t.success);
      await page.waitForTimeout(300);
      expect(await inboxFor(request, message.email).messages()).toEqual([]);
    });
  });

  test.describe(`contact form errors (${locale})`, () => {
    // Chromium reports each failed request on the console; the form's own report is checked below.
    test.use({ expectedConsoleErrors: /^Contact form: sending failed|^Failed to load resource/ });

    /** Every failure the spec's error catalogue lists for the first call, and what the form logs. */
    const firstCallFailures = [
      // Chromium retries a request once when a kept-alive connection closes unanswered, so drop twice.
      {
        row: 'network failure',
        rule: { status: 'drop' as const, times: 2 },
        logged: { status: 0, text: 'Network Error' },
      },
      {
        row: 'headless browser blocked',
        rule: { status: 451, text: 'Unavailable For Headless Browser' },
        logged: { status: 451, text: 'Unavailable For Headless Browser' },
      },
      { row: 'block-list match', rule: { status: 403, text: 'Forbidden' }, logged: { status: 403, text: 'Forbidden' } },
      {
        row: 'rate limit',
        rule: { status: 429, text: 'Too Many Requests' },
        logged: { status: 429, text: 'Too Many Requests' },
      },
      {
        row: 'other non-OK answer',
        rule: { status: 500, text: 'Internal Server Error' },
        logged: { status: 500, text: 'Internal Server Error' },
      },
      {
        row: 'invalid request',
        rule: { status: 400, text: 'The Public Key is invalid' },
        logged: { status: 400, text: 'The Public Key is invalid' },
      },
    ];

    for (const { row, rule, logged } of firstCallFailures) {
      test(`${row}: shows the error, logs ${logged.status} ${logged.text} and keeps what was typed`, async ({
        page,
        request,
      }) => {
        const form = contactForm(page, locale);
        const message = visitor(`${row}-${locale}`);
        const inbox = inboxFor(request, message.email);
        const log = failureLog(page);
        await form.open();
        await form.fill(message);
        await inbox.failNext({ ...rule, templateId: localTemplates.notification });
        await form.submit.click();

        await expect(form.error).toHaveText(t.error);
        await expect(form.success).toBeEmpty();
        await expect(form.submit).toBeEnabled();
        expect(await form.values()).toEqual([message.name, message.email, message.title, message.project]);
        await expect.poll(() => log).toEqual([logged]);
        expect(await inbox.messages()).toEqual([]);
      });
    }

    test('auto-reply fails: success first, then the error replaces it', async ({ page, request }) => {
      const form = contactForm(page, locale);
      const message = visitor(`auto-reply-${locale}`);
      const inbox = inboxFor(request, message.email);
      const log = failureLog(page);
      await form.open();
      await form.fill(message);
      await inbox.failNext({
        templateId: localTemplates.autoReply[locale],
        status: 400,
        text: 'The template ID is invalid',
        delayMs: SENDING_WINDOW_MS,
      });
      await form.submit.click();

      await expect(form.success).toHaveText(t.success);
      await expect(form.error).toHaveText(t.error);
      await expect(form.success).toBeEmpty();
      await expect.poll(() => log).toEqual([{ status: 400, text: 'The template ID is invalid' }]);
      const received = await inbox.messages();
      expect(received.map((sent) => sent.template_id)).toEqual([localTemplates.notification]);
    });

    test('a second message within seconds hits the rate limit before any request', async ({ page, request }) => {
      const form = contactForm(page, locale);
      const message = visitor(`throttle-${locale}`);
      const inbox = inboxFor(request, message.email);
      const log = failureLog(page);
      await form.open();
      await form.fill(message);
      await form.submit.click();
      await expect(form.success).toHaveText(t.success);

      await form.fill(message);
      await form.submit.click();
      await expect(form.error).toHaveText(t.error);
      await expect.poll(() => log).toEqual([{ status: 429, text: 'Too Many Requests' }]);
      expect(await form.values()).toEqual([message.name, message.email, message.title, message.project]);
      expect(await inbox.messages()).toHaveLength(2);
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
