import { afterNextPaint } from './paint';

export type Theme = 'light' | 'dark';

/** The storage key and class name (docs/behaviour.md › Theme); the head script and the toggle both read them from here. */
export const THEME_STORAGE_KEY = 'theme';
export const DARK_CLASS = 'dark';

/**
 * Set on `<html>` from a theme change until the frame that shows it has been painted:
 * theme-switching.css turns the colour transitions off meanwhile. Otherwise buttons and links would
 * fade into the new theme after the rest of the page has switched, and each fading element would
 * cost the browser style work in every frame of the fade, the first one, which answers the tap,
 * included.
 */
export const THEME_SWITCHING_ATTRIBUTE = 'data-theme-switching';

/**
 * The theme a page opens with: a stored choice wins, else the system's dark preference, else light.
 * Runs before first paint as an inline script (see `themeInitScript`), so it must not reference
 * anything outside its own body.
 */
export function initTheme(storageKey: string, darkClass: string): Theme {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storageKey);
  } catch {
    // Storage can be disabled or throw in private modes; the system preference still applies.
  }
  const theme =
    stored === 'light' || stored === 'dark'
      ? stored
      : window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  document.documentElement.classList.toggle(darkClass, theme === 'dark');
  return theme;
}

/**
 * Keeps the page's theme the stored one: `apply` (`initTheme`) now, and again, through `inOneFrame`,
 * when the page is shown later than it ran: restored by Back or Forward from the back/forward cache
 * (`pageshow` with `persisted`), or activated from a prerender (`prerenderingchange`). Either page
 * kept the theme it had when it was left or prerendered, and the visitor may have switched it since,
 * on another page. Runs in the inline script, so it must not reference anything outside its body
 * (`prerendering` is too new for TypeScript's DOM types).
 */
export function followStoredTheme(apply: () => unknown, inOneFrame: (change: () => unknown) => void): void {
  apply();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) inOneFrame(apply);
  });
  if ((document as { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', () => inOneFrame(apply), { once: true });
  }
}

/**
 * Makes `change` to the theme with colour transitions off until the frame that shows it has been
 * painted (`attribute` on the root, theme-switching.css). The attribute's value counts the changes
 * since it was last removed, so that a change that comes before the last one was painted keeps
 * transitions off until its own frame has been painted too. Runs in the inline script as well.
 */
export function inOneFrame(change: () => unknown, attribute: string, whenPainted: (then: () => void) => void): void {
  const root = document.documentElement;
  const count = String(Number(root.getAttribute(attribute)) + 1);
  root.setAttribute(attribute, count);
  change();
  whenPainted(() => {
    if (root.getAttribute(attribute) === count) root.removeAttribute(attribute);
  });
}

/**
 * The inline `<head>` script: the source of `followStoredTheme`, `initTheme`, `inOneFrame` and
 * `afterNextPaint`, called with the constants of docs/behaviour.md › Theme. Marked pure, so the
 * early answers, which bundle this module into every page, leave it out.
 */
export const themeInitScript = /* @__PURE__ */ inlineThemeScript();

function inlineThemeScript() {
  const [key, dark, switching] = [THEME_STORAGE_KEY, DARK_CLASS, THEME_SWITCHING_ATTRIBUTE].map((each) =>
    JSON.stringify(each),
  );
  return (
    `(${followStoredTheme.toString()})(` +
    `function(){return(${initTheme.toString()})(${key},${dark})},` +
    `function(change){(${inOneFrame.toString()})(change,${switching},${afterNextPaint.toString()})});`
  );
}

/** Flips the theme, in one frame, and saves it; docs/behaviour.md › Theme: the choice is stored on every change. */
export function toggleTheme(): Theme {
  const root = document.documentElement;
  const next: Theme = root.classList.contains(DARK_CLASS) ? 'light' : 'dark';
  inOneFrame(() => root.classList.toggle(DARK_CLASS, next === 'dark'), THEME_SWITCHING_ATTRIBUTE, afterNextPaint);
  try {
    // Even reading `window.localStorage` throws where storage is blocked, hence inside the try.
    window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Without storage the choice lasts for this page view only; the toggle itself still works.
  }
  return next;
}
