import { describe, expect, it } from 'vitest';
import { getStaticPaths, localizedPath, splitLocale } from './paths';

describe('getStaticPaths', () => {
  it('renders German without a prefix and English under /en/', () => {
    expect(getStaticPaths()).toEqual([
      { params: { locale: undefined }, props: { locale: 'de' } },
      { params: { locale: 'en' }, props: { locale: 'en' } },
    ]);
  });
});

describe('splitLocale', () => {
  it.each([
    ['/', 'de', '/'],
    ['/impressum/', 'de', '/impressum/'],
    ['/en/', 'en', '/'],
    ['/en', 'en', '/'],
    ['/en/agb/', 'en', '/agb/'],
    ['/english/', 'de', '/english/'],
    ['/de/agb/', 'de', '/de/agb/'],
  ])('%s is %s at %s', (pathname, locale, path) => {
    expect(splitLocale(pathname)).toEqual({ locale, path });
  });
});

describe('localizedPath', () => {
  it.each([
    ['/', 'en', '/en/'],
    ['/', 'de', '/'],
    ['/en/', 'de', '/'],
    ['/impressum/', 'en', '/en/impressum/'],
    ['/en/impressum/', 'de', '/impressum/'],
    ['/en/datenschutz/', 'en', '/en/datenschutz/'],
    ['/#contact', 'en', '/en/#contact'],
    ['/en/agb/?ref=mail#scope', 'de', '/agb/?ref=mail#scope'],
  ] as const)('%s in %s is %s', (pathname, locale, expected) => {
    expect(localizedPath(pathname, locale)).toBe(expected);
  });
});
