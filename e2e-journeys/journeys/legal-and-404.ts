import { expect } from 'vitest';
import { defaultLocale, locales, otherLocales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { getTranslator } from '../../src/i18n/translate';
import { legalPages } from '../../src/routes.mjs';
import { journey, open, PHONE, t } from '../harness';
import { arrivedAt, element, expectNoOverflow, scrollToY, scrollY } from '../page';

/** docs/behaviour.md › Routes and Legal pages. */
const homeLink = (locale: string) => `[data-home-link="${locale}"]`;

journey('legal pages: open at the top, lead back home, nothing overflows at 390 px', async (tab) => {
  await open(tab, '/', { size: PHONE });
  await scrollToY(tab, 3000);
  await tab.click('footer a[href="/impressum/"]');
  await arrivedAt(tab, '/impressum/');
  expect(await scrollY(tab)).toBe(0);

  for (const locale of locales) {
    for (const page of legalPages) {
      const url = localizedPath(`/${page}/`, locale);
      await tab.goto(url);
      expect(await scrollY(tab), url).toBe(0);
      expect(
        await tab.evaluate(() =>
          [...document.querySelectorAll('[data-back-home]')].map((link) => link.getAttribute('href')),
        ),
        url,
      ).toEqual([localizedPath('/', locale), localizedPath('/', locale)]);
      expect(await element(tab, '[data-legal-page] h2').count(), url).toBeGreaterThan(3);
      await expectNoOverflow(tab, url);
    }
  }
  await tab.click('[data-back-home]');
  await arrivedAt(tab, localizedPath('/', locales.at(-1)!));
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
  await tab.click(homeLink(others.at(-1)!));
  await arrivedAt(tab, localizedPath('/', others.at(-1)!));
});
