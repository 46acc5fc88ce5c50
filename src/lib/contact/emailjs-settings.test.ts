import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../../astro.config.mjs';
import { localInboxEnv, localTemplates } from '../../../local-inbox/env.mjs';
import { emailTemplates } from '../../emails/templates';
import { autoReplyEnvVariable, locales } from '../../i18n/locales';
import { emailJsSettings, requiredEmailJsVariables } from './emailjs-settings.mjs';

/** The cells of the first Markdown table after `heading` in README.md, without its header row. */
function readmeTable(heading: string): string[][] {
  const readme = readFileSync('README.md', 'utf-8');
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README.md has no heading "${heading}"`);
  const lines = readme.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first + 2, end).map((row) =>
    row
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim()),
  );
}

const code = (text: string) => `\`${text}\``;
const names = emailJsSettings.map((setting) => setting.name);

describe('the EmailJS settings, declared once', () => {
  it('hold one auto-reply template per locale of the registry', () => {
    for (const locale of locales) expect(names).toContain(autoReplyEnvVariable(locale));
    expect(new Set(names).size).toBe(names.length);
  });

  it('are the environment schema of the build: the required ones required', () => {
    const schema = config.env?.schema ?? {};
    expect(Object.keys(schema)).toEqual(names);
    for (const { name, required } of emailJsSettings) expect(schema[name].optional ?? false, name).toBe(!required);
  });

  it('have a stand-in in the local inbox for each, and the inbox knows each template by it', () => {
    const env = localInboxEnv('http://127.0.0.1:4321');
    expect(Object.keys(env)).toEqual(names);
    for (const name of requiredEmailJsVariables) expect(env[name], name).toMatch(/^\S+$/);
    expect(env.PUBLIC_EMAILJS_ORIGIN).toBe('http://127.0.0.1:4321');
    expect([localTemplates.notification, ...Object.values(localTemplates.autoReply)]).toEqual(
      Object.values(emailTemplates).map(({ envVariable }) => env[envVariable]),
    );
  });

  it('are the lines of .env.example, in the same order, with a value for each required one', () => {
    const lines = readFileSync('.env.example', 'utf-8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line));
    expect(lines.map((line) => line.split('=')[0])).toEqual(names);
    for (const { name, required } of emailJsSettings) {
      const value = (lines.find((line) => line.startsWith(`${name}=`)) ?? '').slice(name.length + 1);
      expect(value !== '', `${name} in .env.example`).toBe(required);
    }
  });

  it('are README’s table of variables, each with what it holds', () => {
    expect(readmeTable('### Contact form (EmailJS)')).toEqual(
      emailJsSettings.map(({ name, description }) => [code(name), description]),
    );
  });

  it('match README’s table of e-mails: file, recipient, variable and parameters of each template', () => {
    expect(readmeTable('#### The e-mails')).toEqual(
      Object.values(emailTemplates).map(({ file, recipient, envVariable, params }) => [
        code(`src/emails/${file}`),
        recipient,
        code(envVariable),
        params.map(code).join(', '),
      ]),
    );
  });
});
