import { defaultLocale, isLocale, locales, type Locale } from './locales';

/**
 * Shared `getStaticPaths` of every page under `src/pages/[...locale]/`: the default locale
 * has no prefix (`locale: undefined` renders `/impressum/`), the others get theirs (`/en/impressum/`).
 */
export function getStaticPaths() {
  return locales.map((locale) => ({
    params: { locale: locale === defaultLocale ? undefined : locale },
    props: { locale },
  }));
}

/** Splits a pathname into its locale and the path that is the same in every language. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (isLocale(first) && first !== defaultLocale) {
    return { locale: first, path: `/${rest.join('/')}` };
  }
  return { locale: defaultLocale, path: pathname.startsWith('/') ? pathname : `/${pathname}` };
}

/**
 * The same page in `locale`: used by the language switch, the hreflang tags and every internal link,
 * so there is one place that knows how localized URLs look. Keeps query and hash.
 */
export function localizedPath(pathname: string, locale: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(pathname);
  const [, pathPart = '/', suffix = ''] = match ?? [];
  const { path } = splitLocale(pathPart);
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  return `${prefix}${path}${suffix}` || '/';
}
