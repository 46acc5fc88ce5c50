// @ts-check
/**
 * The contact form's EmailJS settings, declared once. From this list come the environment schema
 * (astro.config.mjs, so a build without a required value stops and names it), the local inbox's
 * stand-in values (local-inbox/env.mjs), and the form's configuration, which reads the generated
 * `astro:env/client` (src/lib/contact/config.ts). `.env.example` and README's table are written for
 * people and checked against it by `emailjs-settings.test.ts`.
 *
 * Plain JavaScript: the Astro config and the local inbox are plain Node.
 */
import { emailTemplates } from '../../emails/templates.ts';

/**
 * @typedef {object} EmailJsSetting
 * @property {string} name the environment variable
 * @property {string} description what it holds, as README's table says it
 * @property {boolean} required a build stops without it
 * @property {string | null} standIn what the local inbox sets instead; `null`: the inbox's own origin
 */

/**
 * The stand-in id the local inbox knows a template by (`autoReplyDe`: `template_autoreply_de`).
 * @param {string} name a key of `emailTemplates`
 */
export const templateStandIn = (name) => `template_${name.replace(/^autoReply/, 'autoreply_').toLowerCase()}`;

/** @type {readonly EmailJsSetting[]} */
export const emailJsSettings = [
  {
    name: 'PUBLIC_EMAILJS_PUBLIC_KEY',
    description: 'Account → General → Public Key',
    required: true,
    standIn: 'local-public-key',
  },
  {
    name: 'PUBLIC_EMAILJS_SERVICE_ID',
    description: "The email service connected to the agency's mailbox",
    required: true,
    standIn: 'service_local_inbox',
  },
  // One per template: the notification, then an auto-reply per locale of src/i18n/locale-registry.ts.
  ...Object.entries(emailTemplates).map(([name, template]) => ({
    name: template.envVariable,
    description: `Template for ${template.recipient}; variables ${template.params.map((param) => `\`${param}\``).join(', ')}`,
    required: true,
    standIn: templateStandIn(name),
  })),
  // An absolute origin, or "/" for the page's own: astro.config.mjs checks it before the build
  // (src/lib/contact/api-origin.mjs), since a schema URL would refuse "/".
  {
    name: 'PUBLIC_EMAILJS_ORIGIN',
    description: "Optional: another EmailJS-compatible API origin, or `/` for the site's own (the local inbox)",
    required: false,
    standIn: null,
  },
];

/** The variables a build or the dev server needs before the form can send anywhere. */
export const requiredEmailJsVariables = emailJsSettings.filter((setting) => setting.required).map(({ name }) => name);
