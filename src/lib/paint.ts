/**
 * Runs `then` once the next frame has been painted: a task queued from a frame's animation
 * callbacks runs only after that frame's style, layout and paint.
 */
export function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}
