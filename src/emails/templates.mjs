// @ts-check
/**
 * The contact form's e-mails, kept with the site: one HTML file per EmailJS template, its subject in
 * `<title>`, written in EmailJS's `{{variable}}` syntax. Plain JavaScript, because the build (an Astro
 * integration) and the local inbox (plain Node) use it as well as the unit tests.
 *
 * Two kinds of variables:
 * - `{{name}}`, `{{email}}`, …: EmailJS fills them from the `template_params` the form sends. Only
 *   those exist (README, "The e-mails"), so a template may use only the ones its template is sent.
 * - `{{agency.phone}}`, …: the agency's facts from `src/content/agency.json`, filled in when the
 *   template is prepared for pasting into EmailJS (see `/inbox/templates` and README), so a fact is
 *   still written down once. The form cannot send them: its `template_params` are fixed.
 */
import { readFile } from 'node:fs/promises';
import agency from '../content/agency.json' with { type: 'json' };
import { autoReplyEnvVariable, autoReplyTemplateFile, englishName, locales } from '../i18n/locale-registry.ts';

/**
 * @typedef {import('../i18n/locale-registry.ts').Locale} Locale
 * @typedef {'notification' | `autoReply${Capitalize<Locale>}`} EmailTemplateName
 * @typedef {{ file: string, envVariable: string, params: readonly string[], recipient: string }} EmailTemplateInfo
 * @typedef {EmailTemplateInfo & { name: EmailTemplateName, subject: string, html: string }} EmailTemplate
 */

const notificationParams = /** @type {const} */ (['name', 'email', 'title', 'project', 'to_name']);
const autoReplyParams = /** @type {const} */ (['name', 'email', 'title']);

/**
 * The auto-reply's template in `locale`, by the name `emailTemplates` keys it under (`autoReplyDe`).
 * @template {Locale} L
 * @param {L} locale
 * @returns {`autoReply${Capitalize<L>}`}
 */
export const autoReplyTemplateName = (locale) =>
  /** @type {`autoReply${Capitalize<L>}`} */ (`autoReply${locale.charAt(0).toUpperCase()}${locale.slice(1)}`);

/**
 * Every template the form sends through: its file, the variable that holds its EmailJS id, the
 * parameters the form sends to it and who receives it. The agency reads German, so one notification;
 * the visitor's confirmation comes in the language of the page they wrote from, one per locale of
 * the registry. The auto-reply carries no advertising, not even in its signature: German courts
 * count that as unsolicited advertising (BGH, 15 December 2015, VI ZR 134/15); so it is the
 * confirmation and the agency's contact facts, nothing more.
 * @type {Record<EmailTemplateName, EmailTemplateInfo>}
 */
export const emailTemplates = {
  notification: {
    file: 'notification.html',
    envVariable: 'PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID',
    params: notificationParams,
    recipient: 'the agency (German)',
  },
  .../** @type {Record<`autoReply${Capitalize<Locale>}`, EmailTemplateInfo>} */ (
    Object.fromEntries(
      locales.map((locale) => {
        /** @type {EmailTemplateInfo} */
        const template = {
          file: autoReplyTemplateFile(locale),
          envVariable: autoReplyEnvVariable(locale),
          params: autoReplyParams,
          recipient: `a visitor who wrote from a page in ${englishName(locale)}`,
        };
        return [autoReplyTemplateName(locale), template];
      }),
    )
  ),
};

export const EMAILS_DIR = 'src/emails';
export const emailsFolder = new URL('./', import.meta.url);

/** A template that cannot be sent as it is; the message names the file and what is wrong. */
export class EmailTemplateError extends Error {
  name = 'EmailTemplateError';
}

/** `{{x}}`, and the unescaped `{{{x}}}` that EmailJS also knows and that we refuse. */
const VARIABLE = /\{\{(\{?)\s*([^{}]*?)\s*\}\}(\}?)/g;
const NAME = /^[a-zA-Z_][\w.]*$/;

/** @param {unknown} value */
export const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The text of an agency fact, or undefined for a key that is no fact a template can show. */
function agencyFact(/** @type {string} */ key) {
  const value = /** @type {Record<string, unknown>} */ (agency)[key];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return undefined;
}

