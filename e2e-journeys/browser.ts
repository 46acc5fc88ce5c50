/**
 * What the journeys need of a browser, and all they may use: each engine's adapter (puppeteer.ts for
 * Chromium and Firefox, webkit.ts) provides it with real input (pointer and keys through the
 * engine's driver, never `element.click()` in the page), so a journey means the same in each engine.
 * Clicks and typing on an element are the harness's, from these, alike for every engine.
 */

/** The visitor's system settings, fixed for the life of a tab. */
export interface SystemSettings {
  colorScheme: 'light' | 'dark';
  reducedMotion: boolean;
}
export const defaultSystem: SystemSettings = { colorScheme: 'light', reducedMotion: false };

/** One visitor's tab: fresh storage and cache, nothing remembered from another tab. What its commands return is the driver's. */
export interface EngineTab {
  /** Opens a URL and waits for its load event. */
  goto(url: string): Promise<unknown>;
  /** Runs a function in the page, sent as source text: it may use only its arguments and the page's globals. */
  evaluate<Result, Args extends unknown[]>(
    fn: (...args: Args) => Result | Promise<Result>,
    ...args: Args
  ): Promise<Result>;
  /**
   * Goes back or forward in the tab's history, as the browser's buttons do, and waits until the page
   * is shown: loaded, or restored from the back/forward cache (which fires no load event).
   */
  traverse(direction: 'back' | 'forward'): Promise<unknown>;
  /** The size of the page's viewport in CSS pixels. */
  setViewport(width: number, height: number): Promise<unknown>;
  /** Moves the mouse to a point of the viewport, and clicks there if asked to. */
  pointer(x: number, y: number, click?: boolean): Promise<unknown>;
  /** Presses and releases a key on whatever has focus. */
  press(key: 'Enter' | 'Escape' | 'Space' | 'Tab'): Promise<unknown>;
  /** Types the text key by key into whatever has focus, as a visitor does. */
  keys(text: string): Promise<unknown>;
  /** A PNG of the viewport. */
  screenshot(file: string): Promise<unknown>;
  /** Console errors and uncaught errors the engine itself reported, for engines whose driver sees them. */
  engineErrors(): string[];
  close(): Promise<unknown>;
}

export interface Browser {
  /** "Firefox 153.7.0esr (/usr/bin/firefox-esr)". */
  readonly version: string;
  /** Whether the driver shows the page's console (else the page probe reports it). */
  readonly seesConsole: boolean;
  open(system?: SystemSettings): Promise<EngineTab>;
  quit(): Promise<void>;
}
