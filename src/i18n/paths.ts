import { legalPages } from '../routes';
import { defaultLocale, isLocale, localeInfo, locales, routePrefix, type Locale } from './locales';

/**
 * `getStaticPaths` of the landing page, `src/pages/[...locale]/index.astro`: the default locale has no
 * prefix (`locale: undefined` renders `/`), the others get theirs (`/en/`).
 */
export function getStaticPaths() {
  return locales.map((locale) => ({
    params: { locale: routePrefix(locale).slice(1) || undefined },
    props: { locale },
  }));
}

/** `getStaticPaths` of the legal pages, `src/pages/[...locale]/[page].astro`: each in each locale (`/en/impressum/`). */
export const legalPageStaticPaths = () =>
  getStaticPaths().flatMap(({ params, props }) =>
    legalPages.map((page) => ({ params: { ...params, page }, props: { ...props, page } })),
  );

/**
 * The same page in `locale`: used by the language switch, the hreflang tags and every internal link,
 * so there is one place that knows how localized URLs look. Keeps query and hash.
 */
export function localizedPath(pathname: string, locale: Locale): string {
  const [, pathPart = '/', suffix = ''] = /^([^?#]*)(.*)$/.exec(pathname) ?? [];
  // The path that is the same in every language: without the prefix of a locale other than the default.
  const [, first, ...rest] = pathPart.split('/');
  const path = isLocale(first) && first !== defaultLocale ? `/${rest.join('/')}` : pathPart.replace(/^\/?/, '/');
  return `${routePrefix(locale)}${path}${suffix}`;
}

/** What the language switch offers on the page at `path` (without prefix): every language, in order. */
export function languageLinks(path: string) {
  return locales.map((locale) => ({
    locale,
    href: localizedPath(path, locale),
    short: localeInfo[locale].shortLabel,
    name: localeInfo[locale].name,
  }));
}
