import browserslist from 'browserslist';
import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';
import { cssTargets } from './css-targets.mjs';

describe('cssTargets', () => {
  it('takes the oldest version of each engine, in the names Vite knows', () => {
    expect(
      cssTargets(['chrome 157', 'chrome 156', 'ios_saf 26.0', 'ios_saf 15.0-15.1', 'safari 27.1', 'op_mini all']),
    ).toEqual(['chrome156', 'ios15.0', 'safari27.1']);
  });

  it("keeps the site's CSS readable for the package's browsers: Safari's prefix, no range queries", () => {
    const targets = cssTargets(browserslist(undefined, { path: '.' }));
    expect(targets).toEqual(expect.arrayContaining([expect.stringMatching(/^ios15\./)]));
    // What Vite does with these targets: the minifier's own conversion of esbuild-style names.
    const ios = Number(targets.find((target) => target.startsWith('ios'))?.slice(3));
    const css = transform({
      filename: 'probe.css',
      code: Buffer.from('@media (max-width: 379px){.a{backdrop-filter:blur(4px)}}'),
      minify: true,
      targets: { ios_saf: Math.floor(ios) << 16 },
    }).code.toString();
    expect(css).toContain('-webkit-backdrop-filter');
    expect(css).not.toContain('<=');
  });
});
