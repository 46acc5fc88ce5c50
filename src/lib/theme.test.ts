import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { DARK_CLASS, THEME_STORAGE_KEY, THEME_SWITCHING_ATTRIBUTE, themeInitScript, toggleTheme } from './theme';

/** Just enough of a document root: a class list and attributes. */
function fakeRoot() {
  const classes = new Set<string>();
  const attributes = new Map<string, string>();
  return {
    classList: {
      contains: (name: string) => classes.has(name),
      toggle: (name: string, force: boolean) => (force ? classes.add(name) : classes.delete(name), force),
    },
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    removeAttribute: (name: string) => attributes.delete(name),
  } as unknown as HTMLElement;
}

/** Paints on demand: `painted()` runs the oldest callback still waiting for its frame. */
function frames() {
  const waiting: (() => void)[] = [];
  return {
    whenPainted: (then: () => void) => void waiting.push(then),
    painted: () => waiting.shift()?.(),
  };
}

// That a toggle flips the theme and stores every change, and that storage which throws keeps only
// the flip, the theme journeys check in three engines (e2e-journeys/journeys/theme.ts).
it('toggleTheme keeps transitions off until the frame that shows the change has been painted, that of a second change too', () => {
  const root = fakeRoot();
  const { whenPainted, painted } = frames();
  vi.stubGlobal('document', { documentElement: root });
  vi.stubGlobal('window', { localStorage: { setItem: () => undefined } });
  vi.stubGlobal('requestAnimationFrame', whenPainted);
  vi.stubGlobal('setTimeout', (then: () => void) => then());
  const switching = () => root.getAttribute(THEME_SWITCHING_ATTRIBUTE) !== null;
  toggleTheme();
  expect(switching()).toBe(true);
  painted();
  expect(switching()).toBe(false);

  // A second tap before the first one's frame was painted: transitions stay off until the second's is.
  toggleTheme();
  toggleTheme();
  painted();
  expect(switching()).toBe(true);
  painted();
  expect(switching()).toBe(false);
});

/**
 * The inline head script itself, run as the page runs it, against a page whose window and document
 * are fakes: its events are dispatched by hand, its frames painted on demand.
 */
function runInlineScript({ prerendering = false, prefersDark = false, storageThrows = false } = {}) {
  const root = fakeRoot();
  const stored = new Map<string, string>();
  const listeners = new Map<string, ((event: Partial<PageTransitionEvent>) => void)[]>();
  const listen = (type: string, listener: (event: Partial<PageTransitionEvent>) => void) =>
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  const getItem = (key: string) => {
    if (storageThrows) throw new DOMException('blocked', 'SecurityError');
    return stored.get(key) ?? null;
  };
  const win = {
    localStorage: { getItem },
    matchMedia: (query: string) => ({ matches: prefersDark && query === '(prefers-color-scheme: dark)' }),
    addEventListener: listen,
  };
  const doc = { documentElement: root, prerendering, addEventListener: listen };
  const { whenPainted, painted } = frames();
  const dispatch = (type: string, event: Partial<PageTransitionEvent> = {}) =>
    listeners.get(type)?.forEach((listener) => listener(event));
  return {
    root,
    stored,
    dispatch,
    painted,
    start: () =>
      void runInNewContext(themeInitScript, {
        window: win,
        document: doc,
        requestAnimationFrame: whenPainted,
        setTimeout: (then: () => void) => then(),
      }),
    dark: () => root.classList.contains(DARK_CLASS),
    switching: () => root.getAttribute(THEME_SWITCHING_ATTRIBUTE) !== null,
  };
}

describe('the inline head script (initTheme, followStoredTheme)', () => {
  it.each([
    { stored: null, prefersDark: false, expected: 'light' },
    { stored: null, prefersDark: true, expected: 'dark' },
    { stored: 'light', prefersDark: true, expected: 'light' },
    { stored: 'dark', prefersDark: false, expected: 'dark' },
    { stored: 'purple', prefersDark: false, expected: 'light' },
    { stored: 'purple', prefersDark: true, expected: 'dark' },
    { stored: 'throws', prefersDark: true, expected: 'dark' },
  ])('stored $stored, system dark $prefersDark: opens $expected', ({ stored, prefersDark, expected }) => {
    const page = runInlineScript({ prefersDark, storageThrows: stored === 'throws' });
    if (stored) page.stored.set(THEME_STORAGE_KEY, stored);
    page.start();
    expect(page.dark()).toBe(expected === 'dark');
  });

  it('a prerendered page shows the theme of the moment it is shown, not of when it was prerendered', () => {
    const page = runInlineScript({ prerendering: true });
    page.start();
    expect(page.dark()).toBe(false);
    page.stored.set(THEME_STORAGE_KEY, 'dark');
    page.dispatch('prerenderingchange');
    expect({ dark: page.dark(), switching: page.switching() }).toEqual({ dark: true, switching: true });
    page.painted();
    expect(page.switching()).toBe(false);
  });

  it('a page that is not prerendered does not listen for an activation', () => {
    const page = runInlineScript();
    page.start();
    page.stored.set(THEME_STORAGE_KEY, 'dark');
    page.dispatch('prerenderingchange');
    expect(page.dark()).toBe(false);
  });
});
