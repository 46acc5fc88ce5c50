import { test } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { allRoutes, builtPages, expect } from './fixtures';

// Reads the built files, no browser: html-validate with the repository's .htmlvalidate.mjs.
const validator = new HtmlValidate(new FileSystemConfigLoader());
const pages = builtPages();

test('the build holds every route and the 404 page', () => {
  expect(pages.map((page) => page.url).sort()).toEqual([...allRoutes.map((route) => route.url), '/404.html'].sort());
});

for (const { file, url } of pages) {
  test(`${url} is valid HTML`, async () => {
    const report = await validator.validateFile(file);
    const findings = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
    );
    expect(findings).toEqual([]);
  });
}
