import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import agency from '../content/agency.json' with { type: 'json' };
import { locales, type Locale } from '../i18n/locales';
import { sendContactMessage, type SendEmail } from '../lib/contact/delivery';
import {
  autoReplyTemplateName,
  checkEmailTemplates,
  emailTemplates,
  emailsFolder,
  loadEmailTemplate,
  prepareForEmailJs,
  renderEmail,
  type EmailTemplateName,
} from './templates.mjs';

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
  `<html><head><title>${subject}</title></head><body>${body}</body></html>`;

describe('the e-mail templates in src/emails', () => {
  it('use only variables the form sends to them, and agency facts that exist', async () => {
    await expect(checkEmailTemplates()).resolves.toBeUndefined();
  });

  it('expect exactly the parameters sendContactMessage sends to each template', async () => {
    const sendEmail = vi.fn<SendEmail>(() => Promise.resolve());
    const autoReply = Object.fromEntries(locales.map((locale) => [locale, autoReplyTemplateName(locale)]));
    const templates = { notification: 'notification', autoReply: autoReply as Record<Locale, string> };
    for (const locale of locales) {
      await sendContactMessage(visitor, { sendEmail, templates, agencyName: agency.name, locale }, () => undefined);
    }
    for (const [name, params] of sendEmail.mock.calls) {
      expect(Object.keys(params).sort(), name).toEqual([...emailTemplates[name as EmailTemplateName].params].sort());
    }
    expect(new Set(sendEmail.mock.calls.map(([name]) => name))).toEqual(new Set(Object.keys(emailTemplates)));
  });

  it('fill in the visitor’s parameters, HTML-escaped in the body and plain in the subject', async () => {
    const template = await loadEmailTemplate('notification');
    const params = {
      ...visitor,
      name: '<img src=x onerror=alert(1)> & Co',
      title: 'Café "Uferblick" <neu>',
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
  });

  it('fill each auto-reply in its language, with the agency’s contact facts from agency.json', async () => {
    const german = renderEmail(await loadEmailTemplate('autoReplyDe'), visitor);
    const english = renderEmail(await loadEmailTemplate('autoReplyEn'), visitor);
    expect(german.subject).toBe('Ihre Nachricht ist angekommen: Neue Website');
    expect(english.subject).toBe('Your message has arrived: Neue Website');
    for (const locale of locales) {
      const { html } = renderEmail(await loadEmailTemplate(autoReplyTemplateName(locale)), visitor);
      expect(html, locale).toMatch(new RegExp(`<html lang="${locale}(-|")`));
      expect(html, locale).toContain(visitor.name);
      for (const fact of [
        agency.legalName,
        agency.street,
        agency.postalCode,
        agency.town,
        agency.phone,
        agency.email,
      ]) {
        expect(html, locale).toContain(fact);
      }
      expect(html, locale).toContain(agency.partners.join(', '));
    }
  });

  it('keep the auto-replies free of anything promotional: no links, no social networks, no website', async () => {
    for (const locale of locales) {
      const { html } = prepareForEmailJs(await loadEmailTemplate(autoReplyTemplateName(locale)));
      expect(html).not.toMatch(/<a\b|href=|<img\b/i);
      expect(html).not.toContain(agency.siteUrl.replace(/^https?:\/\//, ''));
      for (const { label, url } of agency.social) {
        expect(html).not.toContain(label);
        expect(html).not.toContain(url);
      }
    }
  });

  it('are prepared for EmailJS with the agency’s facts filled in and EmailJS’s variables kept', async () => {
    const { subject, html } = prepareForEmailJs(await loadEmailTemplate('autoReplyEn'));
    expect(subject).toBe('Your message has arrived: {{title}}');
    expect(html).toContain('Hello {{name}},');
    expect(html).toContain(agency.phone);
    expect(html).not.toContain('{{agency.');
  });
});

describe('the template check', () => {
  it('fails naming the file and a variable the form does not send to that template', async () => {
    const folder = await foldersWith('auto-reply.en.html', page('Hi {{name}}', '<p>{{project}}</p>'));
    await expect(checkEmailTemplates(folder)).rejects.toThrow(
      'src/emails/auto-reply.en.html: unknown variable {{project}}: the form sends this template only name, email, title',
    );
  });

  it('fails for a variable no template is sent, in the subject too', async () => {
    const folder = await foldersWith('notification.html', page('Von {{phone}}', '<p>{{name}}</p>'));
    await expect(checkEmailTemplates(folder)).rejects.toThrow(
      'src/emails/notification.html: unknown variable {{phone}}',
    );
  });

  it('fails for an agency fact that does not exist, and for unescaped or broken variables', async () => {
    const cases = [
      ['<p>{{agency.fax}}</p>', '{{agency.fax}} is no fact in src/content/agency.json'],
      ['<p>{{agency.social}}</p>', '{{agency.social}} is no fact'],
      ['<p>{{{name}}}</p>', "{{{name}}} would put the visitor's text in unescaped"],
      ['<p>{{name}</p>', 'a "{{" that opens or closes no {{variable}}'],
      ['<p>{{#name}}x{{/name}}</p>', '{{#name}} is no variable EmailJS can fill'],
    ];
    for (const [body, message] of cases) {
      const folder = await foldersWith('auto-reply.de.html', page('Hallo', body));
      await expect(checkEmailTemplates(folder), body).rejects.toThrow(`src/emails/auto-reply.de.html: ${message}`);
    }
  });

  it('fails for a template without a subject', async () => {
    const folder = await foldersWith('auto-reply.de.html', '<p>{{name}}</p>');
    await expect(checkEmailTemplates(folder)).rejects.toThrow('src/emails/auto-reply.de.html: no <title>');
  });

  it('fails when rendering a template that uses a variable its form never sends', async () => {
    const folder = await foldersWith('auto-reply.de.html', page('Hallo', '<p>{{to_name}}</p>'));
    const template = await loadEmailTemplate('autoReplyDe', folder);
    expect(() => renderEmail(template, { ...visitor, to_name: 'x' })).toThrow('unknown variable {{to_name}}');
  });
});
