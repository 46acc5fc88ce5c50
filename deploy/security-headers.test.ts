import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../local-inbox/headers-file.mjs';
import { defaultLocale, otherLocales } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';
import { YEAR_IMMUTABLE } from './built-site';

// What public/_headers (Netlify, Cloudflare Pages) must send; deploy/nginx.test.ts holds real nginx to it word for word.
const rules = parseHeadersFile(readFileSync(new URL('../public/_headers', import.meta.url), 'utf-8'));

/** The headers a page and a hashed asset must leave with. */
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
const inPrefix = otherLocales(defaultLocale).map((locale) => localizedPath('/impressum/', locale));
const asset = '/_astro/index.Ab12Cd34.js';
const paths = ['/', ...inPrefix, '/404.html', '/videos/deichrad.webm', asset];

describe('public/_headers', () => {
  it.each(paths)('sends the security headers with %s, each once', (path) => {
    const headers = headersFor(rules, path);
    for (const [name, value] of required) {
      const sent = headers.filter(([header]) => header.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
      expect.soft(sent, name).toEqual([expect.stringMatching(value)]);
    }
  });

  it('keeps hashed build files for a year', () => {
    expect(headersFor(rules, asset)).toContainEqual(['Cache-Control', YEAR_IMMUTABLE]);
  });
});
