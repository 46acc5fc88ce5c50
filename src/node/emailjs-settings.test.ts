import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import config from '../../astro.config.mjs';
import { localInboxEnv, localTemplates } from '../../local-inbox/env.ts';
import { emailTemplates } from '../emails/templates';
import { connectSrc, emailJsSettings, readEmailJsEnv, requiredEmailJsVariables } from './emailjs-settings.ts';

/** The cells of the first Markdown table after `heading` in the Markdown file `file`, without its header row. */
function markdownTable(file: string, heading: string): string[][] {
  const text = readFileSync(file, 'utf-8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no heading "${heading}"`);
  const lines = text.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  const cells = (row: string) => row.slice(1, -1).split(' | ');
  return lines.slice(first + 2, end).map((row) => cells(row).map((cell) => cell.trim()));
}

const code = (text: string) => `\`${text}\``;
const names = emailJsSettings.map((setting) => setting.name);

describe('the EmailJS settings, declared once', () => {
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
    const lines = readFileSync('.env.example', 'utf-8').match(/^[A-Z_]+=.*$/gm) ?? [];
    expect(lines.map((line) => [line.split('=')[0], !line.endsWith('=')])).toEqual(
      emailJsSettings.map(({ name, required }) => [name, required]),
    );
  });

  it('are README’s table of variables, each with what it holds', () => {
    expect(markdownTable('README.md', '## Contact form (EmailJS)')).toEqual(
      emailJsSettings.map(({ name, description }) => [code(name), description]),
    );
  });

  it('match docs/deploy.md’s table of e-mails: file, recipient, variable and parameters of each template', () => {
    expect(markdownTable('docs/deploy.md', "## The contact form's e-mails")).toEqual(
      Object.values(emailTemplates).map(({ file, recipient, envVariable, params }) => [
        code(`src/emails/${file}`),
        recipient,
        code(envVariable),
        params.map(code).join(', '),
      ]),
    );
  });
});

describe('the EmailJS values, read for Node in one place', () => {
  afterEach(() => vi.unstubAllEnvs());
  const origin = 'PUBLIC_EMAILJS_ORIGIN';

  it.each([
    ['', "connect-src 'self' https://api.emailjs.com"],
    ['http://127.0.0.1:4321', "connect-src 'self' http://127.0.0.1:4321"],
    ['/', "connect-src 'self'"],
  ])('with PUBLIC_EMAILJS_ORIGIN=%o, let the content security policy reach the API: %s', (value, directive) => {
    vi.stubEnv(origin, value);
    expect(connectSrc(readEmailJsEnv('production', false).origin)).toBe(directive);
  });

  it.each([
    ['api.emailjs.com', 'is neither "/" nor an absolute URL'],
    ['ftp://api.example.org', 'must be an http or https URL'],
    [
      'https://api.emailjs.com/',
      'must be an origin alone, without a path or a trailing slash: https://api.emailjs.com',
    ],
  ])('stop the build on an origin the library could not glue its path to: %o', (value, problem) => {
    vi.stubEnv(origin, value);
    expect(() => readEmailJsEnv('production', false)).toThrow(`PUBLIC_EMAILJS_ORIGIN ${problem} ("${value}")`);
  });

  it('come from the environment before the .env files, as Astro reads them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emailjs-env-'));
    expect(readEmailJsEnv('development', dir).configured).toBe(false);
    writeFileSync(join(dir, '.env'), 'PUBLIC_EMAILJS_SERVICE_ID=from-file\nPUBLIC_EMAILJS_ORIGIN=/\n');
    vi.stubEnv('PUBLIC_EMAILJS_SERVICE_ID', 'from-environment');
    expect(readEmailJsEnv('development', dir)).toMatchObject({
      values: { PUBLIC_EMAILJS_SERVICE_ID: 'from-environment' },
      configured: true,
      origin: '/',
    });
  });
});
