// @ts-check
/**
 * The locale registry: the one place that lists the site's languages. Everything else derives from
 * it: the routes and their `getStaticPaths`, Astro's i18n and sitemap settings, the legal texts'
 * collection, the dictionaries `t()` reads, the language switch, hreflang and Open Graph tags, the
 * 404 page, the auto-reply e-mail per language and its EmailJS variable, the local inbox and
 * `npm run perf`. Plain JavaScript, so the plain-Node tools (the local inbox, the perf script, the
 * e-mail templates) read the same list as the site.
 *
 * Adding a language is an entry here plus its data, by convention; `src/i18n/completeness.test.ts`
 * names every file or field a locale still lacks (README, "Languages").
 */

/**
 * Each locale, in the order the language switch and the 404 page show them:
 * - `htmlLang`: language and region, for `<html lang>`, the hreflang of its pages, its code in the
 *   sitemap and (as `de_DE`) its Open Graph locale;
 * - `shortLabel` and `name`: what the language switch shows and what it reads out.
 */
export const localeInfo = /** @type {const} */ ({
  de: { htmlLang: 'de-DE', shortLabel: 'DE', name: 'Deutsch' },
  // The English pages are written in British English (optimisation, licence, centre): their tag says
  // so, and screen readers pick a voice and spell checkers a dictionary by it.
  en: { htmlLang: 'en-GB', shortLabel: 'EN', name: 'English' },
});

/** @typedef {keyof typeof localeInfo} Locale */

/**
 * The language of `/` and every unprefixed page; the agency's own.
 * @type {Locale}
 */
export const defaultLocale = 'de';

/** @type {readonly Locale[]} */
export const locales = /** @type {Locale[]} */ (Object.keys(localeInfo));

/**
 * Where a locale's pages live: the default locale at the root (`/impressum/`), every other one under
 * its code (`/en/impressum/`).
 * @param {Locale} locale
 */
export const routePrefix = (locale) => (locale === defaultLocale ? '' : `/${locale}`);

/**
 * Open Graph's `og:locale`: the same language and region, written `de_DE`.
 * @param {Locale} locale
 */
export const openGraphLocale = (locale) => localeInfo[locale].htmlLang.replace('-', '_');

/**
 * The confirmation e-mail a visitor gets, in the language of the page they wrote from: its template
 * file in `src/emails/`.
 * @param {Locale} locale
 */
export const autoReplyTemplateFile = (locale) => `auto-reply.${locale}.html`;

/**
 * The environment variable that holds that template's EmailJS id.
 * @template {Locale} L
 * @param {L} locale
 * @returns {`PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_${Uppercase<L>}`}
 */
export const autoReplyEnvVariable = (locale) =>
  /** @type {`PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_${Uppercase<L>}`} */ (
    `PUBLIC_EMAILJS_AUTOREPLY_TEMPLATE_ID_${locale.toUpperCase()}`
  );

/**
 * The locale's language named in English ("German"), for the people who set the site up: README,
 * the inbox's template page.
 * @param {Locale} locale
 */
export const englishName = (locale) => new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
