import agency from '../src/content/agency.json' with { type: 'json' };
import type { Locale } from '../src/i18n/locales';

/**
 * What a visitor reads on the contact form, per language: the spec's wording, kept apart from any
 * test runner so the Playwright suite and the cross-engine journeys (e2e-engines/) expect the same.
 */
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
