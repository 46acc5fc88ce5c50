/** The parts of a page the browser may skip while they are far from the screen (global.css). */
export const OFFSCREEN_PARTS = '.skip-offscreen';

/**
 * On a part while the browser may skip it: not style, lay out or paint it when it is far from the
 * screen, so that a theme change or an open dialog restyles only what is near (about a third of
 * the landing page's elements at its top).
 */
export const SKIPPABLE_ATTRIBUTE = 'data-skippable';

/**
 * Lets the browser skip each of `parts` once it has been laid out and painted at the page's width,
 * so that it keeps that size while skipped (`contain-intrinsic-size: auto`): the page is as tall as
 * with every part drawn, and an anchor jump lands on its target. Skipped from the first frame, a part would stand in
 * with a guessed height, and a jump through it would land beside its target.
 *
 * A part becomes skippable only while it is more than a screen away: one that is on screen when it
 * does, browsers skip for a frame before they find it is there (Chromium draws it blank, and counts a
 * layout shift). After the window has changed its width, the parts' remembered sizes are stale, so
 * each is laid out once more.
 */
export function skipOffscreenOnceLaidOut(parts: Iterable<Element>): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const { isIntersecting, target } of entries) {
        if (isIntersecting) continue;
        target.setAttribute(SKIPPABLE_ATTRIBUTE, '');
        observer.unobserve(target);
      }
    },
    { rootMargin: '100% 0px' },
  );
  // paint.ts's afterNextPaint, written out: imported, it would be shared with the islands' code, and
  // Astro would load this script as a file of its own instead of putting it into the page.
  const observeOnceLaidOut = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const part of parts) observer.observe(part);
      }, 0),
    );
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', observeOnceLaidOut, { once: true });
  else observeOnceLaidOut();

  let width = innerWidth;
  addEventListener('resize', () => {
    if (innerWidth === width) return;
    width = innerWidth;
    observer.disconnect();
    for (const part of parts) part.removeAttribute(SKIPPABLE_ATTRIBUTE);
    observeOnceLaidOut();
  });
}
