import { setTimeout as sleep } from 'node:timers/promises';
import { readToTheEnd } from '../../e2e/site-parts';
import { defaultLocale, otherLocales } from '../../src/i18n/locales';
import { localizedPath } from '../../src/i18n/paths';
import {
  arrivedAt,
  element,
  expect,
  expectNoOverflow,
  journey,
  NOTHING_HAPPENS_MS,
  open,
  PHONE,
  scrollToY,
} from '../harness';

// docs/behaviour.md › Routes and Legal pages.

// The footer link is fetched ahead (DESIGN.md › Navigation) while the pointer rests on it: by Chromium's
// Speculation Rules (the journeys' Chromium does not prerender) and by Firefox's `<link rel=prefetch>`.
journey(
  'a legal page opens at its top, also from far down the page before, and leads back home; where the engine can, a link the pointer rests on or the keyboard reaches is fetched ahead, and its click asks for nothing more',
  async (tab, { engine, proxy }) => {
    await open(tab, '/', { size: PHONE });
    await scrollToY(tab, 3000);
    const link = 'footer a[href="/impressum/"]';
    const since = proxy.responses.length;
    const asked = () =>
      proxy.responses.slice(since).flatMap(({ path, purpose }) => (path === '/impressum/' ? [purpose] : []));
    const fetchesAhead = engine !== 'WebKit';
    // A link to another host is never fetched ahead, however long the pointer rests on it.
    await tab.hover('footer [data-social="linkedin"]');
    await sleep(NOTHING_HAPPENS_MS);
    await tab.hover(link);
    await expect.poll(asked).toEqual(fetchesAhead ? ['prefetch'] : []);
    const elements = await tab.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map(({ href }) => href),
    );
    expect(elements).toEqual(engine === 'Firefox' ? [`${proxy.origin}/impressum/`] : []);
    await tab.click(link);
    await arrivedAt(tab, '/impressum/');
    expect(asked()).toEqual(fetchesAhead ? ['prefetch'] : [undefined]);
    expect(await tab.evaluate(() => window.scrollY)).toBe(0);
    // Firefox fetches ahead a link the keyboard reaches, too (Chromium's rules wait for a pointer):
    // past the skip link, the header's link home.
    const tabbed = proxy.responses.length;
    await tab.press('Tab');
    await tab.press('Tab');
    expect(await element(tab, '[data-site-header] a[href="/"]').focused()).toBe(true);
    const homeAhead = () => proxy.responses.slice(tabbed).some(({ path, purpose }) => path === '/' && !!purpose);
    if (engine === 'Firefox') await expect.poll(homeAhead).toBe(true);
    await tab.click('[data-back-home]');
    await arrivedAt(tab, '/');
  },
);

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