/**
 * Replaces each variable of `text` by what `paramValue` makes of it (agency facts by their value),
 * and refuses anything EmailJS would fill with something the form does not send.
 * @param {string} text
 * @param {EmailTemplate} template
 * @param {{ html: boolean, paramValue: (name: string) => string }} how
 */
function fill(text, template, { html, paramValue }) {
  const where = `${EMAILS_DIR}/${template.file}`;
  const leftover = /\{\{|\}\}/.exec(text.replace(VARIABLE, ''));
  if (leftover) throw new EmailTemplateError(`${where}: a "${leftover[0]}" that opens or closes no {{variable}}`);
  /** @type {(token: string, open: string, name: string, close: string) => string} */
  const fillToken = (token, open, name, close) => {
    if (open || close) {
      throw new EmailTemplateError(`${where}: ${token} would put the visitor's text in unescaped; write {{${name}}}`);
    }
    if (!NAME.test(name)) throw new EmailTemplateError(`${where}: ${token} is no variable EmailJS can fill`);
    if (name.startsWith('agency.')) {
      const fact = agencyFact(name.slice('agency.'.length));
      if (fact === undefined) {
        throw new EmailTemplateError(`${where}: {{${name}}} is no fact in src/content/agency.json`);
      }
      return html ? escapeHtml(fact) : fact;
    }
    if (!template.params.includes(name)) {
      throw new EmailTemplateError(
        `${where}: unknown variable {{${name}}}: the form sends this template only ${template.params.join(', ')}`,
      );
    }
    return paramValue(name);
  };
  return text.replace(VARIABLE, fillToken);
}

/**
 * Reads one template file. Its subject is its `<title>`.
 * @param {EmailTemplateName} name
 * @param {URL} [folder] where the files are (tests pass their own)
 * @returns {Promise<EmailTemplate>}
 */
export async function loadEmailTemplate(name, folder = emailsFolder) {
  const info = emailTemplates[name];
  const html = await readFile(new URL(info.file, folder), 'utf-8').catch((/** @type {unknown} */ error) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    throw new EmailTemplateError(`${EMAILS_DIR}/${info.file} is missing: it is the template for ${info.recipient}`);
  });
  const subject = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1]?.trim();
  if (!subject) throw new EmailTemplateError(`${EMAILS_DIR}/${info.file}: no <title> to hold the subject`);
  return { ...info, name, subject, html };
}

/** @param {URL} [folder] @returns {Promise<EmailTemplate[]>} */
export const loadEmailTemplates = (folder = emailsFolder) =>
  Promise.all(
    /** @type {EmailTemplateName[]} */ (Object.keys(emailTemplates)).map((name) => loadEmailTemplate(name, folder)),
  );

/**
 * The e-mail as its recipient sees it: every parameter filled in, HTML-escaped in the body (as
 * EmailJS does with `{{…}}`); a parameter the message lacks stays empty, as in EmailJS.
 * @param {EmailTemplate} template
 * @param {Record<string, string | undefined>} params
 */
export function renderEmail(template, params) {
  const value = (/** @type {string} */ name) => params[name] ?? '';
  return {
    subject: fill(template.subject, template, { html: false, paramValue: value }),
    html: fill(template.html, template, { html: true, paramValue: (name) => escapeHtml(value(name)) }),
  };
}

/**
 * The template as it is pasted into EmailJS: agency facts filled in, EmailJS's variables kept.
 * Also the check: it throws for any variable the form does not send to this template.
 * @param {EmailTemplate} template
 */
export function prepareForEmailJs(template) {
  const keep = (/** @type {string} */ name) => `{{${name}}}`;
  return {
    subject: fill(template.subject, template, { html: false, paramValue: keep }),
    html: fill(template.html, template, { html: true, paramValue: keep }),
  };
}

/** Checks every template; throws the first problem, naming the file and the variable. */
export async function checkEmailTemplates(folder = emailsFolder) {
  for (const template of await loadEmailTemplates(folder)) prepareForEmailJs(template);
}
