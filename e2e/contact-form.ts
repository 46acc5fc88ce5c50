import type { Page } from '@playwright/test';
import { uniqueEmail } from './inbox-client';
import { localizedPath, waitForIsland, type Locale } from './fixtures';

/** What a visitor reads on the contact form, per language. */
export const text = {
  de: {
    form: 'Kontaktformular',
    email: 'E-Mail',
    title: 'Betreff',
    project: 'Projektbeschreibung',
    submit: 'Nachricht senden',
    sending: 'Wird gesendet...',
    success: 'Nachricht erfolgreich gesendet! Wir melden uns bald bei Ihnen.',
    error: 'Fehler beim Senden. Bitte versuchen Sie es erneut oder kontaktieren Sie uns direkt.',
    nameMissing: 'Bitte geben Sie Ihren Namen ein.',
    emailMissing: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    titleMissing: 'Bitte geben Sie einen Betreff ein.',
    autoReplySubject: 'Ihre Nachricht ist angekommen:',
    autoReplyGreeting: 'Guten Tag',
    emailDomainWithoutDot:
      'Diese Adresse ist unvollständig: Nach dem @ fehlt die Endung, z. B. beispiel.de. Unsere Antwort käme so nicht an.',
  },
  en: {
    form: 'Contact form',
    email: 'Email',
    title: 'Subject',
    project: 'Project description',
    submit: 'Send message',
    sending: 'Sending...',
    success: 'Message sent successfully! We will get back to you soon.',
    error: 'Error sending message. Please try again or contact us directly.',
    nameMissing: 'Please enter your name.',
    emailMissing: 'Please enter your email address.',
    titleMissing: 'Please enter a subject.',
    autoReplySubject: 'Your message has arrived:',
    autoReplyGreeting: 'Hello',
    emailDomainWithoutDot:
      'This address is incomplete: the part after the @ needs an ending, e.g. example.com. Our reply could not reach it.',
  },
} satisfies Record<Locale, Record<string, string>>;

/**
 * The contact form of one language, as a visitor meets it. `origin` opens it on another server
 * (the dev server) instead of the tested build.
 */
export function contactForm(page: Page, locale: Locale, origin = '') {
  const t = text[locale];
  const form = page.getByRole('form', { name: t.form });
  const fields = {
    name: form.getByLabel('Name'),
    email: form.getByLabel(t.email),
    title: form.getByLabel(t.title),
    project: form.getByLabel(t.project),
  };
  return {
    form,
    fields,
    submit: form.getByRole('button', { name: new RegExp(`${t.submit}|${t.sending.replace('...', '\\.\\.\\.')}`) }),
    success: form.getByRole('status'),
    error: form.getByRole('alert'),
    async open() {
      await page.goto(`${origin}${localizedPath('/', locale)}#contact`);
      await waitForIsland(page, 'ContactForm');
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
