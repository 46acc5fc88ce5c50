import { expect, it } from 'vitest';
import { localeInfo, locales } from './locales';
import { languageLinks, localizedPath, splitLocale } from './paths';

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
  ['/', 'de', '/'],
  ['/impressum/', 'de', '/impressum/'],
  ['/en/', 'en', '/'],
  ['/en', 'en', '/'],
  ['/en/agb/', 'en', '/agb/'],
  ['/english/', 'de', '/english/'],
  ['/de/agb/', 'de', '/de/agb/'],
])('splitLocale: %s is %s at %s', (pathname, locale, path) => {
  expect(splitLocale(pathname)).toEqual({ locale, path });
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
] as const)('localizedPath: %s in %s is %s', (pathname, locale, expected) => {
  expect(localizedPath(pathname, locale)).toBe(expected);
});
