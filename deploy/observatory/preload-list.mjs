// @ts-check
/**
 * The package's install script downloads Chromium's HSTS preload list; installed without it (no
 * internet in CI), the scanner finds no list. An empty one means no host counts as preloaded, so the
 * redirection and HSTS results come from what the server sends, never from the list.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function ensurePreloadList() {
  const packageDir = dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));
  const preloadList = join(packageDir, 'conf', 'hsts-preload.json');
  if (!existsSync(preloadList)) writeFileSync(preloadList, '{}\n');
}
