import type { APIRequestContext, Page } from '@playwright/test';
import { localTemplates } from '../local-inbox/env.ts';
import { SEND_PATH, type FailureRule, type SendRequest } from '../local-inbox/handler.ts';
import type { ContactFormKey } from '../src/islands/ContactForm';
import { CONTACT_DRAFT_KEY } from '../src/lib/contact/draft';
import { emptyMessage, type ContactMessage } from '../src/lib/contact/message';
import { dictionaries } from '../src/i18n/translate';
import { inboxFor, uniqueEmail } from './inbox-client';
import {
  agency,
  defaultLocale,
  expect,
  getTranslator,
  holdBack,
  localizedPath,
  locales,
  test as siteTest,
  waitForIsland,
  type Locale,
} from './fixtures';

export { emptyMessage, type ContactMessage };

/** A form text's name: its key without `contact.form.` (and without `notice.` for a notice). */
type FormText = ContactFormKey extends `contact.form.${infer Name}`
  ? Name extends `notice.${infer Notice}`
    ? Notice
    : Name
  : never;

/**
 * What a visitor reads on the contact form in each language, from the dictionary as the page renders
 * it: the agency's address where a notice says {email} (as a mailto: link), and `tooLong` for a limit.
 */
export const text = Object.fromEntries(
  locales.map((locale) => {
    const t = getTranslator(locale);
    const keys = Object.keys(dictionaries[locale]).filter((key) => key.startsWith('contact.form.')) as ContactFormKey[];
    const texts = keys.map((key) => [key.replace(/^contact\.form\.(notice\.)?/, ''), t(key, { email: agency.email })]);
    const tooLong = (max: number) => t('contact.form.tooLong', { max });
    return [locale, { ...(Object.fromEntries(texts) as Record<FormText, string>), tooLong }];
  }),
) as Record<Locale, Record<Exclude<FormText, 'tooLong'>, string> & { tooLong: (max: number) => string }>;

export type ContactText = (typeof text)[Locale];

/** Each failed send: the form's own report, and Chromium's line for a request that failed. */
export const sendFailureErrors = /^Contact form: sending failed|^Failed to load resource/;

/** The template ids the form sends with from a page in `locale`. */
const templatesFor = (locale: Locale) => ({
  notification: localTemplates.notification,
  autoReply: localTemplates.autoReply[locale],
});
type Template = keyof ReturnType<typeof templatesFor>;

/** The contact form of one language, as a visitor meets it. */
export function contactForm(page: Page, locale: Locale) {
  const t = text[locale];
  const form = page.getByRole('form', { name: t.label });
  const fields: Record<keyof ContactMessage, ReturnType<Page['getByLabel']>> = {
    name: form.getByLabel(t.name),
    email: form.getByLabel(t.email),
    title: form.getByLabel(t.title),
    project: form.getByLabel(t.project),
  };
  /** Until React has taken over, the form has no `data-hydrated`. */
  const hydrated = page.locator('form[data-contact-form][data-hydrated]');
  return {
    form,
    fields,
    hydrated,
    /** Its name changes while it sends. */
    submit: form.locator('button[type="submit"]'),
    success: form.getByRole('status'),
    error: form.getByRole('alert'),
    /** What follows the status message: whether the message arrived, and where to write instead. */
    notice: form.locator('[aria-live="polite"]'),
    agencyAddress: form.locator(`[aria-live="polite"] a[href="mailto:${agency.email}"]`),
    async open() {
      await page.goto(`${localizedPath('/', locale)}#contact`);
      await waitForIsland(page, 'ContactForm');
    },
    /** After a reload or a link: the form scrolled into view, so it hydrates. */
    async hydratedAgain() {
      await page.waitForLoadState('load');
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(hydrated).toHaveCount(1);
    },
    async fill(message: ContactMessage) {
      for (const [field, input] of Object.entries(fields)) await input.fill(message[field as keyof ContactMessage]);
    },
    /**
     * Sets a field as a script does (autofill, an extension), which `maxlength` does not stop: the
     * native setter, then an input event.
     */
    async setByScript(field: keyof ContactMessage, value: string) {
      await fields[field].evaluate((input: HTMLInputElement, value) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
    },
    async values() {
      const values = Object.entries(fields).map(async ([field, input]) => [field, await input.inputValue()]);
      return Object.fromEntries(await Promise.all(values)) as ContactMessage;
    },
    /**
     * Holds the form's calls to `template` in the browser until the returned function is called, so a
     * test watches the form while it sends for as long as it takes, however busy the machine.
     */
    holdSend: (template: Template = 'notification') =>
      holdBack(page, `**${SEND_PATH}`, {
        only: (request) => (request.postDataJSON() as SendRequest).template_id === templatesFor(locale)[template],
      }),
    /** The draft this tab keeps in sessionStorage, as stored. */
    draft: () =>
      page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null') as unknown, CONTACT_DRAFT_KEY),
  };
}

export type ContactForm = ReturnType<typeof contactForm>;

/** A visitor with a fresh address, so tests running side by side never share messages. */
export const visitor = (label: string): ContactMessage => ({
  name: 'Erika Mustermann',
  email: uniqueEmail(label),
  title: 'Neue Website für unser Café',
  project: 'Wir brauchen eine Speisekarte online\nund ein Reservierungsformular.',
});

/** The local inbox as one visitor's contact messages reach it, from a page in `locale`. */
export function contactInbox(request: APIRequestContext, email: string, locale: Locale) {
  const inbox = inboxFor(request, email);
  const templates = templatesFor(locale);
  return {
    messages: inbox.messages,
    templates,
    /** The template of each message that arrived, in order of arrival. */
    arrived: async () => (await inbox.messages()).map((message) => message.template_id),
    /** The next call for `template` (the notification unless said) answers by `rule` instead. */
    failNext: (rule: Omit<FailureRule, 'email' | 'templateId'>, template: Template = 'notification') =>
      inbox.failNext({ ...rule, templateId: templates[template] }),
  };
}

/**
 * The contact tests' fixtures. A test starts from `form`, open in `language`, hydrated, with
 * `message` typed in, and reads back the `inbox` and the `failures` the form logged. `pausedClock`
 * stops the page's time once the form is filled, so only the test moves it.
 */
export const test = siteTest.extend<{
  language: Locale;
  pausedClock: boolean;
  t: ContactText;
  message: ContactMessage;
  inbox: ReturnType<typeof contactInbox>;
  failures: unknown[];
  form: ContactForm;
}>({
  language: [defaultLocale, { option: true }],
  pausedClock: [false, { option: true }],
  t: async ({ language: locale }, use) => use(text[locale]),
  message: async ({ language: locale }, use, testInfo) => use(visitor(`${locale}-${testInfo.title.slice(0, 24)}`)),
  inbox: async ({ request, message, language }, use) => use(contactInbox(request, message.email, language)),
  failures: async ({ page }, use) => {
    // Every failure is logged (docs/behaviour.md › Error catalogue): the status and text it was reported with.
    const logged: unknown[] = [];
    page.on('console', async (message) => {
      if (message.type() === 'error' && message.text().startsWith('Contact form: sending failed')) {
        logged.push(await message.args()[1]?.jsonValue());
      }
    });
    await use(logged);
  },
  form: async ({ page, language, message, pausedClock }, use) => {
    if (pausedClock) await page.clock.install();
    const form = contactForm(page, language);
    await form.open();
    await form.fill(message);
    if (pausedClock) await page.clock.pauseAt(Date.now() + 1000);
    await use(form);
  },
});

export { expect };
