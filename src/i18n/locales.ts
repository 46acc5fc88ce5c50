/**
 * The locale registry: the one place that lists the site's languages. Everything else derives from
 * it: the routes and their `getStaticPaths`, Astro's i18n and sitemap settings, the legal texts'
 * collection, the dictionaries `t()` reads, the language switch, hreflang and Open Graph tags, the
 * 404 page, the auto-reply e-mail per language and its EmailJS variable, the local inbox and
 * `npm run perf`. The plain-Node tools (the local inbox, the perf script) import it as it is: Node
 * strips its types, so it imports nothing but other such files, each by its `.ts` name.
 *
 * Adding a language is an entry here plus its data, by convention; `src/i18n/completeness.test.ts`
 * names every file or field a locale still lacks (README, "Content, texts and languages").
 */

/**
 * Each locale, in the order the language switch and the 404 page show them:
 * - `htmlLang`: language and region, for `<html lang>`, the hreflang of its pages, its code in the
 *   sitemap and (as `de_DE`) its Open Graph locale;
 * - `shortLabel` and `name`: what the language switch shows and what it reads out.
 */
export const localeInfo = {
  de: { htmlLang: 'de-DE', shortLabel: 'DE', name: 'Deutsch' },
  // The English pages are written in British English (optimisation, licence, centre): their tag says
  // so, and screen readers pick a voice and spell checkers a dictionary by it.
  en: { htmlLang: 'en-GB', shortLabel: 'EN', name: 'English' },
} as const;

export type Locale = keyof typeof localeInfo;

/** The language of `/` and every unprefixed page; the agency's own. */
export const defaultLocale: Locale = 'de';

export const locales = Object.keys(localeInfo) as readonly Locale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Every language but `locale`, in the registry's order: the alternates of a page in `locale`. */
export function otherLocales(locale: Locale): Locale[] {
  return locales.filter((other) => other !== locale);
}

/**
 * Where a locale's pages live: the default locale at the root (`/impressum/`), every other one under
 * its code (`/en/impressum/`).
 */
export const routePrefix = (locale: Locale) => (locale === defaultLocale ? '' : `/${locale}`);

/** Open Graph's `og:locale`: the same language and region, written `de_DE`. */
export const openGraphLocale = (locale: Locale) => localeInfo[locale].htmlLang.replace('-', '_');

/**
 * The confirmation e-mail a visitor gets, in the language of the page they wrote from: its template
 * file in `src/emails/`.
 */
export const autoReplyTemplateFile = (locale: Locale) => `auto-reply.${locale}.html`;

/** The environment variable that holds that template's EmailJS id. */
export const autoReplyEnvVariable = <L extends Locale>(locale: L) =>
  `PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_${locale.toUpperCase() as Uppercase<L>}` as const;

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
