import { describe, expect, it } from 'vitest';
import de, { type UIKey } from './dictionaries/de';
import { locales } from './locales';
import { dictionaries, getTranslator } from './translate';

describe('getTranslator', () => {
  it('returns the key itself when a translation is missing', () => {
    const missing = 'contact.form.doesNotExist' as UIKey;
    for (const locale of locales) expect(getTranslator(locale)(missing), locale).toBe('contact.form.doesNotExist');
  });

  it('fills placeholders and leaves unknown ones standing', () => {
    const t = getTranslator('de');
    expect(t('footer.copyright', { year: 2025, name: 'Uferlicht' })).toBe('© 2025 Uferlicht. Alle Rechte vorbehalten.');
    expect(t('footer.copyright', { year: 2025 })).toBe('© 2025 {name}. Alle Rechte vorbehalten.');
  });
});

describe('dictionaries', () => {
  it('have the reference’s keys in every language of the registry', () => {
    for (const locale of locales)
      expect(Object.keys(dictionaries[locale]).sort(), locale).toEqual(Object.keys(de).sort());
  });

  it('have no empty strings and the same placeholders per key', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const locale of locales) {
      for (const key of Object.keys(de) as UIKey[]) {
        expect(dictionaries[locale][key].trim(), `${locale}: ${key}`).not.toBe('');
        expect(placeholders(dictionaries[locale][key]), `${locale}: ${key}`).toEqual(placeholders(de[key]));
      }
    }
  });
});
