import { expect } from 'vitest';
import type { Tab } from './browser';
import type { ProbeFrame } from './journey-proxy';

/**
 * Small questions the journeys ask of a page, each one `evaluate` away, so they read the same in
 * every engine.
 */

/** How long a journey waits for the page to reach a state before it fails. */
const SETTLE_TIMEOUT_MS = 10_000;

/** Polls `question` in the page until its answer equals `expected`. */
export async function until<Result, Args extends unknown[]>(
  tab: Tab,
  expected: Result,
  question: (...args: Args) => Result,
  ...args: Args
) {
  await expect
    .poll(() => tab.evaluate(question, ...args), { timeout: SETTLE_TIMEOUT_MS, message: question.toString() })
    .toEqual(expected);
}

export const hydrated = (tab: Tab, island: string) =>
  until(
    tab,
    true,
    (name) => document.querySelector(`astro-island[component-url*="${name}"]:not([ssr])`) !== null,
    island,
  );

/** Whether the element is there and drawn: not display:none, not hidden, with a size. */
export const isVisible = (tab: Tab, selector: string) =>
  tab.evaluate((target) => {
    const element = document.querySelector(target);
    if (!element) return false;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
  }, selector);

export const textOf = (tab: Tab, selector: string) =>
  tab.evaluate((target) => document.querySelector(target)?.textContent?.trim() ?? null, selector);

export const attributeOf = (tab: Tab, selector: string, name: string) =>
  tab.evaluate((target, attribute) => document.querySelector(target)?.getAttribute(attribute) ?? null, selector, name);

export const isFocused = (tab: Tab, selector: string) =>
  tab.evaluate((target) => document.activeElement?.matches(target) ?? false, selector);

/** Waits until the tab shows `path` and that page has loaded (its address changes before it has). */
export const arrivedAt = (tab: Tab, path: string) =>
  until(tab, true, (expected) => location.pathname === expected && document.readyState === 'complete', path);

/** The path and fragment the tab shows. */
export const currentPath = async (tab: Tab) => {
  const url = new URL(await tab.url());
  return `${url.pathname}${url.hash}`;
};

/** Scrolls at once (the site scrolls smoothly by default) and waits until the page is there. */
export async function scrollToY(tab: Tab, y: number) {
  await tab.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await until(tab, y, () => Math.round(window.scrollY));
}

/** Scrolls down the whole page as a reader does, so every lazy image and island wakes up. */
export async function readThrough(tab: Tab) {
  await tab.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

/** Nothing wider than the viewport, and no heading cut off inside its own box. */
export const overflow = (tab: Tab) =>
  tab.evaluate(() => ({
    widerThanViewport: document.documentElement.scrollWidth > innerWidth,
    cutOffHeadings: [...document.querySelectorAll('h1, h2, h3')]
      // Screen-reader-only headings are 1 px wide by design.
      .filter((heading) => heading.clientWidth > 1 && heading.scrollWidth > heading.clientWidth)
      .map((heading) => heading.textContent),
  }));

/** The frames the page probe recorded, from the first one the engine rendered. */
export const recordedFrames = (tab: Tab) =>
  tab.evaluate(() => (window as unknown as { __journeyFrames: ProbeFrame[] }).__journeyFrames);

/** Waits until the page has rendered two more frames, so the probe has recorded the page as it is now. */
export const nextFrames = (tab: Tab) =>
  tab.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * The islands that will hydrate without anything more happening and have not yet: the ones that
 * hydrate whatever the visitor does, and those that hydrate once visible and are in view.
 */
export function pendingIslandsInView() {
  return [...document.querySelectorAll('astro-island[ssr]')]
    .filter((island) => {
      // `client:visible`, or `client:deferred="visible"` (the contact form): these wait to be seen.
      const waitsToBeSeen =
        island.getAttribute('client') === 'visible' ||
        (JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown }).value === 'visible';
      if (!waitsToBeSeen) return true;
      // An island is `display: contents`: its content has the box.
      const box = island.firstElementChild?.getBoundingClientRect();
      return box !== undefined && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    })
    .map((island) => island.getAttribute('component-url'));
}
