import { test } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { builtPages, expect } from './fixtures';

// Reads the built files, no browser: html-validate with the repository's .htmlvalidate.mjs.
const validator = new HtmlValidate(new FileSystemConfigLoader());
for (const { file, url } of builtPages()) {
  test(`${url} is valid HTML`, async () => {
    const report = await validator.validateFile(file);
    const findings = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
    );
    expect(findings).toEqual([]);
  });
}
