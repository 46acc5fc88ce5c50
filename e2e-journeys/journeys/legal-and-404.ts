import { getTranslator } from '../../src/i18n/translate';
import { locales, otherLocales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { arrivedAt, defaultLocale, element, expect, journey, open, PHONE, scrollToY, scrollY, t } from '../harness';

/** docs/behaviour.md › Routes and Legal pages. */
const homeLink = (locale: string) => `[data-home-link="${locale}"]`;

journey('a legal page opens at its top, also from far down the page before, and leads back home', async (tab) => {
  await open(tab, '/', { size: PHONE });
  await scrollToY(tab, 3000);
  await tab.click('footer a[href="/impressum/"]');
  await arrivedAt(tab, '/impressum/');
  expect(await scrollY(tab)).toBe(0);
  await tab.click('[data-back-home]');
  await arrivedAt(tab, '/');
});

journey('the 404 page answers an unknown path in every language, with links home', async (tab, { proxy }) => {
  const others = otherLocales(defaultLocale);
  for (const unknown of ['/gibt-es-nicht/', ...others.map((other) => localizedPath('/does-not-exist/', other))]) {
    await open(tab, unknown);
    expect(proxy.responses.findLast((response) => response.path === unknown)?.status, unknown).toBe(404);
    // The default language heads the page; every other one has its part below a heading of its own.
    expect(await element(tab, 'h1').text()).toBe(t('notFound.title'));
    expect(await element(tab, '[data-not-found] h2').texts()).toEqual(
      others.map((other) => getTranslator(other)('notFound.title')),
    );
    for (const locale of locales)
      expect(await element(tab, homeLink(locale)).attribute('href'), locale).toBe(localizedPath('/', locale));
    expect(await element(tab, 'meta[name="robots"]').attribute('content')).toBe('noindex');
  }
  const [last] = others.slice(-1);
  await tab.click(homeLink(last));
  await arrivedAt(tab, localizedPath('/', last));
});
