import type { ClientDirective } from 'astro';
import { answerEarly, prepareEarlyAnswers } from './early-answers';

/** What counts as the visitor reaching for a control: hover, touch, press or keyboard focus. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

// Astro puts a directive's code into the page itself, hashed for the content security policy, ahead
// of the first island that uses it: the header's theme toggle, on every page. So the early answers
// listen before any control is on screen, and cost no request of their own.
answerEarly();

/**
 * `client:deferred="intent"`: hydrate when the visitor reaches for the island, and not before. The
 * early answers (`early-answers.ts`) already do all that the header's theme toggle does, so React's
 * runtime is neither requested nor evaluated while the page loads, when a tap would have to wait
 * behind it (docs/quality.md › How the site meets the budgets); a page whose toggle nobody touches
 * loads no script at all.
 *
 * `client:deferred="visible"`: for an island further down the page, whose code a visitor will need
 * soon after seeing it: it hydrates when it scrolls into view (as `client:visible` does), or at once
 * when the visitor reaches for it, e.g. by tabbing into it.
 *
 * Either way a tap never waits: until the island has hydrated and adopted its controls, the early
 * answers answer it.
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
  whenShown(() => {
    for (const type of INTENT_EVENTS) island.addEventListener(type, reachedFor, { passive: true });
    if (options.value === 'visible') whenVisible(island, hydrate);
  });
};

/**
 * Now, or for a page prerendered ahead of a visit (lib/speculation.ts) once it is shown: what an
 * island reads as it hydrates, such as the contact form's draft in this tab's sessionStorage
 * (docs/behaviour.md › Contact form), is then what the visitor has at that moment, not what they
 * had when the prerender began.
 */
function whenShown(then: () => void) {
  const page = document as Document & { prerendering?: boolean };
  if (page.prerendering) page.addEventListener('prerenderingchange', then, { once: true });
  else then();
}

/**
 * As soon as any part of the island is on screen. An island that only touches the window's edge
 * counts as intersecting, at a ratio of 0 (as a section may begin exactly at a window's bottom), so
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
