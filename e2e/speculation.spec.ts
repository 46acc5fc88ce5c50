import type { Page } from '@playwright/test';
import { SPECULATE_ATTRIBUTE } from '../src/lib/speculation';
import { allRoutes, expect, test } from './fixtures';

/**
 * DESIGN.md › Navigation: the site's own pages are speculated (Speculation Rules), and nothing else.
 * Chromium does not prerender while an automation client is attached (the Preload domain reports
 * PrerenderingDisabledByDevTools), but it prefetches, and it reports every attempt, prefetch and
 * prerender alike, through the DevTools protocol's Preload domain: what these tests watch. That a
 * prerendered page is shown at once is `npm run perf:navigation`'s to measure.
 */

/** How long a hover lasts: past what Chromium's rules wait for on a hovered link ("eager" 10 ms, "moderate" 200 ms). */
const HOVER_INTENT_MS = 400;

/** Every URL the page asked for, and every URL Chromium attempted to prefetch or prerender for it. */
async function watchSpeculation(page: Page) {
  const requested: string[] = [];
  const speculated: string[] = [];
  page.context().on('request', (request) => requested.push(request.url()));
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Preload.prefetchStatusUpdated', (event) => speculated.push(event.prefetchUrl));
  cdp.on('Preload.prerenderStatusUpdated', (event) => speculated.push(event.key.url));
  await cdp.send('Preload.enable');
  return { requested, speculated, cdp };
}

/** Goes past every link of the page as visitors do: scrolled into view, focused, and the pointer resting on it. */
async function passEveryLink(page: Page) {
  const links = page.locator('a[href]');
  for (let index = 0; index < (await links.count()); index++) {
    const link = links.nth(index);
    if (!(await link.isVisible())) continue;
    await link.scrollIntoViewIfNeeded();
    await link.focus();
    await link.hover();
    await page.waitForTimeout(HOVER_INTENT_MS);
  }
}

/** An address's path and query: what the rules match. */
const paths = (urls: string[]) => urls.map((url) => new URL(url)).map(({ pathname, search }) => pathname + search);

/**
 * Links the site does not have, put at the foot of the landing page: the local inbox, a page of the
 * site opening in a new tab, one marked external, and one plain (each its own address).
 */
function addLinksTheSiteHasNot() {
  const links = [
    ['/inbox', {}],
    ['/agb/?new-tab', { target: '_blank' }],
    ['/agb/?external', { rel: 'external' }],
    ['/agb/?plain', {}],
  ] as const;
  for (const [href, attributes] of links)
    document
      .querySelector('footer')
      ?.append(Object.assign(document.createElement('a'), { href, textContent: href, ...attributes }));
}

test('the rules apply on every page from its first frame; hovering, focusing and scrolling past every link fetches nothing from another host; they take the site’s own pages, never the local inbox or a link that opens elsewhere', async ({
  page,
  baseURL,
}) => {
  // Every page of every language, each link with the pause a hover takes.
  test.setTimeout(300_000);
  const { requested, speculated } = await watchSpeculation(page);
  // From the first frame: a phone takes a link as it comes into view, so one in view from the first
  // paint (the language switch) needs the rules then.
  await page.addInitScript((attribute) => {
    requestAnimationFrame(() => {
      document.documentElement.dataset.speculateAtFirstFrame = String(document.documentElement.hasAttribute(attribute));
    });
  }, SPECULATE_ATTRIBUTE);
  for (const { url } of allRoutes) {
    await page.goto(url);
    await expect(page.locator('html'), url).toHaveAttribute('data-speculate-at-first-frame', 'true');
    if (url === '/') await page.evaluate(addLinksTheSiteHasNot);
    await passEveryLink(page);
  }
  const origin = new URL(baseURL ?? '').origin;
  expect([...requested, ...speculated].filter((url) => new URL(url).origin !== origin)).toEqual([]);
  // The rules do work: the site's own pages were speculated.
  await expect.poll(() => paths(speculated)).toContain('/agb/?plain');
  expect(paths(speculated).filter((address) => /^\/inbox|\?(new-tab|external)$/.test(address))).toEqual([]);
});

test('nothing is speculated while the visitor asks to save data', async ({ page }) => {
  test.setTimeout(120_000);
  const { speculated, cdp } = await watchSpeculation(page);
  // Chromium's Save-Data, `navigator.connection.saveData` and the header: unseen, the rules would apply.
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  for (const url of ['/', '/impressum/']) {
    await page.goto(url);
    await passEveryLink(page);
    await expect(page.locator('html'), url).not.toHaveAttribute(SPECULATE_ATTRIBUTE);
  }
  expect(speculated).toEqual([]);
});
