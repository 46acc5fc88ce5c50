// @ts-check
/**
 * The EmailJS settings of a local build: the form talks to the inbox server instead of EmailJS.
 * The API is addressed by IP while the site is opened as localhost, so the browser treats it as
 * another origin and goes through CORS and its preflight exactly as it does with api.emailjs.com.
 */
export const localTemplates = { notification: 'template_notification', autoReply: 'template_autoreply' };

/** @param {number} port */
export function localInboxEnv(port) {
  return {
    PUBLIC_EMAILJS_PUBLIC_KEY: 'local-public-key',
    PUBLIC_EMAILJS_SERVICE_ID: 'service_local_inbox',
    PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID: localTemplates.notification,
    PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID: localTemplates.autoReply,
    PUBLIC_EMAILJS_ORIGIN: `http://127.0.0.1:${port}`,
  };
}
