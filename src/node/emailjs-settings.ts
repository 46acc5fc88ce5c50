/**
 * The contact form's EmailJS settings, declared once, and the one place Node reads them from the
 * environment. From the list come the environment schema (astro.config.mjs, so a build without a
 * required value stops and names it), the local inbox's stand-in values (local-inbox/env.ts), and
 * the form's configuration, which the browser reads from the generated `astro:env/client` alone
 * (src/lib/contact/index.ts). `readEmailJsEnv` gives the build's content security policy and the dev
 * server's local inbox the values Astro will use. `.env.example` and the README's table are written for
 * people and checked against the list by `emailjs-settings.test.ts`.
 *
 * It imports only what Node can run as it is (each module by its `.ts` name): the Astro config and
 * the local inbox are plain Node.
 */
import { loadEnv } from 'vite';
import { emailTemplates } from '../emails/templates.ts';

/** The stand-in id the local inbox knows a template by (`autoReplyDe`: `template_autoreply_de`); `name` is a key of `emailTemplates`. */
export const templateStandIn = (name: string) => `template_${name.replace(/^autoReply/, 'autoreply_').toLowerCase()}`;

/**
 * Each setting: its environment variable, what it holds (as README's table says it), whether a build
 * stops without it, and what the local inbox sets instead (`null`: the inbox's own origin).
 */
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
  // One per template: the notification, then an auto-reply per locale of src/i18n/locales.ts.
  ...Object.entries(emailTemplates).map(([name, template]) => ({
    name: template.envVariable,
    description: `Template for ${template.recipient}; variables ${template.params.map((param) => `\`${param}\``).join(', ')}`,
    required: true,
    standIn: templateStandIn(name),
  })),
  // An absolute origin, or "/" for the page's own: `readEmailJsEnv` checks it before the build.
  {
    name: 'PUBLIC_EMAILJS_ORIGIN',
    description: "Optional: another EmailJS-compatible API origin, or `/` for the site's own (the local inbox)",
    required: false,
    standIn: null,
  },
];

/** The variables a build or the dev server needs before the form can send anywhere. */
export const requiredEmailJsVariables = emailJsSettings.filter((setting) => setting.required).map(({ name }) => name);

/**
 * PUBLIC_EMAILJS_ORIGIN: where the contact form's EmailJS-compatible API lives. Either an absolute
 * origin (another API host, or a local inbox on another port: `http://127.0.0.1:4321`), or `/`: the
 * origin the page itself was opened under. The dev server's inbox uses `/`, so the form reaches it
 * from a phone on the LAN (`http://192.168.1.20:4321`) as well as from `localhost`.
 */
export const PAGE_ORIGIN = '/';

/** Where the library posts when PUBLIC_EMAILJS_ORIGIN is unset or empty (as in .env.example). */
const EMAILJS_API_ORIGIN = 'https://api.emailjs.com';

/**
 * Why a value cannot be used, or undefined. Checked here before the build, as astro:env checks the
 * other variables: a schema URL would refuse `/`, and the library glues its path to what it is given.
 */
function apiOriginProblem(value: string): string | undefined {
  if (value === PAGE_ORIGIN) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is neither "${PAGE_ORIGIN}" nor an absolute URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.origin !== value) return `must be an origin alone, without a path or a trailing slash: ${url.origin}`;
  return undefined;
}

/**
 * The settings' values from the same sources Astro's env validation reads: the environment first,
 * then the `.env` files in `envDir` for `mode` (`false`: the environment alone). With them, whether
 * any required value is set (none: the local inbox stands in) and the API origin the form will post
 * to (`PAGE_ORIGIN` for the page's own). Throws, naming the variable, on an origin the form could
 * not post to.
 */
export function readEmailJsEnv(mode: string, envDir: string | false) {
  const env = loadEnv(mode, envDir, 'PUBLIC_');
  const values = Object.fromEntries(emailJsSettings.map(({ name }) => [name, env[name]]));
  // An empty `PUBLIC_EMAILJS_ORIGIN=` (as in .env.example) means EmailJS's own host too.
  const origin = values.PUBLIC_EMAILJS_ORIGIN || EMAILJS_API_ORIGIN;
  const problem = apiOriginProblem(origin);
  if (problem) throw new Error(`PUBLIC_EMAILJS_ORIGIN ${problem} ("${origin}")`);
  return { values, configured: requiredEmailJsVariables.some((name) => values[name]), origin };
}

/**
 * The content security policy's `connect-src`: the site itself and the API the form posts to, an
 * origin `readEmailJsEnv` gives.
 */
export const connectSrc = (origin: string): `connect-src ${string}` =>
  origin === PAGE_ORIGIN ? "connect-src 'self'" : `connect-src 'self' ${origin}`;
