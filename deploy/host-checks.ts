/** What every host must do with a build, written once and run against each (deploy/nginx.test.ts, deploy/cloudflare.test.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import { headersFor, parseHeadersFile } from '../local-inbox/headers-file.ts';
import { defaultLocale, otherLocales, type Locale } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';
import { routes } from '../src/routes';
import { builtFiles, projectRoot } from './production-build';
import type { Response } from './servers';

export const www = new URL(agency.siteUrl).hostname;
/** A language whose pages live under its prefix (`/en/`). */
const [prefixed] = otherLocales(defaultLocale) as [Locale];
export const inPrefixed = (path: string) => localizedPath(path, prefixed);

/** docs/behaviour.md › Routes: pages asked for without their trailing slash, one with a query, and where each leads. */
const slashless = ['/agb', inPrefixed('/').slice(0, -1), inPrefixed('/impressum/').slice(0, -1)]
  .concat('/datenschutz?from=mail')
  .map((url) => [url, url.replace(/(\?|$)/, '/$1')] as const);

/** docs/behaviour.md › Routes: addresses no build has, each answered with 404 and the 404 page. */
const missingPaths = ['/gibt-es-nicht/', '/gibt-es-nicht', inPrefixed('/nothing/'), '/_astro/gone.js'].concat(
  '/videos/gone.webm',
);

/** public/_headers' `/*` rule: the headers every response carries. */
export const securityHeaders = headersFor(
  parseHeadersFile(readFileSync(join(projectRoot, 'public/_headers'), 'utf-8')),
  '/',
);

/** public/_headers' Cache-Control for the content-hashed files under /_astro/. */
export const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';

/** The types a visitor's browser reads these files by (a host's XML type is its own). */
const contentTypes: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

export const gzip = { 'accept-encoding': 'gzip' };

/** Status, and where given Content-Type, Cache-Control (`undefined`: none) and body, with each security header once. */
export function expectResponse(
  response: Response,
  where: string,
  expected: { status: number; type?: string | undefined; cache?: string | undefined; body?: Buffer },
) {
  expect.soft(response.status, where).toBe(expected.status);
  if (expected.type) expect.soft(response.headers['content-type'], where).toBe(expected.type);
  if ('cache' in expected) expect.soft(response.headers['cache-control'], where).toBe(expected.cache);
  if (expected.body) expect.soft(response.body.equals(expected.body), `${where} is the built file`).toBe(true);
  for (const [name, value] of securityHeaders) {
    const sent = response.raw.filter(([header]) => header.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
    expect.soft(sent, `${name} on ${where}`).toEqual([value]);
  }
}

/** A host serving a build, once its test has started it: the build, and a request for a path (with its query). */
type Host = () => { dist: string; get: (path: string, headers?: Record<string, string>) => Promise<Response> };

/**
 * Where hosts may differ: the sitemaps' Content-Type, a built file's Cache-Control by its name in the build
 * (`undefined`: none), the 404 page's (a file that is missing now may exist after the next deploy), the status of the
 * redirect to the address with its trailing slash, the built files it does not serve as files, and what else it must
 * send with every answer, or must not.
 */
export interface HostRules {
  xml: string;
  cache: (name: string) => string | undefined;
  notFoundCache: string;
  redirect: number;
  notServed: string[];
  alsoExpect: (response: Response, where: string) => void;
}

/** The tests every host passes: every built file as built, the redirects and the 404 page. */
export function itServesTheBuild(host: Host, rules: HostRules) {
  const check = (response: Response, where: string, expected: Parameters<typeof expectResponse>[2]) => {
    const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body;
    expectResponse({ ...response, body }, where, expected);
    rules.alsoExpect(response, where);
  };

  it('serves every built file as built, with its type, its cache lifetime and the security headers', async () => {
    const { dist, get } = host();
    const files = builtFiles(dist).filter(({ name }) => !rules.notServed.includes(name));
    expect(files.map(({ url }) => url)).toEqual(expect.arrayContaining(routes.map(({ url }) => url)));
    for (const { name, url, file } of files) {
      const extension = name.slice(name.lastIndexOf('.') + 1);
      const type = extension === 'xml' ? rules.xml : contentTypes[extension];
      check(await get(url, gzip), url, { status: 200, type, cache: rules.cache(name), body: readFileSync(file) });
    }
  });

  it.each(slashless)('redirects %s, without its trailing slash, to %s', async (url, location) => {
    const response = await host().get(url);
    check(response, `${url} (redirect)`, { status: rules.redirect });
    expect(response.headers.location).toBe(location);
  });

  it.each(missingPaths)('answers %s with 404 and the 404 page, never kept', async (url) => {
    const { dist, get } = host();
    const body = readFileSync(join(dist, '404.html'));
    check(await get(url, gzip), url, { status: 404, type: contentTypes.html, cache: rules.notFoundCache, body });
  });

  it('never serves the headers file itself', async () => {
    const response = await host().get('/_headers');
    expect(response.status).not.toBe(200);
    expect(response.body.toString()).not.toContain('Strict-Transport-Security');
  });
}

/**
 * A test that needs programs beyond npm's: a developer without them gets one line saying how to
 * install them and the test skips; in CI (`CI` set) `failInCi`, called in its setup, throws instead.
 */
export function requirements(test: string, what: string, missing: (string | false)[]) {
  const absent = missing.filter((line): line is string => !!line);
  const reason = absent.length > 0 ? `${what} needs ${absent.join('; ')}` : undefined;
  const skip = !!reason && !process.env.CI;
  if (skip) console.warn(`${test} skipped: ${reason}.`);
  return {
    skip,
    failInCi: () => {
      if (reason) throw new Error(`${reason}; in CI it never skips.`);
    },
  };
}
