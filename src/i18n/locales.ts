export const locales = ['de', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'de';

/** What each locale needs outside the dictionary: tags for `<html lang>`, hreflang, Open Graph and the switch. */
export const localeInfo = {
  de: { htmlLang: 'de-DE', ogLocale: 'de_DE', shortLabel: 'DE', name: 'Deutsch' },
  en: { htmlLang: 'en-US', ogLocale: 'en_US', shortLabel: 'EN', name: 'English' },
} as const satisfies Record<Locale, { htmlLang: string; ogLocale: string; shortLabel: string; name: string }>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The other language of a bilingual site: what the language switch offers. */
export function otherLocale(locale: Locale): Locale {
  return locale === 'de' ? 'en' : 'de';
}
