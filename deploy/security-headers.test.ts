import { expect, it } from 'vitest';
import { securityHeaders } from './host-checks';

// What public/_headers' `/*` rule must ask for. The hosts' tests (host-checks.ts) hold every answer of nginx and
// Cloudflare Pages to that rule, word for word.
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

it.each(required)('public/_headers sends %s with every answer, once, as %s', (name, value) => {
  const sent = securityHeaders.filter(([header]) => header.toLowerCase() === name.toLowerCase());
  expect(sent.map(([, v]) => v)).toEqual([expect.stringMatching(value)]);
});
