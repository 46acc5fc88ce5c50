import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADOPTED_ATTRIBUTE, HELD_SUBMIT_ATTRIBUTE } from '../lib/controls';
import { DARK_CLASS } from '../lib/theme';
import { answerClick, answerClose, answerHydrationError, prepareEarlyAnswers } from './early-answers';

/**
 * The early answers against stand-ins of the page: each control is a fake element that matches the
 * selectors it is given and knows its island. The browser itself is exercised by
 * e2e/early-clicks.spec.ts.
 */

function fakeIsland(adopted = false) {
  return { hasAttribute: (name: string) => adopted && name === ADOPTED_ATTRIBUTE };
}

interface ControlOptions {
  island?: ReturnType<typeof fakeIsland>;
  /** What `closest` finds for other selectors, by selector. */
  ancestors?: Record<string, unknown>;
  attributes?: Record<string, string>;
}

function fakeControl(
  selectors: string[],
  { island = fakeIsland(), ancestors = {}, attributes = {} }: ControlOptions = {},
) {
  const control = {
    matches: (selector: string) => selectors.includes(selector),
    closest: (selector: string): unknown => {
      if (selector === 'astro-island') return island;
      if (selector.split(', ').some((one) => selectors.includes(one))) return control;
      return ancestors[selector] ?? null;
    },
    getAttribute: (name: string) => attributes[name] ?? null,
    href: 'https://example.org/en/',
  };
  return control;
}

function click(target: unknown, change: Partial<Pick<MouseEvent, 'button' | 'ctrlKey'>> = {}) {
  return {
    target,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    preventDefault: vi.fn(),
    stopImmediatePropagation: vi.fn(),
    ...change,
  };
}
/** A stand-in click, answered as the document's listener answers a real one. */
const answer = (event: ReturnType<typeof click>) => answerClick(event as unknown as MouseEvent);

let root: { classes: Set<string> };
let stored: Map<string, string>;
let assign: ReturnType<typeof vi.fn>;
let dialogs: Record<string, { id: string; open: boolean; showModal: () => void; close: () => void }>;

beforeEach(() => {
  root = { classes: new Set() };
  stored = new Map();
  assign = vi.fn();
  dialogs = {};
  const win = Object.assign(new EventTarget(), {
    localStorage: { setItem: (key: string, value: string) => void stored.set(key, value) },
    location: { hash: '', assign },
  });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', {
    documentElement: {
      classList: {
        contains: (name: string) => root.classes.has(name),
        toggle: (name: string, force: boolean) => (force ? root.classes.add(name) : root.classes.delete(name), force),
      },
    },
    getElementById: (id: string) => dialogs[id] ?? null,
  });
});

function fakeDialog(id: string) {
  const dialog = {
    id,
    open: false,
    showModal: () => void (dialog.open = true),
    close: () => void (dialog.open = false),
  };
  dialogs[id] = dialog;
  return dialog;
}

