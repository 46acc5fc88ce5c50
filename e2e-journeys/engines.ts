import { chromium } from '@playwright/test';
import { executable } from '../deploy/servers';

/** What is missing, and how to install it (Debian/Ubuntu) or point at a build elsewhere. */
export const missingEngine: Record<EngineName, string> = {
  Chromium:
    'No Chromium found: sudo apt-get install chromium (Debian/Ubuntu; or set CHROMIUM_PATH to any Chromium), ' +
    'or npx playwright install chromium where downloads are allowed',
  Firefox: 'Firefox is not installed: sudo apt-get install firefox-esr (or set FIREFOX_PATH)',
  WebKit: "WebKitGTK's driver (the engine of Safari) is not installed: sudo apt-get install webkit2gtk-driver xvfb",
};

/** Playwright's own Chromium when it is installed, else the system's: for Playwright and the journeys alike. */
export const findChromium = () =>
  executable(chromium.executablePath()) ?? executable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');

/** Keeps Chromium from calling home: this machine and CI have no internet. */
export const quietChromium = [
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export type EngineName = 'Chromium' | 'Firefox' | 'WebKit';

/**
 * One visitor's tab, fresh storage and cache, nothing remembered from another tab: what the journeys
 * need of a browser, and all they may use. Each engine's adapter (puppeteer.ts for Chromium and
 * Firefox, webkit.ts) provides it with real input (pointer and keys through the engine's driver,
 * never `element.click()` in the page), so a journey means the same in each engine. Clicks and typing
 * on an element are the harness's, from these, alike for every engine. What its commands return is
 * the driver's.
 */
export interface EngineTab {
  /** Opens a URL and waits for its load event. */
  goto(url: string): Promise<unknown>;
  /** Runs a function in the page, sent as source text: it may use only its arguments and the page's globals. */
  evaluate<Result, Args extends unknown[]>(
    fn: (...args: Args) => Result | Promise<Result>,
    ...args: Args
  ): Promise<Result>;
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
  /** Back or forward by the driver, where the page's own `history.go` is now and then lost (WebKitGTK). */
  traverse?(direction: 'back' | 'forward'): Promise<unknown>;
  /** Console errors and uncaught errors the engine itself reported, for engines whose driver sees them. */
  engineErrors(): string[];
  close(): Promise<unknown>;
}

export interface Browser {
  /** "Firefox 153.7.0esr (/usr/bin/firefox-esr)". */
  readonly version: string;
  /**
   * A new visitor's tab, on a system that asks for light and motion or, `darkAndStill`, for dark and
   * less motion (one browser for both, as Firefox reads them when it starts), fixed for its life.
   */
  open(darkAndStill: boolean): Promise<EngineTab>;
  quit(): Promise<void>;
}
