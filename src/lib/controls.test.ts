import { describe, expect, it, vi } from 'vitest';
import {
  ADOPTED_ATTRIBUTE,
  HELD_SUBMIT_ATTRIBUTE,
  LANGUAGE_CHANGE_EVENT,
  adopt,
  closeOnBackdrop,
  holdSubmit,
  isAdopted,
  isPlainClick,
  openMemberDialog,
  returnFocusToPhoto,
  switchLanguage,
  takeHeldSubmit,
} from './controls';

/**
 * What the early answers and the islands both do (docs/behaviour.md › Language, Team, Contact form).
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

function fakeDialog(open = false) {
  const dialog = { id: 'team-dialog-anna', open, showModal: vi.fn(), close: vi.fn() };
  dialog.showModal.mockImplementation(() => (dialog.open = true));
  dialog.close.mockImplementation(() => (dialog.open = false));
  return dialog;
}

/** A document holding one dialog and the photo that opens it. */
function pageWith(dialog: ReturnType<typeof fakeDialog>, photo = { focus: vi.fn() }) {
  return {
    getElementById: (id: string) => (id === dialog.id ? dialog : null),
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
  const photo = { getAttribute: (name: string) => (name === 'aria-controls' ? 'team-dialog-anna' : null) };

  it('a photo opens the dialog it controls, once; one whose dialog is missing does nothing', () => {
    const dialog = fakeDialog();
    openMemberDialog(photo, pageWith(dialog));
    openMemberDialog(photo, pageWith(dialog));
    expect(dialog.showModal).toHaveBeenCalledTimes(1);
    expect(() => openMemberDialog(photo, pageWith({ ...fakeDialog(), id: 'other' }))).not.toThrow();
  });

  it('closes on a click on its backdrop (the dialog element itself), not on its content', () => {
    const dialog = fakeDialog(true);
    closeOnBackdrop(dialog, { inside: true });
    expect(dialog.open).toBe(true);
    closeOnBackdrop(dialog, dialog);
    expect(dialog.open).toBe(false);
  });

  it('gives focus back to the photo once it has closed, not when it was reopened meanwhile', () => {
    const focus = { focus: vi.fn() };
    const dialog = fakeDialog(true);
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
