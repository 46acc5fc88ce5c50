import agency from '../src/content/agency.json' with { type: 'json' };
import type { EmailTemplate } from '../src/emails/templates';
import { locales, type Locale } from '../src/i18n/locales';
import { getTranslator } from '../src/i18n/translate';

/**
 * What a visitor reads on the contact form in `locale`, from the dictionary as the page renders it:
 * kept apart from any test runner so the Playwright suite and the cross-engine journeys
 * (e2e-journeys/) expect the same.
 */
export function contactText(locale: Locale) {
  const t = getTranslator(locale);
  // The page puts the agency's address where a notice says {email} (as a mailto: link).
  const withEmail = { email: agency.email };
  return {
    form: t('contact.form.label'),
    name: t('contact.form.name'),
    email: t('contact.form.email'),
    title: t('contact.form.title'),
    project: t('contact.form.project'),
    submit: t('contact.form.submit'),
    sending: t('contact.form.sending'),
    success: t('contact.form.success'),
    error: t('contact.form.error'),
    nameMissing: t('contact.form.nameMissing'),
    emailMissing: t('contact.form.emailMissing'),
    titleMissing: t('contact.form.titleMissing'),
    emailMalformed: t('contact.form.emailMalformed'),
    emailDomainWithoutDot: t('contact.form.emailDomainWithoutDot'),
    tooLong: (max: number) => t('contact.form.tooLong', { max }),
    notDelivered: t('contact.form.notice.notDelivered', withEmail),
    noAnswer: t('contact.form.notice.noAnswer', withEmail),
    delivered: t('contact.form.notice.delivered', withEmail),
    interrupted: t('contact.form.notice.interrupted', withEmail),
  };
}

export type ContactText = ReturnType<typeof contactText>;

const byLocale = locales.map((locale) => [locale, contactText(locale)]);
export const text = Object.fromEntries(byLocale) as Record<Locale, ContactText>;

/**
 * The line of an e-mail template that holds `{{variable}}`, as its recipient reads it once `value`
 * stands there as plain text: "Guten Tag {{name}}," with the visitor's name. Read from the template
 * file itself, so a test that finds it in the rendered e-mail knows the value was not taken for markup.
 */
export function emailLine(template: EmailTemplate, variable: string, value: string): string {
  const token = `{{${variable}}}`;
  const line = template.html
    .split(/<[^>]*>/)
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .find((text) => text.includes(token));
  if (!line) throw new Error(`${template.file} has no line with ${token}`);
  return line.replace(token, value);
}
