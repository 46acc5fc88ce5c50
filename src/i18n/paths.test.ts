import { expect, it } from 'vitest';
import { localeInfo, locales } from './locales';
import { languageLinks, localizedPath } from './paths';

it('languageLinks offers the page in every language of the registry, in its order, labelled from the registry', () => {
  expect(languageLinks('/agb/')).toEqual(
    locales.map((locale) => ({
      locale,
      href: localizedPath('/agb/', locale),
      short: localeInfo[locale].shortLabel,
      name: localeInfo[locale].name,
    })),
  );
});

it.each([
  ['/', 'en', '/en/'],
  ['/', 'de', '/'],
  ['/en/', 'de', '/'],
  ['/impressum/', 'en', '/en/impressum/'],
  ['/en/impressum/', 'de', '/impressum/'],
  ['/en/datenschutz/', 'en', '/en/datenschutz/'],
  ['/#contact', 'en', '/en/#contact'],
  ['/en/agb/?ref=mail#scope', 'de', '/agb/?ref=mail#scope'],
  ['/en', 'de', '/'],
  // Only a language's prefix is one: a path that merely starts like one, or the default's code, is the page's own.
  ['/english/', 'en', '/en/english/'],
  ['/de/agb/', 'en', '/en/de/agb/'],
] as const)('localizedPath: %s in %s is %s', (pathname, locale, expected) => {
  expect(localizedPath(pathname, locale)).toBe(expected);
});
