/**
 * The EmailJS settings that point the contact form at the local inbox instead of EmailJS: each
 * setting's stand-in from src/node/emailjs-settings.ts. Keys and template ids are stand-ins:
 * the inbox checks only that they are there, as the real API does.
 */
import { locales, type Locale } from '../src/i18n/locales.ts';
import { autoReplyTemplateName } from '../src/emails/templates.ts';
import { emailJsSettings, templateStandIn } from '../src/node/emailjs-settings.ts';

/** `origin`: where the inbox answers, e.g. http://127.0.0.1:4321. */
export function localInboxEnv(origin: string) {
  return Object.fromEntries(emailJsSettings.map(({ name, standIn }) => [name, standIn ?? origin]));
}

/** The template ids a local build sends with, in the shape of the form's own configuration. */
export const localTemplates = {
  notification: templateStandIn('notification'),
  autoReply: Object.fromEntries(
    locales.map((locale) => [locale, templateStandIn(autoReplyTemplateName(locale))]),
  ) as Record<Locale, string>,
};

/**
 * A built site opens as localhost and reaches the inbox by IP, so the browser treats the inbox as
 * another origin and goes through CORS and its preflight exactly as it does with api.emailjs.com.
 */
export const builtSiteInboxOrigin = (port: number) => `http://127.0.0.1:${port}`;
