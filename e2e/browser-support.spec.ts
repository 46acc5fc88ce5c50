import { readFileSync } from 'node:fs';
import packageJson from '../package.json' with { type: 'json' };
import { builtPages, expect, test } from './fixtures';

/**
 * The browsers the site supports (package.json › browserslist, named in docs/quality.md › Supported browsers) get the CSS
 * they need: the build prefixes what the oldest of them only knows by its vendor name.
 */

/** Each rule of a page's inline stylesheets, as its declarations by property. */
function rulesOf(html: string): Map<string, string>[] {
  // Up to the closing tag: the stylesheet may hold "<" itself, as a range query `(width<348px)` does.
  const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
  // The innermost blocks are the rules; an at-rule's braces only wrap them.
  return [...css.matchAll(/\{([^{}]*)\}/g)].map(
    (block) =>
      new Map(
        block[1]
          .split(';')
          .map((declaration) => declaration.split(':'))
          .filter((parts) => parts.length > 1)
          .map(([property, ...value]) => [property.trim(), value.join(':').trim()]),
      ),
  );
}

test('the supported browsers are those docs/quality.md names: the last two of each engine, iOS Safari 15 and Firefox ESR', () => {
  expect(packageJson.browserslist).toEqual([
    'last 2 Chrome versions',
    'last 2 Edge versions',
    'last 2 Firefox versions',
    'Firefox ESR',
    'last 2 Safari versions',
    'iOS >= 15',
  ]);
});

test('every backdrop-filter comes with its -webkit- form, which Safari before 18 needs for the blur', () => {
  let blurs = 0;
  for (const { file } of builtPages()) {
    for (const rule of rulesOf(readFileSync(file, 'utf-8'))) {
      const filter = rule.get('backdrop-filter');
      if (filter === undefined) continue;
      blurs++;
      expect(rule.get('-webkit-backdrop-filter'), `${file}: backdrop-filter:${filter}`).toBe(filter);
    }
  }
  // The sticky header and the team modal's backdrop blur what lies behind them.
  expect(blurs).toBeGreaterThan(0);
});
