import type { Locale } from '../../i18n/locales';
import type { ContactMessage } from './message';
import { withinTimeout } from './timeout';

/** Sends one e-mail through a template; resolves on success, rejects with the provider's failure. */
export type SendEmail = (
  templateId: string,
  params: Record<string, string>,
  options?: { limitRate?: { id: string; throttle: number } },
) => Promise<unknown>;

/**
 * EmailJS template ids. The agency reads German, so one notification; the visitor's confirmation is
 * chosen by the page's language, which keeps `template_params` exactly the spec's.
 */
export interface ContactTemplates {
  notification: string;
  autoReply: Record<Locale, string>;
}

export interface ContactDelivery {
  sendEmail: SendEmail;
  templates: ContactTemplates;
  /** The agency's name: the notification's `to_name`. */
  agencyName: string;
  /** The language of the page the visitor wrote from: the language of their confirmation. */
  locale: Locale;
}

/**
 * A visitor can send one message per this many milliseconds: stops double submits and naive
 * scripts. Checked on the notification only, else the auto-reply right after it would trip it, and
 * counted from a delivered notification only (see `emailJsSender`), so "try again" works at once.
 */
export const CONTACT_THROTTLE_MS = 5000;
export const CONTACT_THROTTLE_ID = 'contact-form';

/**
 * The sending sequence (README, "Contact form"): the notification to the agency first; `onNotified` as soon as it
 * went out (the message has arrived, so the form shows success); only then the auto-reply to the
 * visitor, in the page's language. Any failure rejects, with the provider's answer, and stops the
 * sequence; so does a send without an answer within SEND_TIMEOUT_MS (a `SendTimeoutError`).
 */
export async function sendContactMessage(
  message: ContactMessage,
  { sendEmail, templates, agencyName, locale }: ContactDelivery,
  onNotified: () => void,
): Promise<void> {
  const { name, email, title, project } = message;
  await withinTimeout(
    sendEmail(
      templates.notification,
      { name, email, title, project, to_name: agencyName },
      { limitRate: { id: CONTACT_THROTTLE_ID, throttle: CONTACT_THROTTLE_MS } },
    ),
  );
  onNotified();
  await withinTimeout(sendEmail(templates.autoReply[locale], { name, email, title }));
}
