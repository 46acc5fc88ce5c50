import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import agency from '../content/agency.json' with { type: 'json' };
import { defaultLocale, localeInfo, locales } from '../i18n/locales';
import { autoReplyTemplateName, checkEmailTemplates, emailsFolder, loadEmailTemplate, renderEmail } from './templates';

const visitor = { name: 'Erika Mustermann', email: 'erika@example.org', title: 'Neue Website', project: 'Ein Café' };

/** A copy of the real templates with one file replaced, to see what the check makes of it. */
async function foldersWith(file: string, html: string) {
  const folder = await mkdtemp(join(tmpdir(), 'emails-'));
  for (const name of await readdir(emailsFolder)) {
    if (name.endsWith('.html')) await copyFile(new URL(name, emailsFolder), join(folder, name));
  }
  await writeFile(join(folder, file), html);
  folders.push(folder);
  return pathToFileURL(`${folder}/`);
}
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

const page = (subject: string, body: string) =>
  `<html><head><title>${subject}</title></head><body><p>${body}</p></body></html>`;

describe('the e-mail templates in src/emails', () => {
  it('use only variables the form sends to them, and agency facts that exist', async () => {
    await expect(checkEmailTemplates()).resolves.toBeUndefined();
  });

  it('fill in the visitor’s parameters, HTML-escaped in the body and plain in the subject', async () => {
    const template = await loadEmailTemplate('notification');
    const params = {
      ...visitor,
      name: '<img src=x onerror=alert(1)> & Co',
      title: 'Café "Uferblick" <neu>',
      project: 'Ein Café.\nMit <Terrasse>.',
      to_name: agency.name,
    };
    const { subject, html } = renderEmail(template, params);
    expect(subject).toBe('Neue Anfrage über die Website: Café "Uferblick" <neu>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; Co');
    expect(html).toContain('Café &#34;Uferblick&#34; &#60;neu&#62;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<neu>');
    expect(html).toContain(`Hallo ${agency.name},`);
    expect(html).toContain('href="mailto:erika@example.org"');
    expect(html).not.toMatch(/\{\{/);
    // The description's line breaks survive as EmailJS fills it, in the local inbox too.
    expect(html).toMatch(/<pre\b[^>]*>\s*Ein Café\.\nMit &#60;Terrasse&#62;\.<\/pre>/);
    expect(html).toContain(`<html lang="${localeInfo[defaultLocale].htmlLang}">`);
  });

  // Anyone can have a confirmation sent to any address with parameters of their choosing: it shows
  // the address it goes to, which the To line shows anyway, and nothing else the sender typed (the
  // check above refuses a template that shows more than its `shows`). Nothing promotional either: no
  // links, no social networks, no website (docs/behaviour.md › Contact form; templates.ts says why).
  it('fill each auto-reply in its language with the agency’s facts, nothing promotional, and only the address typed', async () => {
    const german = renderEmail(await loadEmailTemplate('autoReplyDe'), visitor);
    const english = renderEmail(await loadEmailTemplate('autoReplyEn'), visitor);
    expect(german.subject).toBe(`Ihre Nachricht an ${agency.name} ist angekommen`);
    expect(english.subject).toBe(`Your message to ${agency.name} has arrived`);
    const facts = [agency.legalName, agency.street, agency.postalCode, agency.town, agency.phone, agency.email];
    for (const locale of locales) {
      const template = await loadEmailTemplate(autoReplyTemplateName(locale));
      expect(template.shows, template.file).toEqual(['email']);
      const { subject, html } = renderEmail(template, visitor);
      expect(html, locale).toContain(`<html lang="${localeInfo[locale].htmlLang}">`);
      for (const fact of [visitor.email, ...facts, agency.partners.join(', ')]) expect(html, locale).toContain(fact);
      for (const typed of [visitor.name, visitor.title, visitor.project]) {
        expect(`${subject}\n${html}`, template.file).not.toContain(typed);
      }
      expect(html).not.toMatch(/<a\b|href=|<img\b/i);
      const social = agency.social.flatMap(({ label, url }) => [label, url]);
      for (const promotion of [agency.siteUrl.replace(/^https?:\/\//, ''), ...social])
        expect(html).not.toContain(promotion);
    }
  });
});

describe('the template check', () => {
  it.each([
    [
      'auto-reply.en.html',
      page('Hi', '{{project}}'),
      'unknown variable {{project}}: the form sends this template only name, email, title',
    ],
    [
      'auto-reply.de.html',
      page('Hallo {{name}}', '{{email}}'),
      '{{name}} must not show here: anyone can have this e-mail sent to any address with words of their choosing, so it may show only {{email}}',
    ],
    ['auto-reply.en.html', page('Re: {{title}}', '{{email}}'), '{{title}} must not show here'],
    ['notification.html', page('Von {{phone}}', '{{name}}'), 'unknown variable {{phone}}'],
    ['auto-reply.de.html', page('Hallo', '{{agency.fax}}'), '{{agency.fax}} is no fact in src/content/agency.json'],
    ['auto-reply.de.html', page('Hallo', '{{agency.social}}'), '{{agency.social}} is no fact'],
    ['auto-reply.de.html', page('Hallo', '{{{name}}}'), "{{{name}}} would put the visitor's text in unescaped"],
    ['auto-reply.de.html', page('Hallo', '{{name}'), 'a "{{" that opens or closes no {{variable}}'],
    ['auto-reply.de.html', page('Hallo', '{{#name}}x{{/name}}'), '{{#name}} is no variable EmailJS can fill'],
    ['auto-reply.de.html', '<p>{{name}}</p>', 'no <title>'],
  ])('fails on %s with %j, saying: %s', async (file, html, message) => {
    await expect(checkEmailTemplates(await foldersWith(file, html))).rejects.toThrow(`src/emails/${file}: ${message}`);
  });

  it('fails when rendering a template that uses a variable its form never sends', async () => {
    const folder = await foldersWith('auto-reply.de.html', page('Hallo', '{{to_name}}'));
    const template = await loadEmailTemplate('autoReplyDe', folder);
    expect(() => renderEmail(template, { ...visitor, to_name: 'x' })).toThrow('unknown variable {{to_name}}');
  });
});