describe('before an island has adopted its controls', () => {
  it('a tap on the theme toggle flips and stores the theme, and goes no further', () => {
    const event = click(fakeControl(['[data-theme-toggle]']));
    answer(event);
    expect(root.classes.has(DARK_CLASS)).toBe(true);
    expect(stored.get('theme')).toBe('dark');
    expect(event.stopImmediatePropagation).toHaveBeenCalled();
  });

  it('a tap on a language link announces the language and navigates in place of the link', () => {
    const languageChanges: unknown[] = [];
    window.addEventListener('languageChange', (event) => languageChanges.push((event as CustomEvent).detail));
    const event = click(fakeControl(['[data-language-link]'], { attributes: { 'data-language-link': 'en' } }));
    answer(event);
    expect(languageChanges).toEqual(['en']);
    expect(assign).toHaveBeenCalledWith('https://example.org/en/');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(event.stopImmediatePropagation).toHaveBeenCalled();
  });

  it('a click on a language link with a modifier stays the browser’s', () => {
    const event = click(fakeControl(['[data-language-link]'], { attributes: { 'data-language-link': 'en' } }), {
      ctrlKey: true,
    });
    answer(event);
    expect(assign).not.toHaveBeenCalled();
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(event.stopImmediatePropagation).not.toHaveBeenCalled();
  });

  it('a tap on a team photo opens its dialog; a click on the backdrop closes it, one inside does not', () => {
    const dialog = fakeDialog('team-dialog-anna');
    answer(click(fakeControl(['[data-team-photo]'], { attributes: { 'aria-controls': dialog.id } })));
    expect(dialog.open).toBe(true);

    const dialogElement = Object.assign(fakeControl(['[data-team-dialog]']), {
      open: true,
      close() {
        this.open = false;
      },
    });
    const insideClick = click({ closest: (selector: string) => dialogElement.closest(selector) });
    answer(insideClick);
    expect(dialogElement.open).toBe(true);
    expect(insideClick.stopImmediatePropagation).not.toHaveBeenCalled();

    const backdropClick = click(dialogElement);
    answer(backdropClick);
    expect(dialogElement.open).toBe(false);
    expect(backdropClick.stopImmediatePropagation).toHaveBeenCalled();
  });

  it('a submit is held on the form instead of submitting natively', () => {
    const form = {
      attributes: new Set<string>(),
      setAttribute(name: string) {
        this.attributes.add(name);
      },
    };
    const event = click(
      fakeControl(['[data-contact-form] [type="submit"]'], { ancestors: { '[data-contact-form]': form } }),
    );
    answer(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(form.attributes.has(HELD_SUBMIT_ATTRIBUTE)).toBe(true);
    expect(event.stopImmediatePropagation).toHaveBeenCalled();
  });

  it('a closing dialog gives focus back to its photo', () => {
    const photo = { focus: vi.fn() };
    vi.stubGlobal('document', {
      querySelector: (selector: string) => (selector === '[aria-controls="team-dialog-anna"]' ? photo : null),
    });
    const dialog = Object.assign(fakeControl(['[data-team-dialog]']), { id: 'team-dialog-anna', open: false });
    const stop = vi.fn();
    answerClose({ target: dialog, stopImmediatePropagation: stop } as unknown as Event);
    expect(photo.focus).toHaveBeenCalled();
    expect(stop).toHaveBeenCalled();
  });

  it('a click elsewhere is left alone', () => {
    const event = click(fakeControl(['a[href]']));
    answer(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(event.stopImmediatePropagation).not.toHaveBeenCalled();
  });
});

describe('once an island has adopted its controls', () => {
  it('the early answers stand back, and the island answers alone', () => {
    const island = fakeIsland(true);
    const toggle = click(fakeControl(['[data-theme-toggle]'], { island }));
    answer(toggle);
    expect(root.classes.has(DARK_CLASS)).toBe(false);
    expect(toggle.stopImmediatePropagation).not.toHaveBeenCalled();

    const dialog = fakeDialog('team-dialog-anna');
    answer(click(fakeControl(['[data-team-photo]'], { island, attributes: { 'aria-controls': dialog.id } })));
    expect(dialog.open).toBe(false);
  });
});

describe('the contact form before its code', () => {
  function fakeForm() {
    const submit = { disabled: true };
    const attributes = new Set<string>([HELD_SUBMIT_ATTRIBUTE]);
    const form = {
      hasAttribute: (name: string) => attributes.has(name),
      removeAttribute: (name: string) => void attributes.delete(name),
      querySelector: () => submit,
    };
    return { form, submit, attributes };
  }

  it('takes taps on its submit button as soon as it is in the page', () => {
    const { submit } = fakeForm();
    const island = { querySelector: () => submit };
    prepareEarlyAnswers(island);
    expect(submit.disabled).toBe(false);
  });

  it('when its code cannot be loaded, drops the held submit, turns the button off and says why', () => {
    const { form, submit, attributes } = fakeForm();
    const note = { removeAttribute: vi.fn() };
    const island = { querySelector: () => form, parentElement: { querySelector: () => note } };
    answerHydrationError({ target: island } as unknown as Event);
    expect(attributes.has(HELD_SUBMIT_ATTRIBUTE)).toBe(false);
    expect(submit.disabled).toBe(true);
    expect(note.removeAttribute).toHaveBeenCalledWith('hidden');
  });

  it('another island that cannot be loaded changes nothing', () => {
    const island = { querySelector: () => null, parentElement: null };
    expect(() => answerHydrationError({ target: island } as unknown as Event)).not.toThrow();
  });
});
