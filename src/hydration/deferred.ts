import type { ClientDirective } from 'astro';

/** What counts as the visitor reaching for a control: hover, touch, press or keyboard focus. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Longest wait for an idle moment after the load event before hydrating anyway. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * `client:deferred`: hydrate once the page has loaded and the browser is idle, or at once when the
 * visitor reaches for the island, whichever comes first. React's runtime then stays off the path to
 * the first paint (README, "Quality"), and no click is lost: a plain click that lands before the
 * island is ready is held and replayed on the same element once React owns it. Clicks with a
 * modifier or another button stay the browser's (a new tab, a download).
 *
 * `client:deferred="visible"`: the same, but for an island further down the page: it hydrates when
 * it scrolls into view (as `client:visible` does) instead of after the load event, or at once when
 * the visitor reaches for it, e.g. by tabbing into it.
 */
const deferred: ClientDirective = (load, options, island) => {
  let hydration: Promise<void> | undefined;
  let heldClick: HTMLElement | undefined;

  const hydrate = () =>
    (hydration ??= (async () => {
      for (const type of INTENT_EVENTS) island.removeEventListener(type, reachedFor);
      await (
        await load()
      )();
      island.removeEventListener('click', holdClick, { capture: true });
      const target = heldClick;
      heldClick = undefined;
      target?.click();
    })());
  // A listener's return value is dropped; the hydration itself is kept in `hydration`.
  const reachedFor = () => void hydrate();

  function holdClick(event: Event) {
    const click = event as MouseEvent;
    if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
    const target = (click.target as Element | null)?.closest<HTMLElement>('a, button');
    if (!target) return;
    click.preventDefault();
    click.stopImmediatePropagation();
    heldClick = target;
    void hydrate();
  }

  for (const type of INTENT_EVENTS) island.addEventListener(type, reachedFor, { passive: true });
  island.addEventListener('click', holdClick, { capture: true });

  if (options.value === 'visible') whenVisible(island, hydrate);
  else afterLoad(hydrate);
};

/**
 * After the load event, after the next frame has been painted, when the browser is idle: on a fast
 * machine `load` can come before the first paint, and the page's largest text must not wait for React.
 */
function afterLoad(hydrate: () => Promise<void>) {
  const afterNextPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void hydrate(), { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(() => void hydrate(), 1);
  const start = () => afterNextPaint(whenIdle);
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

/** As soon as any part of the island is on screen. */
function whenVisible(island: HTMLElement, hydrate: () => Promise<void>) {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    void hydrate();
  });
  for (const child of island.children) observer.observe(child);
}

export default deferred;
