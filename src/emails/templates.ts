/**
 * The contact form's e-mails, kept with the site: one HTML file per EmailJS template, its subject in
 * `<title>`, written in EmailJS's `{{variable}}` syntax. The build (an Astro integration), the unit
 * tests and the local inbox use it; the inbox is plain Node, which strips the types, so imports here
 * name their `.ts` file.
 *
 * Two kinds of variables:
 * - `{{name}}`, `{{email}}`, …: EmailJS fills them from the `template_params` the form sends. Only
 *   those exist (docs/deploy.md › The contact form's e-mails), so a template may use only the ones
 *   its template is sent, and of those only the ones it `shows`.
 * - `{{agency.phone}}`, …: the agency's facts from `src/content/agency.json`, filled in when the
 *   template is prepared for pasting into EmailJS (see `/inbox/templates` and docs/deploy.md), so a fact is
 *   still written down once. The form cannot send them: its `template_params` are fixed.
 */
import { readFile } from 'node:fs/promises';
import agency from '../content/agency.json' with { type: 'json' };
import { autoReplyEnvVariable, autoReplyTemplateFile, locales, type Locale } from '../i18n/locales.ts';

export type EmailTemplateName = 'notification' | `autoReply${Capitalize<Locale>}`;
export interface EmailTemplateInfo {
  file: string;
  envVariable: string;
  /** What the form sends this template: the spec's `template_params`, fixed. */
  params: readonly string[];
  /** Which of `params` its subject and body may show. */
  shows: readonly string[];
  recipient: string;
}
export type EmailTemplate = EmailTemplateInfo & { name: EmailTemplateName; subject: string; html: string };

const notificationParams = ['name', 'email', 'title', 'project', 'to_name'] as const;
const autoReplyParams = ['name', 'email', 'title'] as const;
/**
 * What a confirmation may show of what it is sent: the address it goes to, which its recipient's mail
 * program shows in the To line anyway. The public key is in every page, so anyone can have EmailJS
 * send a confirmation to any address with parameters of their choosing, past every check of the
 * form; and EmailJS fills a variable with whatever arrives (up to 50 KB in all), with no rule of
 * length or content. A confirmation that showed the name or the subject would carry a stranger's
 * words, a link included, in the agency's design from the agency's mailbox (docs/behaviour.md ›
 * Contact form).
 */
const autoReplyShows = ['email'] as const;

/** The auto-reply's template in `locale`, by the name `emailTemplates` keys it under (`autoReplyDe`). */
export const autoReplyTemplateName = <L extends Locale>(locale: L) =>
  `autoReply${(locale.charAt(0).toUpperCase() + locale.slice(1)) as Capitalize<L>}` as const;

/**
 * Every template the form sends through: its file, the variable that holds its EmailJS id, the
 * parameters the form sends to it and who receives it. The agency reads German, so one notification;
 * the visitor's confirmation comes in the language of the page they wrote from, one per locale of
 * the registry. The auto-reply carries no advertising, not even in its signature: German courts
 * count that as unsolicited advertising (BGH, 15 December 2015, VI ZR 134/15); so it is the
 * confirmation and the agency's contact facts, nothing more.
 */
export const emailTemplates: Record<EmailTemplateName, EmailTemplateInfo> = {
  notification: {
    file: 'notification.html',
    envVariable: 'PUBLIC_EMAILJS_NOTIFICATION_TEMPLATE_ID',
    params: notificationParams,
    // Its recipient is fixed to the agency in EmailJS: it may show all the visitor wrote.
    shows: notificationParams,
    recipient: 'the agency (German)',
  },
  ...(Object.fromEntries(
    locales.map((locale) => {
      const template: EmailTemplateInfo = {
        file: autoReplyTemplateFile(locale),
        envVariable: autoReplyEnvVariable(locale),
        params: autoReplyParams,
        shows: autoReplyShows,
        // The language named in English ("German"), for the people who set the site up.
        recipient: `a visitor who wrote from a page in ${new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale}`,
      };
      return [autoReplyTemplateName(locale), template];
    }),
  ) as Record<`autoReply${Capitalize<Locale>}`, EmailTemplateInfo>),
};

export const EMAILS_DIR = 'src/emails';
export const emailsFolder = new URL('./', import.meta.url);

