/** What every host must do with a build (deploy/nginx.test.ts, deploy/cloudflare.test.ts), shared by their tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import { headersFor, parseHeadersFile } from '../local-inbox/headers-file.mjs';
import { defaultLocale, otherLocales, type Locale } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';
import type { Response } from './nginx-server';
import type { ObservatoryTests } from './observatory-scan';
import { projectRoot } from './production-build';

// Without Vitest, for the e2e suite too.
export { builtFiles, projectRoot } from './production-build';

export const www = new URL(agency.siteUrl).hostname;
/** A language whose pages live under its prefix (`/en/`). */
const [prefixed] = otherLocales(defaultLocale) as [Locale];
export const inPrefixed = (path: string) => localizedPath(path, prefixed);

/** Pages asked for without their trailing slash, one with a query, and where each must lead. */
export const slashless = ['/agb', inPrefixed('/').slice(0, -1), inPrefixed('/impressum/').slice(0, -1)]
  .concat('/datenschutz?from=mail')
  .map((url) => [url, url.replace(/(\?|$)/, '/$1')] as const);

/** Addresses no build has, each answered with 404 and the 404 page. */
export const missingPaths = ['/gibt-es-nicht/', '/gibt-es-nicht', inPrefixed('/nothing/'), '/_astro/gone.js'].concat(
  '/videos/gone.webm',
);

/** public/_headers' `/*` rule: the headers every response carries. */
export const securityHeaders = headersFor(
  parseHeadersFile(readFileSync(join(projectRoot, 'public/_headers'), 'utf-8')),
  '/',
);

/** public/_headers' Cache-Control for the content-hashed files under /_astro/. */
export const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';

/** Each security header exactly once, with public/_headers' value. */
export function expectSecurityHeaders(response: Response, where: string) {
  for (const [name, value] of securityHeaders) {
    const sent = response.raw.filter(([header]) => header.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
    expect.soft(sent, `${name} on ${where}`).toEqual([value]);
  }
}

/** Status, and where given Content-Type, Cache-Control (`undefined`: none) and body, with the security headers. */
export function expectResponse(
  response: Response,
  where: string,
  expected: { status: number; type?: string; cache?: string | undefined; body?: Buffer },
) {
  expect.soft(response.status, where).toBe(expected.status);
  if (expected.type) expect.soft(response.headers['content-type'], where).toBe(expected.type);
  if ('cache' in expected) expect.soft(response.headers['cache-control'], where).toBe(expected.cache);
  if (expected.body) expect.soft(response.body.equals(expected.body), `${where} is the built file`).toBe(true);
  expectSecurityHeaders(response, where);
}

/** The Observatory's top grade: A+, at least `minimum`, no test failed. */
export function expectTopGrade(
  result: { grade: string; score: number; tests: ObservatoryTests },
  where: string,
  minimum: number,
) {
  const failed = Object.entries(result.tests).filter(([, test]) => !test.pass);
  expect.soft(failed, `Observatory tests failed for ${where}`).toEqual([]);
  expect.soft(result.grade, where).toBe('A+');
  expect.soft(result.score, where).toBeGreaterThanOrEqual(minimum);
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
