import { describe, expect, it, vi } from 'vitest';
import { answerClick, answerHydrationError } from './early-answers';

/**
 * What the early answers leave alone. What they answer, each control tapped while its island's code
 * is held back, the journeys check in Chromium, Firefox and WebKit (e2e-journeys/journeys/), and the
 * logic they share with the islands is tested in src/lib/controls.test.ts.
 */

/** A click on an element that matches `selector` alone, in an island that has not hydrated. */
function clickOn(selector: string, change: Partial<MouseEvent> = {}) {
  const island = { hasAttribute: () => false };
  const control = {
    matches: (one: string) => one === selector,
    closest: (wanted: string) =>
      wanted === 'astro-island' ? island : wanted.split(', ').includes(selector) ? control : null,
    getAttribute: (name: string) => (name === 'data-language-link' ? 'en' : null),
    href: 'https://example.org/en/',
  };
  const event = { target: control, button: 0, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn(), ...change };
  answerClick(event as unknown as MouseEvent);
  return event;
}

describe('before an island has adopted its controls', () => {
  it.each([
    ['a language link clicked for a new tab', '[data-language-link]', { ctrlKey: true }],
    ['a language link clicked with the middle button', '[data-language-link]', { button: 1 }],
    ['a link that is no control', 'a[href]', {}],
  ])('%s stays the browser’s', (_, selector, change) => {
    const assign = vi.fn();
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { hash: '', assign } }));
    const event = clickOn(selector, change);
    expect(assign).not.toHaveBeenCalled();
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(event.stopImmediatePropagation).not.toHaveBeenCalled();
  });

  it('an island other than the contact form whose code cannot be loaded changes nothing', () => {
    const island = { querySelector: vi.fn(() => null), parentElement: null };
    expect(() => answerHydrationError({ target: island } as unknown as Event)).not.toThrow();
    expect(island.querySelector).toHaveBeenCalledTimes(1);
  });
});