/** `{{x}}`, and the unescaped `{{{x}}}` that EmailJS also knows and that we refuse. */
const VARIABLE = /\{\{(\{?)\s*([^{}]*?)\s*\}\}(\}?)/g;
const NAME = /^[a-zA-Z_][\w.]*$/;

export const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The text of an agency fact, or undefined for a key that is no fact a template can show. */
function agencyFact(key: string) {
  const value = (agency as Record<string, unknown>)[key];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return undefined;
}

/**
 * The template's subject and body with each variable replaced by what `paramValue` makes of it
 * (agency facts by their value, HTML-escaped in the body), refusing anything EmailJS would fill with
 * something the form does not send.
 */
function fill(template: EmailTemplate, paramValue: (name: string, html: boolean) => string) {
  const where = `${EMAILS_DIR}/${template.file}`;
  const fillText = (text: string, html: boolean) => {
    const leftover = /\{\{|\}\}/.exec(text.replace(VARIABLE, ''));
    if (leftover) throw new Error(`${where}: a "${leftover[0]}" that opens or closes no {{variable}}`);
    return text.replace(VARIABLE, (token: string, open: string, name: string, close: string) => {
      if (open || close) {
        throw new Error(`${where}: ${token} would put the visitor's text in unescaped; write {{${name}}}`);
      }
      if (!NAME.test(name)) throw new Error(`${where}: ${token} is no variable EmailJS can fill`);
      if (name.startsWith('agency.')) {
        const fact = agencyFact(name.slice('agency.'.length));
        if (fact === undefined) {
          throw new Error(`${where}: {{${name}}} is no fact in src/content/agency.json`);
        }
        return html ? escapeHtml(fact) : fact;
      }
      if (!template.params.includes(name)) {
        throw new Error(
          `${where}: unknown variable {{${name}}}: the form sends this template only ${template.params.join(', ')}`,
        );
      }
      if (!template.shows.includes(name)) {
        throw new Error(
          `${where}: {{${name}}} must not show here: anyone can have this e-mail sent to any address with ` +
            `words of their choosing, so it may show only ${template.shows.map((shown) => `{{${shown}}}`).join(', ')}`,
        );
      }
      return paramValue(name, html);
    });
  };
  return { subject: fillText(template.subject, false), html: fillText(template.html, true) };
}

/** The form's parameters that `template`'s subject or body shows, each once, in the order they come. */
export function shownParams(template: EmailTemplate): string[] {
  const names = [...`${template.subject}\n${template.html}`.matchAll(VARIABLE)].map(([, , name]) => name);
  return [...new Set(names.filter((name) => template.params.includes(name)))];
}

/** Reads one template file, from `folder` (tests pass their own). Its subject is its `<title>`. */
export async function loadEmailTemplate(name: EmailTemplateName, folder = emailsFolder): Promise<EmailTemplate> {
  const info = emailTemplates[name];
  const html = await readFile(new URL(info.file, folder), 'utf-8').catch((error: unknown) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    throw new Error(`${EMAILS_DIR}/${info.file} is missing: it is the template for ${info.recipient}`);
  });
  const subject = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1]?.trim();
  if (!subject) throw new Error(`${EMAILS_DIR}/${info.file}: no <title> to hold the subject`);
  return { ...info, name, subject, html };
}

export const loadEmailTemplates = (folder = emailsFolder) =>
  Promise.all((Object.keys(emailTemplates) as EmailTemplateName[]).map((name) => loadEmailTemplate(name, folder)));

/**
 * The e-mail as its recipient sees it: every parameter filled in, HTML-escaped in the body (as
 * EmailJS does with `{{…}}`); a parameter the message lacks stays empty, as in EmailJS.
 */
export const renderEmail = (template: EmailTemplate, params: Record<string, string | undefined>) =>
  fill(template, (name, html) => (html ? escapeHtml(params[name] ?? '') : (params[name] ?? '')));

/**
 * The template as it is pasted into EmailJS: agency facts filled in, EmailJS's variables kept.
 * Also the check: it throws for any variable the form does not send to this template.
 */
export const prepareForEmailJs = (template: EmailTemplate) => fill(template, (name) => `{{${name}}}`);

/** Checks every template; throws the first problem, naming the file and the variable. */
export async function checkEmailTemplates(folder = emailsFolder) {
  for (const template of await loadEmailTemplates(folder)) prepareForEmailJs(template);
}
