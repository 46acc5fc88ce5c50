import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../local-inbox/headers-file.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const nginxDir = join(root, 'deploy/nginx');

/** The headers a page and a hashed asset must leave with, on every host we document. */
const required: [name: string, value: RegExp][] = [
  // Two years, as the HSTS preload list asks; at least one year is what the Observatory scores.
  ['Strict-Transport-Security', /^max-age=(6307200\d|[1-9]\d{8,})\b.*includeSubDomains/],
  ['Content-Security-Policy', /frame-ancestors 'none'/],
  ['X-Content-Type-Options', /^nosniff$/],
  ['Referrer-Policy', /^(strict-origin-when-cross-origin|no-referrer|same-origin|strict-origin)$/],
  ['Permissions-Policy', /camera=\(\)/],
];
const paths = ['/', '/en/impressum/', '/404.html', '/_astro/index.Ab12Cd34.js'];

type Directive = { name: string; args: string[]; block?: Directive[] };

/** nginx's configuration syntax, as far as this file uses it: directives, quoted strings, blocks, comments. */
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

function expectSecurityHeaders(headers: [string, string][], where: string) {
  for (const [name, value] of required) {
    const sent = headers.filter(([header]) => header.toLowerCase() === name.toLowerCase());
    expect.soft(sent, `${name} on ${where}`).toHaveLength(1);
    if (sent.length === 1) expect.soft(sent[0]![1], `${name} on ${where}`).toMatch(value);
  }
}

describe('security headers', () => {
  it('public/_headers sends them with every page and every hashed asset', () => {
    const rules = parseHeadersFile(readFileSync(join(root, 'public/_headers'), 'utf-8'));
    for (const path of paths) expectSecurityHeaders(headersFor(rules, path), `_headers ${path}`);
    expect(headersFor(rules, paths.at(-1)!)).toContainEqual(['Cache-Control', 'public, max-age=31536000, immutable']);
  });

  it('the nginx config sends them with every page and every hashed asset', () => {
    const config = parseNginx(readFileSync(join(nginxDir, 'uferlicht.conf'), 'utf-8'), nginxDir);
    const servers = config.filter((directive) => directive.name === 'server');
    expect(servers).toHaveLength(1);
    const server = servers[0]!.block ?? [];
    for (const path of paths) {
      const headers = nginxHeaders(server, path);
      expectSecurityHeaders(asPairs(headers), `nginx ${path}`);
      for (const { args } of headers.filter(({ args }) => required.some(([name]) => name === args[0]))) {
        // Without `always`, nginx leaves the header off error responses such as the 404 page.
        expect(args.at(-1), `add_header ${args[0]} … always`).toBe('always');
      }
    }
    expect(asPairs(nginxHeaders(server, paths.at(-1)!))).toContainEqual([
      'Cache-Control',
      'public, max-age=31536000, immutable',
    ]);
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
