import * as env from 'astro:env/client';
import { autoReplyEnvVariable, locales, type Locale } from '../../i18n/locales';
import { emailJsDelivery, type ContactPage, type EmailJsConfig } from './delivery';
import { sessionDraftStore } from './draft';
import { createContactForm, type ContactForm } from './form';

export type { ContactForm, ContactNotice } from './form';
export {
  contactFields,
  emptyMessage,
  fieldMaxLength,
  firstFieldInError,
  type ContactField,
  type ContactMessage,
  type FieldProblem,
} from './message';

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

/**
 * The site's contact form, the one entry point of its island: the form's state (form.ts), sending
 * through the EmailJS account above (delivery.ts), and the draft in this tab's sessionStorage.
 */
export function siteContactForm(page: ContactPage): ContactForm {
  return createContactForm({
    delivery: emailJsDelivery(emailJsConfig, page),
    draft: sessionDraftStore(() => sessionStorage),
  });
}
