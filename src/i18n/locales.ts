import { locales, type Locale } from './locale-registry.mjs';

// The registry itself is plain JavaScript (src/i18n/locale-registry.mjs), shared with the plain-Node tools.
export {
  autoReplyEnvVariable,
  autoReplyTemplateFile,
  defaultLocale,
  localeInfo,
  locales,
  openGraphLocale,
  routePrefix,
  type Locale,
} from './locale-registry.mjs';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Every language but `locale`, in the registry's order: the alternates of a page in `locale`. */
export function otherLocales(locale: Locale): Locale[] {
  return locales.filter((other) => other !== locale);
}
