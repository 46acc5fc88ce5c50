import { readToTheEnd } from '../../e2e/site-parts';
import { routes } from '../../src/routes';
import { journey, localizedPath, markPage, open, restoredBy } from '../harness';

/**
 * DESIGN.md › Navigation: every page stays eligible for the back/forward cache (no `unload`
 * listener; `beforeunload` only while a send runs), so Back and Forward show it at once. Each page
 * is read to its end first, so every island on it has hydrated and its code has run. A tab of its
 * own for each: Puppeteer's Firefox loses track of a tab's loads once a page came from the cache.
 */
for (const { url, locale, path } of routes) {
  const next = localizedPath(path === '/impressum/' ? '/agb/' : '/impressum/', locale);
  journey(`Back to ${url} and Forward to ${next} show each from the back/forward cache`, async (tab) => {
    await open(tab, url);
    await tab.evaluate(readToTheEnd);
    await markPage(tab);
    await tab.goto(next);
    await markPage(tab);
    await restoredBy(tab, 'back', url);
    await restoredBy(tab, 'forward', next);
  });
}
