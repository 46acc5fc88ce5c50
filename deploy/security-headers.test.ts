import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import { headersFor, parseHeadersFile } from '../local-inbox/headers-file.mjs';
import { defaultLocale, otherLocales } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';

/**
 * What every host we document sends, read from its files: public/_headers (Netlify, Cloudflare Pages)
 * and deploy/nginx/. deploy/nginx.test.ts runs the nginx files in real nginx; this test says, without
 * nginx, what they must hold and that both hosts send the same.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const nginxDir = join(root, 'deploy/nginx');
const siteConfig = join(nginxDir, 'sites-available/uferlicht.conf');
const www = new URL(agency.siteUrl).hostname;
const apex = www.replace(/^www\./, '');

/** The headers a page and a hashed asset must leave with, on every host we document. */
const required: [name: string, value: RegExp][] = [
  // Two years, as the HSTS preload list asks; at least one year is what the Observatory scores.
  ['Strict-Transport-Security', /^max-age=(6307200\d|[1-9]\d{8,})\b.*includeSubDomains/],
  // Trusted Types: no string reaches an HTML or script sink; the site's code needs no policy for it.
  ['Content-Security-Policy', /^(?=.*frame-ancestors 'none')(?=.*require-trusted-types-for 'script')/],
  ['X-Content-Type-Options', /^nosniff$/],
  ['Referrer-Policy', /^(strict-origin-when-cross-origin|no-referrer|same-origin|strict-origin)$/],
  ['Permissions-Policy', /camera=\(\)/],
  ['Cross-Origin-Opener-Policy', /^same-origin$/],
  ['Cross-Origin-Resource-Policy', /^same-origin$/],
  ['X-Frame-Options', /^DENY$/],
];
/** A page at the root, one under a language's prefix, the 404 page, a video and a hashed asset. */
const paths = [
  '/',
  ...otherLocales(defaultLocale).map((locale) => localizedPath('/impressum/', locale)),
  '/404.html',
  '/videos/deichrad.webm',
  '/_astro/index.Ab12Cd34.js',
];
const immutable = 'public, max-age=31536000, immutable';

type Directive = { name: string; args: string[]; block?: Directive[] };

