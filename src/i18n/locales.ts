import { defaultLocale, localeInfo, locales, type Locale } from './locale-registry';

// The registry (src/i18n/locale-registry.ts) imports nothing, so the plain-Node tools read it too;
// the site reads it through this module, which adds what only the site needs.
export {
  autoReplyEnvVariable,
  autoReplyTemplateFile,
  defaultLocale,
  localeInfo,
  locales,
  openGraphLocale,
  routePrefix,
  type Locale,
} from './locale-registry';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Every language but `locale`, in the registry's order: the alternates of a page in `locale`. */
export function otherLocales(locale: Locale): Locale[] {
  return locales.filter((other) => other !== locale);
}

/** Astro's i18n settings (astro.config.mjs): the default language at the root, every other under its code. */
export const astroI18n = () => ({
  defaultLocale,
  locales: [...locales],
  routing: { prefixDefaultLocale: false },
});

/** The sitemap's alternates (astro.config.mjs): each language by its `<html lang>` tag. */
export const sitemapI18n = () => ({
  defaultLocale,
  locales: Object.fromEntries(locales.map((locale) => [locale, localeInfo[locale].htmlLang])),
});
