/**
 * What the journeys need of a browser, and all they may use: each engine's adapter (firefox.ts,
 * webkit.ts) provides it with real input (pointer and keys through the engine's driver, never
 * `element.click()` in the page), so a journey is written once and means the same in each engine.
 */

/** The visitor's system settings, fixed for the life of a browser. */
export interface SystemSettings {
  colorScheme: 'light' | 'dark';
  reducedMotion: boolean;
}

export const defaultSystem: SystemSettings = { colorScheme: 'light', reducedMotion: false };

export type Key = 'Enter' | 'Escape' | 'Space' | 'Tab';

/** One visitor's tab: fresh storage, nothing remembered from another tab. */
export interface Tab {
  /** Opens a URL and waits for its load event. */
  goto(url: string): Promise<void>;
  /** The address the tab shows now. */
  url(): Promise<string>;
  /**
   * Runs a function in the page and returns its (JSON) result. It is sent as source text: it may use
   * only its arguments and the page's globals.
   */
  evaluate<Result, Args extends unknown[]>(
    fn: (...args: Args) => Result | Promise<Result>,
    ...args: Args
  ): Promise<Result>;
  /** The size of the page's viewport in CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /** Scrolls the element into view and clicks its centre with the mouse. */
  click(selector: string): Promise<void>;
  /** Scrolls the element into view and moves the mouse onto it. */
  hover(selector: string): Promise<void>;
  /** Moves the mouse to the viewport's top left corner. */
  moveMouseAway(): Promise<void>;
  /** Presses and releases a key on whatever has focus. */
  press(key: Key): Promise<void>;
  /** Focuses a field by clicking it and types the text key by key, as a visitor does. */
  type(selector: string, text: string): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(file: string): Promise<void>;
  /** Console errors and uncaught errors the engine itself reported, for engines whose driver sees them. */
  engineErrors(): string[];
  close(): Promise<void>;
}

export interface Browser {
  /** "Firefox ESR 153.7.0", "WebKitGTK 2.50.6". */
  readonly version: string;
  /** Whether the driver shows the page's console (else the page probe reports it). */
  readonly seesConsole: boolean;
  open(system?: SystemSettings): Promise<Tab>;
  quit(): Promise<void>;
}

/** An engine the journeys can run in, found on this machine. */
export interface Engine {
  name: 'Firefox' | 'WebKit';
  launch(): Promise<Browser>;
}
