import { otherLocales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import { arrivedAt, defaultLocale, element, expect, journey, open, PHONE, scrollToY, scrollY } from '../harness';

// docs/behaviour.md › Routes and Legal pages.

journey('a legal page opens at its top, also from far down the page before, and leads back home', async (tab) => {
  await open(tab, '/', { size: PHONE });
  await scrollToY(tab, 3000);
  await tab.click('footer a[href="/impressum/"]');
  await arrivedAt(tab, '/impressum/');
  expect(await scrollY(tab)).toBe(0);
  await tab.click('[data-back-home]');
  await arrivedAt(tab, '/');
});

// What the 404 page says, in every language, and where its links lead, is its snapshot's (e2e/snapshots.spec.ts).
journey(
  'the 404 page answers an unknown path in every language, kept out of search, with links home',
  async (tab, { proxy }) => {
    const others = otherLocales(defaultLocale);
    for (const unknown of ['/gibt-es-nicht/', ...others.map((other) => localizedPath('/does-not-exist/', other))]) {
      await open(tab, unknown);
      expect(proxy.responses.findLast((response) => response.path === unknown)?.status, unknown).toBe(404);
      expect(await element(tab, '[data-not-found]').count(), unknown).toBe(1);
      expect(await element(tab, 'meta[name="robots"]').attribute('content')).toBe('noindex');
    }
    const [last] = others.slice(-1);
    await tab.click(`[data-home-link="${last}"]`);
    await arrivedAt(tab, localizedPath('/', last));
  },
);
