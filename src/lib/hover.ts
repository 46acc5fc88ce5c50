/**
 * Hover is a pointer resting on something without pressing it: a mouse, or a pen held above the
 * screen. A touch only ever presses, so it is no hover, even though browsers send it `pointerenter`
 * and keep the last element touched `:hover` (docs/behaviour.md › Projects: a finger that taps a
 * card, or starts a scroll on one, fetches no video).
 */
export function isHover(event: Pick<PointerEvent, 'pointerType'>): boolean {
  return event.pointerType !== 'touch';
}

type HoverWindow = Pick<Window, 'matchMedia'>;

/** Whether a hovering pointer rests on `element`: on a touch screen, `:hover` only marks the last element touched. */
export function isHovered(element: Pick<Element, 'matches'>, win: HoverWindow = window): boolean {
  return element.matches(':hover') && win.matchMedia('(hover: hover)').matches;
}
