import type { ClientDirective } from 'astro';
import { afterNextPaint } from '../lib/paint';
import { answerEarly, prepareEarlyAnswers } from './early-answers';

/** What counts as the visitor reaching for a control: hover, touch, press or keyboard focus. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Longest wait for an idle moment after the load event before hydrating anyway. */
const IDLE_TIMEOUT_MS = 2000;

// Astro puts a directive's code into the page itself, hashed for the content security policy, ahead
// of the first island that uses it: the header's theme toggle, on every page. So the early answers
// listen before any control is on screen, and cost no request of their own.
answerEarly();

/**
 * `client:deferred`: hydrate once the page has loaded and the browser is idle, or at once when the
 * visitor reaches for the island, whichever comes first. React's runtime then stays off the path to
 * the first paint (README, "Quality"). A tap never waits for it: until the island has hydrated and
 * adopted its controls, the early answers (`early-answers.ts`) answer it.
 *
 * `client:deferred="visible"`: the same, but for an island further down the page: it hydrates when
 * it scrolls into view (as `client:visible` does) instead of after the load event, or at once when
 * the visitor reaches for it, e.g. by tabbing into it.
 */
const deferred: ClientDirective = (load, options, island) => {
  let hydration: Promise<void> | undefined;
  const hydrate = () =>
    (hydration ??= (async () => {
      for (const type of INTENT_EVENTS) island.removeEventListener(type, reachedFor);
      await (
        await load()
      )();
    })());
  // A listener's return value is dropped; the hydration itself is kept in `hydration`.
  const reachedFor = () => void hydrate();

  prepareEarlyAnswers(island);
  for (const type of INTENT_EVENTS) island.addEventListener(type, reachedFor, { passive: true });
  if (options.value === 'visible') whenVisible(island, hydrate);
  else afterLoad(hydrate);
};

/**
 * After the load event, after the next frame has been painted, when the browser is idle: on a fast
 * machine `load` can come before the first paint, and the page's largest text must not wait for React.
 */
function afterLoad(hydrate: () => Promise<void>) {
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void hydrate(), { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(() => void hydrate(), 1);
  const start = () => afterNextPaint(whenIdle);
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

/**
 * As soon as any part of the island is on screen. An island that only touches the window's edge
 * counts as intersecting, at a ratio of 0 (at 1280 × 800 the team gallery begins exactly there), so
 * a ratio above 0 is asked for; and a second threshold just above 0 has the observer report the
 * scroll from touching to showing, which the default threshold of 0 alone would not.
 */
function whenVisible(island: HTMLElement, hydrate: () => Promise<void>) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.intersectionRatio > 0)) return;
      observer.disconnect();
      void hydrate();
    },
    { threshold: [0, 1e-9] },
  );
  for (const child of island.children) observer.observe(child);
}

export default deferred;
