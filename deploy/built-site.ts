/**
 * What every host must do with a build, shared by the tests that run one in a real server
 * (deploy/nginx.test.ts, deploy/cloudflare.test.ts): the build's files by the address a visitor asks
 * for, and the security headers of public/_headers on every response.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { headersFor, parseHeadersFile } from '../local-inbox/headers-file.mjs';
import type { Response } from './nginx-server';
import { projectRoot } from './production-build';

// Without Vitest, for the e2e suite too.
export { builtFiles, projectRoot } from './production-build';

/** The headers every response of the site carries: public/_headers' `/*` rule. */
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

/**
 * A test that needs programs beyond npm's: `missing` names each absent one with how to install it.
 * A developer without them gets one line and the test skips; CI (`CI` set) never skips, and the
 * test's setup throws `reason` instead (call `failInCi` there).
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
