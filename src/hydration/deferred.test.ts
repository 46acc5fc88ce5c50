import type { ClientDirective } from 'astro';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * When `client:deferred` hydrates an island. That a tap before then is answered all the same, and
 * once, the journeys check in Chromium, Firefox and WebKit (e2e-journeys/journeys/).
 */

let deferred: ClientDirective;
beforeAll(async () => {
  // Evaluating the directive installs the early answers on the document.
  vi.stubGlobal('document', new EventTarget());
  ({ default: deferred } = await import('./deferred'));
});

/** Everything a page gives a directive to wait for, each kept at once. */
let observed: IntersectionObserverCallback[];
beforeEach(() => {
  observed = [];
  vi.stubGlobal('document', Object.assign(new EventTarget(), { readyState: 'complete' }));
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('addEventListener', vi.fn());
  vi.stubGlobal('requestAnimationFrame', (then: () => void) => setTimeout(then, 0));
  vi.stubGlobal('requestIdleCallback', (then: () => void) => setTimeout(then, 0));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        observed.push(callback);
      }
      observe = vi.fn();
      disconnect = vi.fn();
    },
  );
});

/** An island of the page, given to the directive with `value`. */
function island(value: string) {
  const element = Object.assign(new EventTarget(), { querySelector: () => null, children: [{}] });
  const hydrate = vi.fn();
  const load = vi.fn(() => Promise.resolve(hydrate));
  deferred(load, { name: 'deferred', value }, element as unknown as HTMLElement);
  return { element, load, hydrate };
}

/** Long enough for anything the page would do by itself once loaded and idle. */
const idle = () => new Promise((done) => setTimeout(done, 20));
const scrolled = (ratio: number) => {
  for (const callback of observed) callback([{ intersectionRatio: ratio } as IntersectionObserverEntry], {} as never);
};

// That neither kind hydrates before its time (after the page has loaded and gone idle, or while the
// island only touches the window's edge) e2e/island-code.spec.ts checks in Chromium, and that a
// reach hydrates an island not yet in view e2e/contact.spec.ts.
it.each(['pointerover', 'pointerdown', 'touchstart', 'focusin'])(
  'client:deferred hydrates on the visitor’s first reach (%s), once however often they reach',
  async (type) => {
    const { element, load, hydrate } = island('intent');
    element.dispatchEvent(new Event(type));
    element.dispatchEvent(new Event('pointerdown'));
    await idle();
    expect(load).toHaveBeenCalledOnce();
    expect(hydrate).toHaveBeenCalledOnce();
  },
);

describe('a page prerendered ahead of a visit', () => {
  it('hydrates nothing until it is shown, then as any page does', async () => {
    Object.assign(document, { prerendering: true });
    const visible = island('visible');
    const intent = island('intent');
    scrolled(0.5);
    await idle();
    expect(visible.load).not.toHaveBeenCalled();
    expect(observed).toEqual([]);

    Object.assign(document, { prerendering: false });
    document.dispatchEvent(new Event('prerenderingchange'));
    scrolled(0.5);
    intent.element.dispatchEvent(new Event('pointerover'));
    await idle();
    expect(visible.hydrate).toHaveBeenCalledOnce();
    expect(intent.hydrate).toHaveBeenCalledOnce();
  });
});
