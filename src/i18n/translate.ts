import { de, type Dictionary, type UIKey } from './de';
import { en } from './en';
import type { Locale } from './locales';

const dictionaries: Record<Locale, Dictionary> = { de, en };

export type TranslationParams = Record<string, string | number>;
export type Translate = (key: UIKey, params?: TranslationParams) => string;

/**
 * The one `t()` of the site. A key the dictionary lacks comes back as the key itself, as the spec
 * demands, so a gap shows up on the page instead of an empty space. `{name}` placeholders are filled
 * from `params`; an unknown placeholder is left standing for the same reason.
 */
export function getTranslator(locale: Locale): Translate {
  const dictionary: Record<string, string> = dictionaries[locale];
  return (key, params) => {
    const template = dictionary[key];
    if (template === undefined) return key;
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in params ? String(params[name]) : placeholder,
    );
  };
}
