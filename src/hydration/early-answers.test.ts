import { describe, expect, it, vi } from 'vitest';
import { HELD_SUBMIT_ATTRIBUTE, adopt, takeHeldSubmit } from '../lib/controls';
import { answerClick, answerClose, answerHydrationError } from './early-answers';

/**
 * What the early answers leave alone, and what no browser test reaches. What they answer, each
 * control tapped while its island's code is held back, the journeys check in Chromium, Firefox and
 * WebKit (e2e-journeys/journeys/): the language switch's `languageChange` and the section it keeps,
 * the team's dialogs and the focus they return, the held submit.
 */

/** An element matched by `selector` alone, with attributes, inside `parent` (its island, its form). */
function fakeElement(selector: string, parent?: Element, attributes = new Map<string, string>()) {
  const element = {
    matches: (one: string) => one === selector,
    closest: (wanted: string): unknown =>
      wanted.split(', ').includes(selector) ? element : (parent?.closest(wanted) ?? null),
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    hasAttribute: (name: string) => attributes.has(name),
    removeAttribute: (name: string) => void attributes.delete(name),
    href: 'https://example.org/en/',
  };
  return element as unknown as Element;
}
const languageLink = (locale: string) =>
  fakeElement('[data-language-link]', undefined, new Map([['data-language-link', locale]]));

/** A click on `control`, in an island that has not hydrated unless it says so. */
function clickOn(control: Element, change: object = {}) {
  const event = { target: control, button: 0, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn(), ...change };
  answerClick(event as unknown as MouseEvent);
  return event;
}

describe('before an island has adopted its controls', () => {
  const adopted = fakeElement('astro-island');
  adopt(fakeElement('[data-theme-toggle]', adopted));
  // React's call at an unmount changes nothing.
  adopt(null);
  it.each([
    ...['ctrlKey', 'metaKey', 'shiftKey', 'altKey'].map(
      (key) => [`a language link clicked with ${key} (a new tab, a window, a download)`, { [key]: true }] as const,
    ),
    ['a language link clicked with the middle button', { button: 1 }],
    ['a link to a language the site does not have', { target: languageLink('xx') }],
    ['a link that is no control', { target: fakeElement('a[href]') }],
    ['a control whose island has adopted it', { target: fakeElement('[data-theme-toggle]', adopted) }],
  ] as const)('%s stays the browser’s, or the island’s', (_, change) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { hash: '', assign });
    vi.stubGlobal('dispatchEvent', assign);
    const event = clickOn(languageLink('en'), change);
    expect(assign).not.toHaveBeenCalled();
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(event.stopImmediatePropagation).not.toHaveBeenCalled();
  });

  it('a submit is held on the form, visibly, and taken over by the form’s code exactly once', () => {
    const form = fakeElement('[data-contact-form]');
    const submit = fakeElement('[data-contact-form] [type="submit"]', form);
    expect(takeHeldSubmit(form as HTMLFormElement)).toBe(false);
    for (const event of [clickOn(submit), clickOn(submit)]) expect(event.preventDefault).toHaveBeenCalled();
    expect(form.hasAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe(true);
    expect(takeHeldSubmit(form as HTMLFormElement)).toBe(true);
    expect(takeHeldSubmit(form as HTMLFormElement)).toBe(false);
  });

  it('a member’s dialog gives focus back to its photo once it has closed, not when it was reopened meanwhile', () => {
    const focus = vi.fn();
    vi.stubGlobal('document', {
      querySelector: (selector: string) => (selector === '[aria-controls="team-dialog-anna"]' ? { focus } : null),
    });
    const dialog = { id: 'team-dialog-anna', open: true, matches: (one: string) => one === '[data-team-dialog]' };
    answerClose({ target: dialog, stopImmediatePropagation: vi.fn() } as unknown as Event);
    expect(focus).not.toHaveBeenCalled();
    dialog.open = false;
    answerClose({ target: dialog, stopImmediatePropagation: vi.fn() } as unknown as Event);
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('an island other than the contact form whose code cannot be loaded changes nothing', () => {
    const island = { querySelector: vi.fn(() => null), parentElement: null };
    expect(() => answerHydrationError({ target: island } as unknown as Event)).not.toThrow();
    expect(island.querySelector).toHaveBeenCalledTimes(1);
  });
});
