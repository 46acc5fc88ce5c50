/** Scroll offsets (docs/behaviour.md › Constants), in CSS pixels of `window.scrollY`. */
export const HEADER_SCROLL_THRESHOLD = 100;
export const SCROLL_TO_TOP_THRESHOLD = 300;

/**
 * Calls `onChange` with whether the page is scrolled past `threshold` (strictly more than it, as
 * docs/behaviour.md › Header and scroll-to-top says): once at once, then each time that answer
 * flips. Reads the offset at most once per frame, so scrolling stays smooth.
 */
export function watchScrollThreshold(threshold: number, onChange: (past: boolean) => void): void {
  let past: boolean | undefined;
  let frame = 0;
  const update = () => {
    frame = 0;
    const now = window.scrollY > threshold;
    if (now !== past) onChange((past = now));
  };
  window.addEventListener(
    'scroll',
    () => {
      frame ||= requestAnimationFrame(update);
    },
    { passive: true },
  );
  update();
}
