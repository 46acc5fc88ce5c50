import type { ConsoleMessage, Page } from '@playwright/test';
import { uniqueEmail } from './inbox-client';
import { text } from './contact-text';
import { localizedPath, waitForIsland, type Locale } from './fixtures';

export { text };

/** `text` as a pattern that matches it literally (the sending label ends in dots). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How long the dev server may take to bring the form to life. */
const DEV_SERVER_HYDRATION_MS = 30_000;

/**
 * The contact form of one language, as a visitor meets it. `origin` opens it on another server
 * (the dev server) instead of the tested build.
 */
export function contactForm(page: Page, locale: Locale, origin = '') {
  const t = text[locale];
  const form = page.getByRole('form', { name: t.form });
  const fields = {
    name: form.getByLabel(t.name),
    email: form.getByLabel(t.email),
    title: form.getByLabel(t.title),
    project: form.getByLabel(t.project),
  };
  return {
    form,
    fields,
    submit: form.getByRole('button', { name: new RegExp(`${escapeRegExp(t.submit)}|${escapeRegExp(t.sending)}`) }),
    success: form.getByRole('status'),
    error: form.getByRole('alert'),
    /** What follows the status message: whether the message arrived, and where to write instead. */
    notice: form.locator('[aria-live="polite"]'),
    async open() {
      await page.goto(`${origin}${localizedPath('/', locale)}#contact`);
      // The dev server compiles each module on its first request, and a browser on another origin
      // (another device) asks for all of them again.
      await waitForIsland(page, 'ContactForm', origin ? DEV_SERVER_HYDRATION_MS : undefined);
    },
    async fill(message: { name: string; email: string; title: string; project: string }) {
      for (const [field, value] of Object.entries(message)) await fields[field as keyof typeof fields].fill(value);
    },
    /** Counts the browser's own `invalid` events: it fires them whenever it validates the form itself. */
    async countBrowserValidation() {
      await form.evaluate((element) => {
        (window as unknown as { browserValidations: number }).browserValidations = 0;
        element.addEventListener(
          'invalid',
          () => (window as unknown as { browserValidations: number }).browserValidations++,
          true,
        );
      });
      return () => page.evaluate(() => (window as unknown as { browserValidations: number }).browserValidations);
    },
    async values() {
      return Promise.all(Object.values(fields).map((field) => field.inputValue()));
    },
  };
}

/** A visitor with a fresh address, so tests running side by side never share messages. */
export const visitor = (label: string) => ({
  name: 'Erika Mustermann',
  email: uniqueEmail(label),
  title: 'Neue Website für unser Café',
  project: 'Wir brauchen eine Speisekarte online\nund ein Reservierungsformular.',
});

/** Collects what the form logs with console.error: the spec wants every failure logged. */
export function failureLog(page: Page) {
  const logged: unknown[] = [];
  page.on('console', async (message: ConsoleMessage) => {
    if (message.type() === 'error' && message.text().startsWith('Contact form: sending failed')) {
      logged.push(await message.args()[1]?.jsonValue());
    }
  });
  return logged;
}
