import * as env from 'astro:env/client';
import { autoReplyEnvVariable, locales, type Locale } from '../../i18n/locales';
import { emailJsDelivery, type ContactPage, type EmailJsConfig } from './delivery';
import { createContactForm } from './form';

/**
 * The contact form's EmailJS account as the browser gets it: through astro:env alone. The variables
 * are declared in src/node/emailjs-settings.ts, whose schema (astro.config.mjs) stops a build without the
 * required ones and names them; the auto-reply's variable per locale comes from the locale registry.
 */
export const emailJsConfig: EmailJsConfig = {
  publicKey: env.PUBLIC_EMAILJS_PUBLIC_KEY,
  serviceId: env.PUBLIC_EMAILJS_SERVICE_ID,
  origin: env.PUBLIC_EMAILJS_ORIGIN,
  templates: {
    notification: env.PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID,
    autoReply: Object.fromEntries(locales.map((locale) => [locale, env[autoReplyEnvVariable(locale)]])) as Record<
      Locale,
      string
    >,
  },
};

/** The site's contact form, sending from `page` through the account above. */
export const siteContactForm = (page: ContactPage) => createContactForm(emailJsDelivery(emailJsConfig, page));