/** nginx's configuration syntax, as far as these files use it: directives, quoted strings, blocks, comments. */
function parseNginx(text: string, includeFrom: string): Directive[] {
  const tokens = text.replace(/#[^\n]*/g, '').match(/"[^"]*"|'[^']*'|[{};]|[^\s{};]+/g) ?? [];
  let position = 0;
  const block = (): Directive[] => {
    const directives: Directive[] = [];
    while (position < tokens.length) {
      if (tokens[position] === '}') {
        position++;
        return directives;
      }
      const words: string[] = [];
      while (position < tokens.length && !['{', ';', '}'].includes(tokens[position]!)) words.push(tokens[position++]!);
      const [name, ...args] = words.map((word) => word.replace(/^(["'])(.*)\1$/, '$2'));
      if (!name) throw new Error(`nginx: stray "${tokens[position]}"`);
      if (tokens[position++] === '{') directives.push({ name, args, block: block() });
      else if (name === 'include')
        directives.push(...parseNginx(readFileSync(join(includeFrom, args[0]!), 'utf-8'), includeFrom));
      else directives.push({ name, args });
    }
    return directives;
  };
  return block();
}

/**
 * What nginx adds to a response for `pathname`: the add_header of the longest matching prefix
 * location if it has any, else the server's. nginx inherits add_header only into blocks without one.
 */
function nginxHeaders(server: Directive[], pathname: string): Directive[] {
  const own = (directives: Directive[]) => directives.filter((directive) => directive.name === 'add_header');
  const location = server
    .filter((directive) => directive.name === 'location' && directive.args.length === 1)
    .filter((directive) => pathname.startsWith(directive.args[0]!))
    .sort((a, b) => b.args[0]!.length - a.args[0]!.length)[0];
  return location && own(location.block ?? []).length > 0 ? own(location.block ?? []) : own(server);
}

const asPairs = (headers: Directive[]) => headers.map(({ args }): [string, string] => [args[0]!, args[1]!]);
const values = (directives: Directive[], name: string) =>
  directives.filter((directive) => directive.name === name).map(({ args }) => args);

function expectSecurityHeaders(headers: [string, string][], where: string) {
  for (const [name, value] of required) {
    const sent = headers.filter(([header]) => header.toLowerCase() === name.toLowerCase());
    expect.soft(sent, `${name} on ${where}`).toHaveLength(1);
    if (sent.length === 1) expect.soft(sent[0]![1], `${name} on ${where}`).toMatch(value);
  }
}

const headersRules = parseHeadersFile(readFileSync(join(root, 'public/_headers'), 'utf-8'));
const config = parseNginx(readFileSync(siteConfig, 'utf-8'), nginxDir);
const servers = config.filter((directive) => directive.name === 'server').map((server) => server.block ?? []);
const serverFor = (host: string, port: string) =>
  servers.filter(
    (server) =>
      values(server, 'server_name').some((names) => names.includes(host)) &&
      values(server, 'listen').some(([address]) => address === port),
  );

describe('security headers', () => {
  it('public/_headers sends them with every page and every file', () => {
    for (const path of paths) expectSecurityHeaders(headersFor(headersRules, path), `_headers ${path}`);
    expect(headersFor(headersRules, paths.at(-1)!)).toContainEqual(['Cache-Control', immutable]);
  });

  it('the nginx site sends them with every page and every file, also with errors (always)', () => {
    const [site] = serverFor(www, '443');
    for (const path of paths) {
      const headers = nginxHeaders(site!, path);
      expectSecurityHeaders(asPairs(headers), `nginx ${path}`);
      for (const { args } of headers.filter(({ args }) => required.some(([name]) => name === args[0]))) {
        // Without `always`, nginx leaves the header off error responses such as the 404 page.
        expect(args.at(-1), `add_header ${args[0]} … always`).toBe('always');
      }
    }
    expect(asPairs(nginxHeaders(site!, paths.at(-1)!))).toContainEqual(['Cache-Control', immutable]);
  });

  it('nginx and public/_headers send the same security headers, word for word', () => {
    const [site] = serverFor(www, '443');
    const fromNginx = asPairs(nginxHeaders(site!, '/')).filter(([name]) => name !== 'Cache-Control');
    expect(fromNginx.sort()).toEqual([...headersFor(headersRules, '/')].sort());
  });

  it('models nginx: a location with an add_header of its own drops the server-level ones', () => {
    const server = parseNginx(
      'add_header X-Content-Type-Options nosniff always; location /_astro/ { add_header Cache-Control "max-age=1" always; }',
      nginxDir,
    );
    expect(asPairs(nginxHeaders(server, '/'))).toEqual([['X-Content-Type-Options', 'nosniff']]);
    expect(asPairs(nginxHeaders(server, '/_astro/x.js'))).toEqual([['Cache-Control', 'max-age=1']]);
  });
});

describe(`the nginx site answers for ${www} (agency.json siteUrl), and ${apex} leads there`, () => {
  it('one https server for each name and one http server for both, each on IPv4 and IPv6', () => {
    expect(serverFor(www, '443')).toHaveLength(1);
    expect(serverFor(apex, '443')).toHaveLength(1);
    expect(serverFor(www, '80')).toHaveLength(1);
    expect(serverFor(www, '80')).toEqual(serverFor(apex, '80'));
    for (const server of servers) {
      const listens = values(server, 'listen').map(([address]) => address!);
      expect(listens.sort()).toEqual(listens.includes('443') ? ['443', '[::]:443'] : ['80', '[::]:80']);
    }
  });

  it('http redirects to https on the same host; https at the bare domain to the site', () => {
    const redirect = (server: Directive[]) => {
      const location = server.find(({ name, args }) => name === 'location' && args.join(' ') === '/');
      return values(location?.block ?? [], 'return')[0];
    };
    expect(redirect(serverFor(www, '80')[0]!)).toEqual(['301', 'https://$host$request_uri']);
    expect(redirect(serverFor(apex, '443')[0]!)).toEqual(['301', `${agency.siteUrl}$request_uri`]);
  });

  it('both https servers carry the certificate, HTTP/2 and HSTS', () => {
    const https = [...serverFor(www, '443'), ...serverFor(apex, '443')];
    expect(https).toHaveLength(2);
    for (const server of https) {
      for (const [, ...options] of values(server, 'listen')) expect(options).toEqual(['ssl', 'http2']);
      expect(values(server, 'ssl_certificate')).toHaveLength(1);
      expect(values(server, 'ssl_certificate_key')).toHaveLength(1);
      expect(asPairs(server.filter((directive) => directive.name === 'add_header'))).toContainEqual([
        'Strict-Transport-Security',
        expect.stringMatching(required[0]![1]),
      ]);
    }
  });
});
