import { readFileSync } from 'node:fs';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import packageJson from '../package.json' with { type: 'json' };
import { test } from '@playwright/test';
import { builtPages, expect } from './fixtures';

/**
 * The browsers the site supports (package.json › browserslist, named in docs/quality.md › Supported browsers) get valid
 * HTML and the CSS they need: the build prefixes what the oldest of them only knows by its vendor name. Reads the
 * built files: no browser, so the plain `test`, not the site's.
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

// html-validate with the repository's .htmlvalidate.mjs.
const validator = new HtmlValidate(new FileSystemConfigLoader());
for (const { file, url } of builtPages()) {
  test(`${url} is valid HTML, and gives every backdrop-filter the -webkit- form Safari before 18 needs for the blur`, async () => {
    const report = await validator.validateFile(file);
    const findings = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
    );
    expect.soft(findings).toEqual([]);
    // The sticky header, on every page, blurs what lies behind it; the team modal's backdrop too.
    const blurs = rulesOf(readFileSync(file, 'utf-8')).flatMap((rule) => {
      const filter = rule.get('backdrop-filter');
      return filter === undefined ? [] : [{ filter, webkit: rule.get('-webkit-backdrop-filter') }];
    });
    expect(blurs.length).toBeGreaterThan(0);
    for (const { filter, webkit } of blurs) expect(webkit, `backdrop-filter:${filter}`).toBe(filter);
  });
}
