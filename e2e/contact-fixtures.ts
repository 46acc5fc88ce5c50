import type { Locator, Page } from '@playwright/test';
import { SEND_PATH, type SendRequest } from '../local-inbox/handler.ts';
import { CONTACT_DRAFT_KEY } from '../src/lib/contact/draft';
import { contactFields, type ContactMessage } from '../src/lib/contact/message';
import type { Translate } from '../src/i18n/translate';
import { inboxFor, templatesFor, uniqueEmail, type Template } from './inbox-client';
import {
  agency,
  defaultLocale,
  expect,
  getTranslator,
  holdBack,
  localizedPath,
  test as siteTest,
  waitForIsland,
  type Locale,
} from './fixtures';

/** Each failed send: the form's own report, and Chromium's line for a request that failed. */
export const sendFailureErrors = /^Contact form: sending failed|^Failed to load resource/;

/** The contact form of one language, as a visitor meets it. */
export function contactForm(page: Page, locale: Locale) {
  const t = getTranslator(locale);
  const form = page.getByRole('form', { name: t('contact.form.label') });
  const fields = Object.fromEntries(
    contactFields.map((field) => [field, form.getByLabel(t(`contact.form.${field}`))]),
  ) as Record<keyof ContactMessage, Locator>;
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

/** A visitor with a fresh address, so tests running side by side never share messages. */
export const visitor = (label: string): ContactMessage => ({
  name: 'Erika Mustermann',
  email: uniqueEmail(label),
  title: 'Neue Website für unser Café',
  project: 'Wir brauchen eine Speisekarte online\nund ein Reservierungsformular.',
});

/**
 * The contact tests' fixtures. A test starts from `form`, open in `language`, hydrated, with
 * `message` typed in, and reads back the `inbox` and the `failures` the form logged. `t` reads the
 * page's texts as it renders them: the agency's address where a notice says {email}. `pausedClock`
 * stops the page's time once the form is filled, so only the test moves it.
 */
export const test = siteTest.extend<{
  language: Locale;
  pausedClock: boolean;
  t: Translate;
  message: ContactMessage;
  inbox: ReturnType<typeof inboxFor>;
  failures: unknown[];
  form: ReturnType<typeof contactForm>;
}>({
  language: [defaultLocale, { option: true }],
  pausedClock: [false, { option: true }],
  t: async ({ language }, use) => {
    const t = getTranslator(language);
    await use((key, params) => t(key, { email: agency.email, ...params }));
  },
  message: async ({ language: locale }, use, testInfo) => use(visitor(`${locale}-${testInfo.title.slice(0, 24)}`)),
  inbox: async ({ request, message, language }, use) => use(inboxFor(request, message.email, { locale: language })),
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
