import { describe, expect, it, vi } from 'vitest';
import {
  ADOPTED_ATTRIBUTE,
  HELD_SUBMIT_ATTRIBUTE,
  LANGUAGE_CHANGE_EVENT,
  adopt,
  holdSubmit,
  isAdopted,
  isPlainClick,
  returnFocusToPhoto,
  switchLanguage,
  takeHeldSubmit,
} from './controls';

/**
 * What the early answers do, and the islands too (docs/behaviour.md › Language, Team, Contact form).
 * How it looks in a page, tapped before and after hydration, the journeys check in three engines.
 */

/** An element's attributes, and `closest` that knows one ancestor: its island. */
function fakeElement(island?: Element) {
  const attributes = new Map<string, string>();
  return {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    hasAttribute: (name: string) => attributes.has(name),
    removeAttribute: (name: string) => void attributes.delete(name),
    closest: (selector: string) => (selector === 'astro-island' ? (island ?? null) : null),
  } as unknown as Element;
}

/** A document holding the photo that opens `dialog`. */
function pageWith(dialog: { id: string }, photo: { focus: () => void }) {
  return {
    querySelector: (selector: string) => (selector === `[aria-controls="${dialog.id}"]` ? photo : null),
  } as unknown as Document;
}

it('adoption marks the island of a control, which the early answers then leave alone', () => {
  const island = fakeElement();
  const control = fakeElement(island);
  expect(isAdopted(control)).toBe(false);
  adopt(control);
  expect(island.hasAttribute(ADOPTED_ATTRIBUTE)).toBe(true);
  expect(isAdopted(control)).toBe(true);
  // React's call at an unmount, and a control outside any island, change nothing.
  expect(() => adopt(null)).not.toThrow();
  expect(isAdopted(fakeElement())).toBe(false);
});

it.each([{}, { button: 1 }, { metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }])(
  'a click with %o is plain only without a change (the rest is a new tab, a window, a download)',
  (change) => {
    const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
    expect(isPlainClick({ ...click, ...change })).toBe(Object.keys(change).length === 0);
  },
);

describe('switchLanguage', () => {
  const link = (language: string) => ({
    href: `https://example.org/${language}/`,
    getAttribute: (name: string) => (name === 'data-language-link' ? language : null),
  });
  function follow(language: string) {
    const happened: string[] = [];
    const win = Object.assign(new EventTarget(), {
      location: { hash: '#projects', assign: (url: string) => void happened.push(`navigate ${url}`) },
    });
    win.addEventListener(LANGUAGE_CHANGE_EVENT, (event) =>
      happened.push(`${LANGUAGE_CHANGE_EVENT} ${String((event as CustomEvent).detail)}`),
    );
    return { followed: switchLanguage(link(language), win), happened };
  }

  it('announces the new language, then opens its page at the section being read', () => {
    expect(follow('en')).toEqual({
      followed: true,
      happened: [`${LANGUAGE_CHANGE_EVENT} en`, 'navigate https://example.org/en/#projects'],
    });
  });

  it('leaves a link to a language the site does not have to the browser', () => {
    expect(follow('xx')).toEqual({ followed: false, happened: [] });
  });
});

describe('team dialog', () => {
  // That a photo opens its dialog once and a click on the backdrop, not the content, closes it, the
  // journeys check in three engines (e2e-journeys/journeys/team.ts).
  it('gives focus back to the photo once it has closed, not when it was reopened meanwhile', () => {
    const focus = { focus: vi.fn() };
    const dialog = { id: 'team-dialog-anna', open: true } as HTMLDialogElement;
    returnFocusToPhoto(dialog, pageWith(dialog, focus));
    expect(focus.focus).not.toHaveBeenCalled();
    dialog.open = false;
    returnFocusToPhoto(dialog, pageWith(dialog, focus));
    expect(focus.focus).toHaveBeenCalledTimes(1);
  });
});

it('a submit held for the contact form’s code is marked on the form and taken over exactly once', () => {
  const form = fakeElement() as HTMLFormElement;
  expect(takeHeldSubmit(form)).toBe(false);
  holdSubmit(form);
  holdSubmit(form);
  expect(form.hasAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe(true);
  expect(takeHeldSubmit(form)).toBe(true);
  expect(takeHeldSubmit(form)).toBe(false);
  expect(form.hasAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe(false);
});
