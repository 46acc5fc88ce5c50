import * as env from 'astro:env/client';
import { autoReplyEnvVariable, locales, type Locale } from '../../i18n/locales';
import type { ContactTemplates } from './send';

/**
 * The contact form's EmailJS settings: the one place the site reads environment variables. They are
 * declared in emailjs-settings.mjs, whose schema (astro.config.mjs) stops a build without them and
 * names the missing ones; the auto-reply's variable per locale comes from the locale registry.
 */
export const contactConfig = {
  publicKey: env.PUBLIC_EMAILJS_PUBLIC_KEY,
  serviceId: env.PUBLIC_EMAILJS_SERVICE_ID,
  origin: env.PUBLIC_EMAILJS_ORIGIN,
  templates: {
    notification: env.PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID,
    autoReply: Object.fromEntries(locales.map((locale) => [locale, env[autoReplyEnvVariable(locale)]])) as Record<
      Locale,
      string
    >,
  } satisfies ContactTemplates,
};
