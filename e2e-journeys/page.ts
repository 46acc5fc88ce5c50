import { expect } from 'vitest';
import { hydratedIsland } from '../e2e/site-parts';
import type { Tab } from './browser';
import type { ProbeFrame } from './journey-proxy';

/**
 * Questions the journeys ask of a page, each one `evaluate` away, so they read the same in every
 * engine. A journey waits for a state with `expect.poll(() => question).toBe(…)`.
 */

/** Questions about the first element that matches `selector`. */
export const element = (tab: Tab, selector: string) => ({
  attribute: (name: string) =>
    tab.evaluate((target, key) => document.querySelector(target)?.getAttribute(key) ?? null, selector, name),
  /** A DOM property: `paused`, `open`, `disabled`. */
  property: (name: string) =>
    tab.evaluate(
      (target, key) => (document.querySelector(target) as unknown as Record<string, unknown>)[key],
      selector,
      name,
    ),
  style: (name: string) =>
    tab.evaluate(
      (target, key) => getComputedStyle(document.querySelector(target)!).getPropertyValue(key),
      selector,
      name,
    ),
  text: () => tab.evaluate((target) => document.querySelector(target)?.textContent?.trim() ?? null, selector),
  /** The text of every element that matches. */
  texts: () =>
    tab.evaluate((target) => [...document.querySelectorAll(target)].map((each) => each.textContent?.trim()), selector),
  count: () => tab.evaluate((target) => document.querySelectorAll(target).length, selector),
  focused: () => tab.evaluate((target) => document.activeElement?.matches(target) ?? false, selector),
  /** Whether it is there and drawn: not display:none, not hidden, with a size. */
  visible: () =>
    tab.evaluate((target) => {
      const found = document.querySelector(target);
      const { visibility, display } = found ? getComputedStyle(found) : { visibility: 'hidden', display: 'none' };
      const box = found?.getBoundingClientRect();
      return visibility !== 'hidden' && display !== 'none' && !!box?.width && !!box.height;
    }, selector),
});

export const hydrated = (tab: Tab, island: string) =>
  expect.poll(() => element(tab, hydratedIsland(island)).count(), { message: `${island} hydrated` }).toBeGreaterThan(0);

/** Waits until the tab shows `path` and that page has loaded (its address changes before it has). */
export const arrivedAt = (tab: Tab, path: string) =>
  expect
    .poll(() => tab.evaluate(() => document.readyState === 'complete' && location.pathname), { message: `at ${path}` })
    .toBe(path);

export const scrollY = (tab: Tab) => tab.evaluate(() => Math.round(window.scrollY));

/** Scrolls at once (the site scrolls smoothly by default) and waits until the page is there. */
export async function scrollToY(tab: Tab, y: number) {
  await tab.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => scrollY(tab)).toBe(y);
}

/** Nothing wider than the viewport, and no heading cut off inside its own box. */
export async function expectNoOverflow(tab: Tab, where: string) {
  const overflow = await tab.evaluate(() => ({
    widerThanViewport: document.documentElement.scrollWidth > innerWidth,
    cutOffHeadings: [...document.querySelectorAll('h1, h2, h3')]
      // Screen-reader-only headings are 1 px wide by design.
      .filter((heading) => heading.clientWidth > 1 && heading.scrollWidth > heading.clientWidth)
      .map((heading) => heading.textContent),
  }));
  expect(overflow, where).toEqual({ widerThanViewport: false, cutOffHeadings: [] });
}

/** Waits until the page has rendered two more frames: what a scroll or a load changes is on screen. */
export const nextFrames = (tab: Tab) =>
  tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The frames the page probe recorded, the last being the page as it is now. */
export async function recordedFrames(tab: Tab) {
  await nextFrames(tab);
  return tab.evaluate(() => (window as unknown as { __journeyFrames: ProbeFrame[] }).__journeyFrames);
}
