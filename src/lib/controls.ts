/**
 * How an island takes its controls over from the early answers (`src/hydration/early-answers.ts`),
 * which answer them from the moment a control is on screen until React has hydrated the island
 * (docs/behaviour.md › Theme, Contact form). Exactly one of the two answers each tap: the early
 * answers stand back from an island that carries `ADOPTED_ATTRIBUTE`, and stop every event they
 * answer, so the island never sees it as well.
 */

/** Set on an island once React owns its controls. */
export const ADOPTED_ATTRIBUTE = 'data-adopted';

/** Set on the contact form while a submit made before its code arrived waits for it. */
export const HELD_SUBMIT_ATTRIBUTE = 'data-early-submit';

/**
 * An island's ref callback: React calls it in the commit that hydrates the island, the moment its
 * handlers take effect, so there is no instant in which both or neither would answer a tap.
 */
export function adopt(node: Element | null): void {
  node?.closest('astro-island')?.setAttribute(ADOPTED_ATTRIBUTE, '');
}

export function isAdopted(node: Element): boolean {
  return node.closest('astro-island')?.hasAttribute(ADOPTED_ATTRIBUTE) ?? false;
}

/** The contact form takes a submit held for its code over, once: true when there was one. */
export function takeHeldSubmit(form: Pick<HTMLFormElement, 'hasAttribute' | 'removeAttribute'>): boolean {
  const held = form.hasAttribute(HELD_SUBMIT_ATTRIBUTE);
  form.removeAttribute(HELD_SUBMIT_ATTRIBUTE);
  return held;
}
