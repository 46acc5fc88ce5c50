import { describe, expect, it, vi } from 'vitest';
import { DARK_CLASS, THEME_STORAGE_KEY, initTheme, toggleTheme } from './theme';

/** Just enough of a document root: a class list. */
function fakeRoot() {
  const classes = new Set<string>();
  return {
    classList: {
      contains: (name: string) => classes.has(name),
      toggle: (name: string, force: boolean) => (force ? classes.add(name) : classes.delete(name), force),
    },
  } as unknown as HTMLElement;
}

/** A window whose storage holds `stored` under the theme's key, or throws (`'throws'`) as blocked storage does. */
function fakeWindow({ stored, prefersDark }: { stored: string | null; prefersDark: boolean }) {
  const getItem = (key: string) => {
    if (stored === 'throws') throw new DOMException('blocked', 'SecurityError');
    return key === THEME_STORAGE_KEY ? stored : null;
  };
  const matchMedia = vi.fn((query: string) => ({ matches: prefersDark && query === '(prefers-color-scheme: dark)' }));
  return { localStorage: { getItem }, matchMedia } as unknown as Window;
}

describe('initTheme (the inline head script)', () => {
  it.each([
    { stored: null, prefersDark: false, expected: 'light' },
    { stored: null, prefersDark: true, expected: 'dark' },
    { stored: 'light', prefersDark: true, expected: 'light' },
    { stored: 'dark', prefersDark: false, expected: 'dark' },
    { stored: 'purple', prefersDark: false, expected: 'light' },
    { stored: 'purple', prefersDark: true, expected: 'dark' },
    { stored: 'throws', prefersDark: true, expected: 'dark' },
  ])('stored $stored, system dark $prefersDark: $expected', ({ stored, prefersDark, expected }) => {
    const root = fakeRoot();
    expect(initTheme(THEME_STORAGE_KEY, DARK_CLASS, fakeWindow({ stored, prefersDark }), root)).toBe(expected);
    expect(root.classList.contains('dark')).toBe(expected === 'dark');
  });
});

// The answer of both the early answers and the island (src/lib/controls.ts).
it('toggleTheme flips the class and stores every change under "theme"; storage that throws keeps only the flip', () => {
  const root = fakeRoot();
  const stored = new Map<string, string>();
  const storage = { setItem: (key: string, value: string) => stored.set(key, value) } as unknown as Storage;
  expect(toggleTheme(root, storage)).toBe('dark');
  expect(stored.get('theme')).toBe('dark');
  expect(toggleTheme(root, storage)).toBe('light');
  expect(stored.get('theme')).toBe('light');
  const blocked = {
    setItem() {
      throw new DOMException('blocked', 'SecurityError');
    },
  } as unknown as Storage;
  expect(toggleTheme(root, blocked)).toBe('dark');
  expect(root.classList.contains('dark')).toBe(true);
});
