import { createHash } from 'node:crypto';

/**
 * An inline script's source for the content security policy (`Astro.csp.insertScriptHash`): Astro
 * hashes the scripts it bundles, the inline ones the site writes itself are declared with this.
 */
export const scriptHash = (source: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(source).digest('base64')}`;
