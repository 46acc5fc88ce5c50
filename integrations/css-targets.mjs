// @ts-check
/** browserslist's names for the engines esbuild-style targets know, where the two differ. */
/** @type {Partial<Record<string, string>>} */
const ESBUILD_NAMES = { ios_saf: 'ios' };
const KNOWN = new Set(['chrome', 'edge', 'firefox', 'safari', 'ios_saf', 'opera']);

/**
 * The oldest version of each engine in a browserslist result (`['ios_saf 15.0-15.1', 'safari 27.1']`)
 * as the targets Vite's CSS minifier takes (`['ios15.0', 'safari27.1']`). Without them, lightningcss
 * writes for today's engines only: range media queries that iOS 15 ignores and no
 * `-webkit-backdrop-filter` for Safari before 18.
 * @param {string[]} browsers
 * @returns {string[]}
 */
export function cssTargets(browsers) {
  /** @type {Map<string, number[]>} */
  const oldest = new Map();
  for (const entry of browsers) {
    const [name, versions] = entry.split(' ');
    if (!KNOWN.has(name)) continue;
    const version = versions.split('-')[0].split('.').map(Number);
    const known = oldest.get(name);
    if (!known || compare(version, known) < 0) oldest.set(name, version);
  }
  return [...oldest].map(([name, version]) => `${ESBUILD_NAMES[name] ?? name}${version.join('.')}`);
}

/** @param {number[]} a @param {number[]} b */
const compare = (a, b) => a[0] - b[0] || (a[1] ?? 0) - (b[1] ?? 0);
