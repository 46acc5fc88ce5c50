import { describe, expect, it, vi } from 'vitest';
import {
  ADOPTED_ATTRIBUTE,
  HELD_SUBMIT_ATTRIBUTE,
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
import { LANGUAGE_CHANGE_EVENT } from './language-change';

interface FakeElement {
  getAttribute: (name: string) => string | null;
  setAttribute: (name: string, value: string) => void;
  hasAttribute: (name: string) => boolean;
  removeAttribute: (name: string) => void;
  closest: (selector: string) => FakeElement | null;
}

/** Just enough of an element: attributes, and `closest` that knows one ancestor, the island. */
function fakeElement(island?: FakeElement): FakeElement {
  const attributes = new Map<string, string>();
  const element: FakeElement = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    hasAttribute: (name: string) => attributes.has(name),
    removeAttribute: (name: string) => void attributes.delete(name),
    closest: (selector: string) => (selector === 'astro-island' ? (island ?? null) : null),
  };
  return element;
}
const asElement = (fake: FakeElement) => fake as unknown as Element;

function fakeDialog(id: string, open = false) {
  const dialog = {
    id,
    open,
    showModal: vi.fn(() => void (dialog.open = true)),
    close: vi.fn(() => void (dialog.open = false)),
  };
  return dialog;
}

describe('adoption', () => {
  it('marks the island a control belongs to, which the early answers then leave alone', () => {
    const island = fakeElement();
    const control = fakeElement(island);
    expect(isAdopted(asElement(control))).toBe(false);
    adopt(asElement(control));
    expect(island.hasAttribute(ADOPTED_ATTRIBUTE)).toBe(true);
    expect(isAdopted(asElement(control))).toBe(true);
  });

  it('takes React’s call with no element (an unmount) and a control outside any island in its stride', () => {
    expect(() => adopt(null)).not.toThrow();
    expect(isAdopted(asElement(fakeElement()))).toBe(false);
  });
});

describe('isPlainClick', () => {
  const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

  it('is the main button without a modifier', () => {
    expect(isPlainClick(click)).toBe(true);
  });

  it.each([{ button: 1 }, { metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }])(
    'leaves %o to the browser (a new tab, a new window, a download)',
    (change) => {
      expect(isPlainClick({ ...click, ...change })).toBe(false);
    },
  );
});

describe('switchLanguage', () => {
  function fakeWindow(hash: string) {
    const happened: string[] = [];
    const win = Object.assign(new EventTarget(), {
      location: { hash, assign: (url: string) => void happened.push(`navigate ${url}`) },
    });
    win.addEventListener(LANGUAGE_CHANGE_EVENT, (event) =>
      happened.push(`${LANGUAGE_CHANGE_EVENT} ${String((event as CustomEvent).detail)}`),
    );
    return { win, happened };
  }
  const link = (language: string) => ({
    href: `https://example.org/${language}/`,
    getAttribute: (name: string) => (name === 'data-language-link' ? language : null),
  });

  it('announces the new language, then opens its page at the section being read', () => {
    const { win, happened } = fakeWindow('#projects');
    expect(switchLanguage(link('en'), win)).toBe(true);
    expect(happened).toEqual([`${LANGUAGE_CHANGE_EVENT} en`, 'navigate https://example.org/en/#projects']);
  });

  it('leaves a link to a language the site does not have to the browser', () => {
    const { win, happened } = fakeWindow('');
    expect(switchLanguage(link('xx'), win)).toBe(false);
    expect(happened).toEqual([]);
  });
});

describe('team dialog', () => {
  const photoFor = (id: string) => ({ getAttribute: (name: string) => (name === 'aria-controls' ? id : null) });

  it('a photo opens the dialog it controls, once', () => {
    const dialog = fakeDialog('team-dialog-anna');
    const doc = { getElementById: (id: string) => (id === dialog.id ? dialog : null), querySelector: () => null };
    openMemberDialog(photoFor('team-dialog-anna'), doc as unknown as Document);
    openMemberDialog(photoFor('team-dialog-anna'), doc as unknown as Document);
    expect(dialog.open).toBe(true);
    expect(dialog.showModal).toHaveBeenCalledTimes(1);
  });

  it('a photo whose dialog is missing does nothing', () => {
    const doc = { getElementById: () => null, querySelector: () => null };
    expect(() => openMemberDialog(photoFor('team-dialog-nobody'), doc as unknown as Document)).not.toThrow();
  });

  it('closes on a click on its backdrop (the dialog element itself), not on its content', () => {
    const dialog = fakeDialog('team-dialog-anna', true);
    closeOnBackdrop(dialog, { inside: true });
    expect(dialog.open).toBe(true);
    closeOnBackdrop(dialog, dialog);
    expect(dialog.open).toBe(false);
  });

  it('gives focus back to the photo that opens it once it has closed, not when it was reopened meanwhile', () => {
    const photo = { focus: vi.fn() };
    const doc = {
      getElementById: () => null,
      querySelector: (selector: string) => (selector === '[aria-controls="team-dialog-anna"]' ? photo : null),
    } as unknown as Document;
    const dialog = fakeDialog('team-dialog-anna', true);
    returnFocusToPhoto(dialog, doc);
    expect(photo.focus).not.toHaveBeenCalled();
    dialog.open = false;
    returnFocusToPhoto(dialog, doc);
    expect(photo.focus).toHaveBeenCalledTimes(1);
  });
});

describe('a submit held for the contact form’s code', () => {
  it('is marked on the form and taken over exactly once', () => {
    const form = fakeElement();
    expect(takeHeldSubmit(form)).toBe(false);
    holdSubmit(form);
    holdSubmit(form);
    expect(form.hasAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe(true);
    expect(takeHeldSubmit(form)).toBe(true);
    expect(takeHeldSubmit(form)).toBe(false);
    expect(form.hasAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe(false);
  });
});
