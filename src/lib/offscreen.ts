/**
 * On `<html>` while the browser may skip the parts of the page marked `.skip-offscreen` (global.css)
 * when they are far from the screen: not styled, laid out or painted, so a theme change or an open
 * dialog restyles only what is near the screen (issue 25: about a third of the landing page's
 * elements at its top).
 */
export const OFFSCREEN_SKIPPING_ATTRIBUTE = 'data-skip-offscreen';

/**
 * Lets the browser skip off-screen parts only once each has been laid out and painted at the page's
 * width, so that it keeps that size (`contain-intrinsic-size: auto`) while skipped: the page is as
 * tall as before and an anchor jump lands where it did. Skipped from the first frame, a part would
 * stand in with a guessed height, and a jump through it would land beside its target. After the
 * window has changed its width, the skipped parts' sizes are stale, so they are laid out once more.
 */
export function skipOffscreenOnceLaidOut(root: HTMLElement = document.documentElement): void {
  // paint.ts's afterNextPaint, written out: imported, it would be shared with the islands' code, and
  // Astro would load this script as a file of its own instead of putting it into the page.
  const allow = () =>
    requestAnimationFrame(() => setTimeout(() => root.setAttribute(OFFSCREEN_SKIPPING_ATTRIBUTE, ''), 0));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', allow, { once: true });
  else allow();

  let width = innerWidth;
  addEventListener('resize', () => {
    if (innerWidth === width) return;
    width = innerWidth;
    root.removeAttribute(OFFSCREEN_SKIPPING_ATTRIBUTE);
    allow();
  });
}
