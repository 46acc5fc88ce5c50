import { existsSync } from 'node:fs';
import { getEntry } from 'astro:content';
import type { Locale } from '../i18n/locales';
import type { LegalPage } from '../routes';

/** The agency's facts: name, address, contact, legal data. The one place they are read from. */
export async function getAgency() {
  const entry = await getEntry('agency', 'agency');
  if (!entry) throw new Error('src/content/agency.json is missing.');
  return entry.data;
}

export type Agency = Awaited<ReturnType<typeof getAgency>>;

export async function getLegalPage(locale: Locale, page: LegalPage) {
  const entry = await getEntry('legal', `${locale}/${page}`);
  if (entry) return entry;
  const file = `src/content/legal/${locale}/${page}.md`;
  // A file that is there but was not loaded is the collection's fault, not the author's.
  throw new Error(
    existsSync(file)
      ? `${file} exists, but the legal collection did not load it: its pattern in src/content.config.ts does not cover "${locale}/".`
      : `${file} is missing: every locale in src/i18n/locales.ts needs each legal page (${page}).`,
  );
}
