/**
 * The local inbox as pages, a tool for people only: /inbox shows the newest messages the site sent
 * as each recipient will see it (rendered through its template from src/emails), with the raw
 * parameters beside it; /inbox/templates shows the templates ready to paste into EmailJS.
 */
import {
  escapeHtml as escape,
  EMAILS_DIR,
  prepareForEmailJs,
  renderEmail,
  type EmailTemplate,
} from '../src/emails/templates.ts';
import { defaultLocale, localeInfo } from '../src/i18n/locales.ts';
import { templateStandIn } from '../src/node/emailjs-settings.ts';

/** A message as the inbox keeps it: the send request as the API received it, and when and from where. */
export interface InboxMessage {
  receivedAt: string;
  origin: string | null;
  lib_version: unknown;
  user_id: string;
  service_id: string;
  template_id: string;
  template_params: Record<string, unknown>;
}

/** How many of the newest messages the page shows: 200 long messages on one page made it 25 MB. */
export const MESSAGES_SHOWN = 20;

/**
 * A parameter as text. The form sends strings, but the file may hold anything a request carried:
 * `{"toString": 1}` cannot even be turned into a string the usual way.
 */
const asText = (value: unknown) =>
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- TypeScript types JSON.stringify as always returning a string; for undefined, a function or a symbol it returns undefined
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

const problem = (text: string) => `<p class="problem">${escape(text)}</p>`;

/**
 * A message as its recipient sees it, its parameters as sent beside it. The e-mail sits in a
 * sandboxed frame: its own styles stay its own, and nothing in it can run.
 */
function renderedMessage(message: InboxMessage, templates: EmailTemplate[]) {
  const params = Object.fromEntries(
    Object.entries(message.template_params).map(([key, value]) => [key, asText(value)]),
  );
  const template = templates.find(({ name }) => templateStandIn(name) === message.template_id);
  const email = template && renderEmail(template, params);
  const body =
    template && email
      ? `<p class="meta">${escape(EMAILS_DIR)}/${escape(template.file)}</p><iframe sandbox title="${escape(email.subject)}" srcdoc="${escape(email.html)}"></iframe>`
      : problem(`No template in ${EMAILS_DIR} has the id ${message.template_id}.`);
  const rows = Object.entries(params).map(
    ([key, value]) => `<tr><th>${escape(key)}</th><td>${escape(value)}</td></tr>`,
  );
  // As the agency writes dates: its own language is the site's default.
  const when = new Date(message.receivedAt).toLocaleString(localeInfo[defaultLocale].htmlLang);
  const meta = [
    `template <code>${escape(message.template_id)}</code>`,
    `service <code>${escape(asText(message.service_id))}</code>`,
    `key <code>${escape(asText(message.user_id))}</code>`,
    `lib ${escape(asText(message.lib_version))}`,
    ...(message.origin ? [`from ${escape(asText(message.origin))}`] : []),
  ].join(' · ');
  return `<li data-template-id="${escape(message.template_id)}">
  <header><h2>${escape(email?.subject ?? message.template_id)}</h2>
  <time datetime="${escape(message.receivedAt)}">${escape(when)}</time></header>
  <p class="meta">${meta}</p>
  ${body}
  <details><summary>Parameters as sent</summary><table>${rows.join('')}</table></details>
</li>`;
}

/** EmailJS variables as the templates write them. */
const variables = (names: readonly string[]) => names.map((name) => `<code>{{${escape(name)}}}</code>`).join(', ');

