import { caniemail } from 'caniemail';
import { describe, expect, it } from 'vitest';
import { loadEmailTemplates, prepareForEmailJs } from './templates';

/**
 * Where the agency and its visitors read mail, by caniemail's names (its data, caniemail.com's, is
 * the reference for what mail clients support): Outlook on every platform and on the web, Gmail on the
 * web and in its apps, Apple Mail.
 */
const clients = [
  'outlook.windows',
  'outlook.windows-mail',
  'outlook.macos',
  'outlook.outlook-com',
  'outlook.ios',
  'outlook.android',
  'gmail.desktop-webmail',
  'gmail.ios',
  'gmail.android',
  'apple-mail.macos',
  'apple-mail.ios',
] as const;
type Client = (typeof clients)[number];

/** The elements of `html` whose start tag holds `pattern`, e.g. every element with a `role`. */
const elementsWith = (html: string, pattern: RegExp) =>
  [...html.matchAll(/<(\w+)\b[^>]*>/g)].filter(([tag]) => pattern.test(tag)).map(([tag, name]) => ({ tag, name }));

/**
 * What the data says a client lacks and the templates use all the same, each with why nothing is
 * lost there and the condition that keeps it so. Partial support counts as support.
 */
const exemptions: Partial<Record<string, { clients: Client[]; why: string; holds: (html: string) => boolean }>> = {
  '<body> element': {
    clients: ['outlook.macos'],
    why: 'every HTML document has a body; Outlook for Mac replaces it, so it carries nothing: the wrapper table holds the colour and width',
    holds: (html) => html.includes('<body>'),
  },
  'role attribute': {
    clients: ['outlook.windows-mail'],
    why: 'role="presentation" tells screen readers that a table only lays out; where Windows Mail drops it, the table is read as a table, as without it',
    holds: (html) =>
      elementsWith(html, /\srole=/).every(({ tag, name }) => name === 'table' && tag.includes('role="presentation"')),
  },
  'white-space': {
    clients: ['outlook.windows', 'outlook.windows-mail'],
    why: 'EmailJS fills {{project}} as escaped text and cannot turn its line breaks into <br>; the <pre> around it keeps them in every client, and pre-wrap only lets long lines wrap where it is known',
    holds: (html) => elementsWith(html, /white-space/).every(({ name }) => name === 'pre'),
  },
};

describe('the e-mail templates in Outlook, Gmail and Apple Mail (caniemail)', async () => {
  const checked = (await loadEmailTemplates()).map((template) => {
    const { html } = prepareForEmailJs(template);
    const { errors } = caniemail({ clients: [...clients], html }).issues;
    const unsupported = [...errors].flatMap(([client, issues]) => issues.map(({ title }) => ({ client, title })));
    return { file: template.file, html, unsupported };
  });

  for (const { file, html, unsupported } of checked) {
    it(`${file} uses only what every client supports, apart from the named exemptions`, () => {
      const unexempted = unsupported.filter(
        ({ client, title }) => !exemptions[title]?.clients.includes(client as Client),
      );
      expect(unexempted.map(({ client, title }) => `${title} is not supported by ${client}`)).toEqual([]);
      for (const title of new Set(unsupported.map((issue) => issue.title))) {
        const exemption = exemptions[title];
        expect(exemption?.holds(html), `${title}: ${exemption?.why ?? 'no exemption'}`).toBe(true);
      }
    });
  }

  it('need every exemption they name', () => {
    const used = new Set(checked.flatMap(({ unsupported }) => unsupported.map(({ title }) => title)));
    expect([...used].sort()).toEqual(Object.keys(exemptions).sort());
  });
});
