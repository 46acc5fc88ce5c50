import { describe, expect, it, vi } from 'vitest';
import { DARK_CLASS, THEME_STORAGE_KEY, initTheme } from './theme';

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

function fakeWindow({ stored = null as string | null, prefersDark = false, storageThrows = false } = {}) {
  const storage = new Map<string, string>(stored === null ? [] : [[THEME_STORAGE_KEY, stored]]);
  const blocked = () => {
    if (storageThrows) throw new DOMException('blocked', 'SecurityError');
  };
  const localStorage = { getItem: (key: string) => (blocked(), storage.get(key) ?? null) };
  const matchMedia = vi.fn((query: string) => ({ matches: prefersDark && query === '(prefers-color-scheme: dark)' }));
  return { localStorage, matchMedia } as unknown as Window;
}

describe('initTheme (the inline head script)', () => {
  it.each([
    { stored: null, prefersDark: false, expected: 'light' },
    { stored: null, prefersDark: true, expected: 'dark' },
    { stored: 'light', prefersDark: true, expected: 'light' },
    { stored: 'dark', prefersDark: false, expected: 'dark' },
    { stored: 'purple', prefersDark: false, expected: 'light' },
    { stored: 'purple', prefersDark: true, expected: 'dark' },
  ])('stored $stored, system dark $prefersDark: $expected', ({ stored, prefersDark, expected }) => {
    const root = fakeRoot();
    expect(initTheme(THEME_STORAGE_KEY, DARK_CLASS, fakeWindow({ stored, prefersDark }), root)).toBe(expected);
    expect(root.classList.contains('dark')).toBe(expected === 'dark');
  });

  it('falls back to the system preference when storage throws', () => {
    const root = fakeRoot();
    expect(initTheme(THEME_STORAGE_KEY, DARK_CLASS, fakeWindow({ storageThrows: true, prefersDark: true }), root)).toBe(
      'dark',
    );
  });
});
