/** Whether the visitor asked their system for less motion: then nothing moves by itself. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
