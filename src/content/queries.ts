import { getCollection, getEntry } from 'astro:content';
import type { Locale } from '../i18n/locales';

/** The agency's facts: name, address, contact, legal data. The one place they are read from. */
export async function getAgency() {
  const entry = await getEntry('agency', 'agency');
  if (!entry) throw new Error('src/content/agency.json is missing.');
  return entry.data;
}

export type Agency = Awaited<ReturnType<typeof getAgency>>;

/** Collections come back in the order they are written in their file: the order the agency chose. */
export const getTeam = () => getCollection('team');
export const getFeatures = () => getCollection('features');
export const getServices = () => getCollection('services');
export const getProjects = () => getCollection('projects');

export async function getLegalPage(locale: Locale, page: 'impressum' | 'datenschutz' | 'agb') {
  const entry = await getEntry('legal', `${locale}/${page}`);
  if (!entry) throw new Error(`src/content/legal/${locale}/${page}.md is missing.`);
  return entry;
}
