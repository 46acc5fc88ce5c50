import { readToTheEnd } from '../../e2e/site-parts';
import { defaultLocale, otherLocales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { arrivedAt, element, expect, expectNoOverflow, journey, open, PHONE, scrollToY } from '../harness';

// docs/behaviour.md › Routes and Legal pages.

journey('a legal page opens at its top, also from far down the page before, and leads back home', async (tab) => {
  await open(tab, '/', { size: PHONE });
  await scrollToY(tab, 3000);
  await tab.click('footer a[href="/impressum/"]');
  await arrivedAt(tab, '/impressum/');
  expect(await tab.evaluate(() => window.scrollY)).toBe(0);
  await tab.click('[data-back-home]');
  await arrivedAt(tab, '/');
});

// What the 404 page says in every language, its links and `noindex` are its snapshots'; its status, each host's tests'.
journey(
  'the 404 page answers an unknown path in every language at 390 px, with links home; read to the end, no overflow, no error',
  async (tab) => {
    const others = otherLocales(defaultLocale);
    for (const unknown of ['/gibt-es-nicht/', ...others.map((other) => localizedPath('/does-not-exist/', other))]) {
      await open(tab, unknown, { size: PHONE });
      expect(await element(tab, '[data-not-found]').count(), unknown).toBe(1);
      await expectNoOverflow(tab, unknown);
      await tab.evaluate(readToTheEnd);
    }
    const [last] = others.slice(-1);
    await tab.click(`[data-home-link="${last}"]`);
    await arrivedAt(tab, localizedPath('/', last));
  },
);
