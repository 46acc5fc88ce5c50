import type { Dictionary, UIKey } from './dictionaries/de';
import { locales, type Locale } from './locales';

/** Each locale's interface texts, by convention in `src/i18n/dictionaries/<locale>.ts`. */
async function loadDictionary(locale: Locale): Promise<Dictionary> {
  try {
    const module = (await import(`./dictionaries/${locale}.ts`)) as { default: Dictionary };
    return module.default;
  } catch (error) {
    throw new Error(
      `src/i18n/dictionaries/${locale}.ts could not be loaded: every locale in src/i18n/locales.ts needs its interface texts there.`,
      { cause: error },
    );
  }
}

/** Every locale's dictionary, read once when the site (or a test) starts. */
export const dictionaries: Record<Locale, Dictionary> = Object.fromEntries(
  await Promise.all(locales.map(async (locale) => [locale, await loadDictionary(locale)] as const)),
) as Record<Locale, Dictionary>;

export type Translate = (key: UIKey, params?: Record<string, string | number>) => string;

/**
 * The one `t()` of the site. A key the dictionary lacks comes back as the key itself, so a gap shows
 * up on the page instead of an empty space. `{name}` placeholders are filled
 * from `params`; an unknown placeholder is left standing for the same reason.
 */
export function getTranslator(locale: Locale): Translate {
  const dictionary: Partial<Record<string, string>> = dictionaries[locale];
  return (key, params) => {
    const template = dictionary[key];
    if (template === undefined) return key;
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in params ? String(params[name]) : placeholder,
    );
  };
}