const layout = (title: string, lead: string, main: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escape(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 2rem 1.25rem; color: #181c24; background: #f6f7f9; }
  h1 { margin: 0 0 .25rem; } .lead { color: #515c73; margin: 0 0 2rem; } a { color: #0b6b63; }
  ol { list-style: none; padding: 0; display: grid; gap: 1rem; }
  li, section { background: #fff; border: 1px solid #d5dae2; border-radius: 14px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
  header { display: flex; justify-content: space-between; gap: 1rem; } h2 { font-size: 1.05rem; margin: 0; }
  time, .meta { color: #515c73; font-size: .9rem; } .meta { margin: .25rem 0 .75rem; }
  .problem { color: #a3281b; font-weight: 600; }
  iframe { display: block; width: 100%; height: 26rem; border: 1px solid #d5dae2; border-radius: 8px; resize: vertical; }
  details { margin-top: .75rem; } summary { cursor: pointer; color: #424b5e; }
  table { border-collapse: collapse; width: 100%; } th { text-align: left; width: 9rem; vertical-align: top; color: #424b5e; font-weight: 600; }
  th, td { padding: .3rem 0; border-top: 1px solid #eceef2; white-space: pre-wrap; word-break: break-word; }
  label { display: block; font-weight: 600; margin-top: .75rem; } textarea, input { width: 100%; box-sizing: border-box; font: 13px/1.4 ui-monospace, monospace; }
</style>
</head>
<body>
<h1>${escape(title.replace(/ \(\d+\)$/, ''))}</h1>
<p class="lead">${lead}</p>
${main}
</body>
</html>`;

/**
 * The inbox: the newest MESSAGES_SHOWN of `messages` (newest first), rendered through `templates`;
 * `unreadable`: how many lines of the inbox file could not be read.
 */
export function renderInboxPage(messages: InboxMessage[], templates: EmailTemplate[], unreadable = 0) {
  const items = messages.slice(0, MESSAGES_SHOWN).map((message) => renderedMessage(message, templates));
  const notes = [
    ...(unreadable ? [`${unreadable} line(s) of the inbox file could not be read and are left out.`] : []),
    ...(messages.length > MESSAGES_SHOWN ? [`${messages.length - MESSAGES_SHOWN} older message(s) not shown.`] : []),
  ];
  return layout(
    `Local inbox (${messages.length})`,
    'What the contact form sent to the local EmailJS stand-in, newest first, each as its recipient will see it. Reload for new messages; all of them, as sent, are at <a href="/inbox/messages">/inbox/messages</a>. <a href="/inbox/templates">The templates, ready for EmailJS</a>.',
    `${notes.map(problem).join('')}${items.length ? `<ol>${items.join('\n')}</ol>` : '<p>No messages yet. Send the contact form on the site.</p>'}`,
  );
}

/**
 * Each template as it goes into the EmailJS dashboard: the agency's facts filled in, EmailJS's own
 * `{{variables}}` kept, and which environment variable then holds its id.
 */
export function renderTemplatesPage(templates: EmailTemplate[]) {
  const sections = templates.map((template) => {
    const { subject, html } = prepareForEmailJs(template);
    const id = `template-${template.name}`;
    return `<section>
  <h2>${escape(EMAILS_DIR)}/${escape(template.file)}</h2>
  <p class="meta">For ${escape(template.recipient)}. Its template id goes into <code>${escape(template.envVariable)}</code>. Variables: ${variables(template.params)}${template.shows.length < template.params.length ? ` (it shows only ${variables(template.shows)})` : ''}.</p>
  <label for="${id}-subject">Subject</label>
  <input id="${id}-subject" readonly value="${escape(subject)}">
  <label for="${id}-content">Content (Edit Content → Code Editor)</label>
  <textarea id="${id}-content" readonly rows="12">${escape(html)}</textarea>
</section>`;
  });
  return layout(
    'E-mail templates for EmailJS',
    'Paste each into its EmailJS template (docs/deploy.md, “Putting the templates into EmailJS”, says where). <a href="/inbox">Back to the inbox</a>.',
    sections.join('\n'),
  );
}

/** A template that cannot be read or filled, named with what is wrong, in place of the page. */
export const renderProblemPage = (error: unknown) =>
  layout('Local inbox', `The templates in ${EMAILS_DIR} cannot be shown:`, problem(String(error)));
