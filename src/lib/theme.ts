import { afterNextPaint } from './paint';

export type Theme = 'light' | 'dark';

/** The storage key and class name (docs/behaviour.md › Theme); the head script and the toggle both read them from here. */
export const THEME_STORAGE_KEY = 'theme';
export const DARK_CLASS = 'dark';

type ThemeStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The theme a page opens with: a stored choice wins, else the system's dark preference, else light.
 * Runs before first paint as an inline script (see `themeInitScript`), so it must not reference
 * anything outside its own body.
 */
export function initTheme(
  storageKey: string,
  darkClass: string,
  win: Pick<Window, 'localStorage' | 'matchMedia'> = window,
  root: HTMLElement = document.documentElement,
): 'light' | 'dark' {
  let stored: string | null = null;
  try {
    stored = win.localStorage.getItem(storageKey);
  } catch {
    // Storage can be disabled or throw in private modes; the system preference still applies.
  }
  const theme =
    stored === 'light' || stored === 'dark'
      ? stored
      : win.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  root.classList.toggle(darkClass, theme === 'dark');
  return theme;
}

/**
 * The inline `<head>` script: `initTheme`'s own source, called with the constants of docs/behaviour.md › Theme. Marked pure,
 * so the early answers, which bundle this module into every page, leave it out.
 */
export const themeInitScript = /* @__PURE__ */ inlineThemeScript();

function inlineThemeScript() {
  return `(${initTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)},${JSON.stringify(DARK_CLASS)});`;
}

function currentTheme(root: HTMLElement = document.documentElement): Theme {
  return root.classList.contains(DARK_CLASS) ? 'dark' : 'light';
}

/**
 * Set on `<html>` from a theme change until the frame that shows it has been painted:
 * theme-switching.css turns the colour transitions off meanwhile. Otherwise buttons and links would
 * fade into the new theme after the rest of the page has switched, and each fading element would
 * cost the browser style work in every frame of the fade, the first one, which answers the tap,
 * included.
 */
export const THEME_SWITCHING_ATTRIBUTE = 'data-theme-switching';

/**
 * Applies `theme` and saves it; docs/behaviour.md › Theme: the choice is stored on every change.
 * The attribute's value counts the changes since it was last removed, so that a change that comes
 * before the last one was painted keeps transitions off until its own frame has been painted too.
 */
export function setTheme(
  theme: Theme,
  root: HTMLElement = document.documentElement,
  storage?: ThemeStorage,
  whenPainted: (then: () => void) => void = afterNextPaint,
): void {
  const change = String(Number(root.getAttribute(THEME_SWITCHING_ATTRIBUTE)) + 1);
  root.setAttribute(THEME_SWITCHING_ATTRIBUTE, change);
  root.classList.toggle(DARK_CLASS, theme === 'dark');
  whenPainted(() => {
    if (root.getAttribute(THEME_SWITCHING_ATTRIBUTE) === change) root.removeAttribute(THEME_SWITCHING_ATTRIBUTE);
  });
  try {
    // Even reading `window.localStorage` throws where storage is blocked, hence inside the try.
    (storage ?? window.localStorage).setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Without storage the choice lasts for this page view only; the toggle itself still works.
  }
}

export function toggleTheme(
  root: HTMLElement = document.documentElement,
  storage?: ThemeStorage,
  whenPainted?: (then: () => void) => void,
): Theme {
  const next: Theme = currentTheme(root) === 'dark' ? 'light' : 'dark';
  setTheme(next, root, storage, whenPainted);
  return next;
}
