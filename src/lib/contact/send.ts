import type { ContactMessage } from './message';

/** Sends one e-mail through a template; resolves on success, rejects with the provider's failure. */
export type SendEmail = (
  templateId: string,
  params: Record<string, string>,
  options?: { limitRate?: { id: string; throttle: number } },
) => Promise<unknown>;

export interface ContactDelivery {
  sendEmail: SendEmail;
  templates: { notification: string; autoReply: string };
  /** The agency's name: the notification's `to_name`. */
  agencyName: string;
}

/**
 * A visitor can send one message per this many milliseconds: stops double submits and naive
 * scripts. Checked on the notification only, else the auto-reply right after it would trip it.
 */
export const CONTACT_THROTTLE_MS = 5000;
export const CONTACT_THROTTLE_ID = 'contact-form';

/**
 * The spec's sending sequence (§ 7): the notification to the agency first; `onNotified` as soon as it
 * went out (the message has arrived, so the form shows success); only then the auto-reply to the
 * visitor. Any failure rejects, with the provider's answer, and stops the sequence.
 */
export async function sendContactMessage(
  message: ContactMessage,
  { sendEmail, templates, agencyName }: ContactDelivery,
  onNotified: () => void,
): Promise<void> {
  const { name, email, title, project } = message;
  await sendEmail(
    templates.notification,
    { name, email, title, project, to_name: agencyName },
    { limitRate: { id: CONTACT_THROTTLE_ID, throttle: CONTACT_THROTTLE_MS } },
  );
  onNotified();
  await sendEmail(templates.autoReply, { name, email, title });
}
