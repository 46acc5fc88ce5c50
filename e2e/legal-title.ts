import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { Locale } from '../src/i18n/locales';
import type { LegalPage } from '../src/routes';

/**
 * The title of a legal text, as its page shows it in its `<h1>`: the text's front matter. Free of
 * any test runner, so the Playwright suite and the cross-engine journeys (e2e-journeys/) read it alike.
 */
export function legalTitle(locale: Locale, page: LegalPage): string {
  const file = readFileSync(`src/content/legal/${locale}/${page}.md`, 'utf-8');
  const frontMatter = /^---\n([\s\S]*?)\n---/.exec(file)?.[1] ?? '';
  return (parseYaml(frontMatter) as { title: string }).title;
}
