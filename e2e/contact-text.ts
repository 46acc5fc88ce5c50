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
