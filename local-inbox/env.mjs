// @ts-check
/**
 * The EmailJS settings that point the contact form at the local inbox instead of EmailJS. Keys and
 * template ids are stand-ins: the inbox checks only that they are there, as the real API does.
 */
export const localTemplates = {
  notification: 'template_notification',
  autoReply: { de: 'template_autoreply_de', en: 'template_autoreply_en' },
};

/** The variables a build or the dev server needs before the form can send anywhere. */
export const requiredEmailJsVariables = /** @type {const} */ ([
  'PUBLIC_EMAILJS_PUBLIC_KEY',
  'PUBLIC_EMAILJS_SERVICE_ID',
  'PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID',
  'PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_DE',
  'PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_EN',
]);

/** @param {string} origin where the inbox answers, e.g. http://127.0.0.1:4321 */
export function localInboxEnv(origin) {
  return {
    PUBLIC_EMAILJS_PUBLIC_KEY: 'local-public-key',
    PUBLIC_EMAILJS_SERVICE_ID: 'service_local_inbox',
    PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID: localTemplates.notification,
    PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_DE: localTemplates.autoReply.de,
    PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_EN: localTemplates.autoReply.en,
    PUBLIC_EMAILJS_ORIGIN: origin,
  };
}

/**
 * A built site opens as localhost and reaches the inbox by IP, so the browser treats the inbox as
 * another origin and goes through CORS and its preflight exactly as it does with api.emailjs.com.
 * @param {number} port
 */
export const builtSiteInboxOrigin = (port) => `http://127.0.0.1:${port}`;
