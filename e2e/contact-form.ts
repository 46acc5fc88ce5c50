import type { ConsoleMessage, Page } from '@playwright/test';
import { uniqueEmail } from './inbox-client';
import { agency, localizedPath, waitForIsland, type Locale } from './fixtures';

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
    tooLong: (max: number) => `Das ist zu lang: höchstens ${max} Zeichen.`,
    notDelivered: `Ihre Nachricht ist nicht bei uns angekommen. Ihr Text steht noch im Formular: Senden Sie ihn gleich noch einmal oder schreiben Sie uns an ${agency.email}.`,
    noAnswer: `Der Versanddienst hat nicht geantwortet, daher wissen wir nicht, ob Ihre Nachricht angekommen ist. Ihr Text steht noch im Formular: Senden Sie ihn noch einmal oder schreiben Sie uns an ${agency.email}.`,
    delivered:
      'Ihre Nachricht ist bei uns angekommen, Sie brauchen sie nicht noch einmal zu senden. Nur die Eingangsbestätigung an Ihre E-Mail-Adresse ließ sich nicht verschicken.',
    interrupted: `Diese Nachricht war unterwegs, als die Seite verlassen wurde, und ist vielleicht schon bei uns. Kommt keine Eingangsbestätigung per E-Mail, senden Sie sie noch einmal oder schreiben Sie uns an ${agency.email}.`,
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
    tooLong: (max: number) => `This is too long: at most ${max} characters.`,
    notDelivered: `Your message did not reach us. Your text is still in the form: send it again, or write to us at ${agency.email}.`,
    noAnswer: `The sending service did not answer, so we cannot tell whether your message reached us. Your text is still in the form: send it again, or write to us at ${agency.email}.`,
    delivered:
      'Your message has reached us; there is no need to send it again. Only the confirmation to your email address could not be sent.',
    interrupted: `This message was on its way when the page was left, and may already have reached us. If no confirmation arrives by email, send it again or write to us at ${agency.email}.`,
  },
} satisfies Record<Locale, Record<string, string | ((max: number) => string)>>;

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
