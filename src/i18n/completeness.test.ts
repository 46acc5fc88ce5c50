import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalPages } from '../routes';
import { autoReplyTemplateFile, defaultLocale, localeInfo, locales } from './locales';

// What a language needs besides its registry entry; README › Content, texts and languages points here for the list of what is missing.
const CONTENT_DIR = 'src/content';
const contentFiles = readdirSync(CONTENT_DIR).filter((name) => name.endsWith('.json'));
const localizedFieldsOf = (file: string) =>
  localizedFields(JSON.parse(readFileSync(`${CONTENT_DIR}/${file}`, 'utf-8')), '');

/** Every localized text in a content file (an object with the default locale's text), by its path. */
function localizedFields(value: unknown, path: string): { path: string; text: Record<string, unknown> }[] {
  if (Array.isArray(value)) {
    return value.flatMap((entry, index) => {
      const id = (entry as { id?: unknown } | null)?.id;
      return localizedFields(entry, typeof id === 'string' ? id : `${path}[${index}]`);
    });
  }
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (typeof record[defaultLocale] === 'string') return [{ path, text: record }];
  return Object.entries(record).flatMap(([key, child]) => localizedFields(child, path ? `${path}.${key}` : key));
}

/** What `locale` lacks, each as the file (and field) to write. */
function missingFor(locale: string): string[] {
  const missing: string[] = [];
  const need = (file: string, what: string) => {
    if (!existsSync(file)) missing.push(`${file} (${what})`);
  };
  need(`src/i18n/dictionaries/${locale}.ts`, 'the interface texts, typed against de.ts');
  for (const page of legalPages) need(`src/content/legal/${locale}/${page}.md`, `the legal page "${page}"`);
  const autoReply = `src/emails/${autoReplyTemplateFile(locale as (typeof locales)[number])}`;
  need(autoReply, 'the confirmation e-mail to a visitor who wrote from a page in this language');
  if (existsSync(autoReply) && !new RegExp(`<html lang="${locale}\\b`).test(readFileSync(autoReply, 'utf-8'))) {
    missing.push(`${autoReply}: <html lang="${locale}"> (the e-mail is in this language)`);
  }
  for (const file of contentFiles) {
    for (const { path, text } of localizedFieldsOf(file)) {
      const value = text[locale];
      if (typeof value !== 'string' || value.trim() === '') missing.push(`${CONTENT_DIR}/${file}: ${path}.${locale}`);
    }
  }
  return missing;
}

it('the registry holds codes that work as a path prefix and a variable suffix, with tags that match them', () => {
  expect(locales).toContain(defaultLocale);
  for (const locale of locales) {
    const { htmlLang, shortLabel } = localeInfo[locale];
    expect(locale, 'a code of two or three small letters, a to z').toMatch(/^[a-z]{2,3}$/);
    // Open Graph needs the region as well as the language.
    expect(htmlLang, locale).toMatch(new RegExp(`^${locale}-[A-Z]{2}$`));
    expect(shortLabel, locale).toMatch(/^\S{1,3}$/);
  }
  expect(new Set(locales.map((locale) => localeInfo[locale].shortLabel)).size).toBe(locales.length);
});

describe('every locale of the registry', () => {
  for (const locale of locales) {
    it(`${locale} has its interface texts, legal texts, auto-reply e-mail and content fields`, () => {
      expect(missingFor(locale), `what "${locale}" still lacks`).toEqual([]);
    });
  }
});

it('the completeness check names each file and field a language without any data lacks', () => {
  const missing = missingFor('xx');
  expect(missing).toEqual(
    expect.arrayContaining([
      'src/i18n/dictionaries/xx.ts (the interface texts, typed against de.ts)',
      'src/content/legal/xx/impressum.md (the legal page "impressum")',
      'src/content/legal/xx/datenschutz.md (the legal page "datenschutz")',
      'src/content/legal/xx/agb.md (the legal page "agb")',
      'src/emails/auto-reply.xx.html (the confirmation e-mail to a visitor who wrote from a page in this language)',
      'src/content/agency.json: legalForm.xx',
      'src/content/agency.json: emailjs.country.xx',
      'src/content/team.json: lena-hoffmann.bio.xx',
      'src/content/services.json: design.title.xx',
      'src/content/projects.json: tafelwerk.description.xx',
    ]),
  );
  // One line per localized field, from every content file.
  const fields = contentFiles.flatMap((file) =>
    localizedFieldsOf(file).map(({ path }) => `${CONTENT_DIR}/${file}: ${path}.xx`),
  );
  expect(missing.filter((entry) => /^src\/content\/[^/]+\.json: /.test(entry))).toEqual(fields);
  expect(new Set(fields.map((field) => field.split(':')[0]))).toEqual(
    new Set(contentFiles.map((file) => `${CONTENT_DIR}/${file}`)),
  );
});
