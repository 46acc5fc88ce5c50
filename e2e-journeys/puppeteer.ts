import puppeteer, { type Browser as Puppeteer, type LaunchOptions } from 'puppeteer-core';
import { executable, onPath } from '../deploy/servers';
import { findChromium, quietChromium, type Browser, type EngineTab } from './engines';

/**
 * Chromium over CDP and Firefox over WebDriver BiDi, both driven by puppeteer-core (already in the
 * lock file through Lighthouse). Playwright 1.65 cannot drive Firefox ESR 153: it sends every new
 * page a BiDi command that ESR does not know (`emulation.setMediaFeaturesOverride`). Firefox's colour
 * scheme and reduced motion are therefore preferences, set when a browser starts, so each system
 * (light and moving, dark and still) gets a Firefox of its own; Chromium emulates them per page.
 */

/** Firefox's pointer capability bits: a fine pointer that can hover, as a mouse. */
const FINE_POINTER_THAT_HOVERS = 0b110;
/** A command that never returns fails within a journey's time, naming the command. */
const PROTOCOL_TIMEOUT_MS = 30_000;

const firefoxOptions = (darkAndStill: boolean): LaunchOptions => ({
  browser: 'firefox',
  extraPrefsFirefox: {
    // Headless Firefox reports no pointer that can hover, and the project cards play on hover.
    'ui.primaryPointerCapabilities': FINE_POINTER_THAT_HOVERS,
    'ui.allPointerCapabilities': FINE_POINTER_THAT_HOVERS,
    // 0: dark, 1: light.
    'layout.css.prefers-color-scheme.content-override': darkAndStill ? 0 : 1,
    'ui.prefersReducedMotion': darkAndStill ? 1 : 0,
  },
});

// The sandbox needs user namespaces, which containers and root lack; the pages are our own.
const chromiumOptions: LaunchOptions = {
  browser: 'chrome',
  args: [
    ...quietChromium,
    '--no-sandbox',
    // Headless Chromium, too, reports no pointer that can hover (Playwright sets the same for its own).
    // Hover types: 2, hover; pointer types: 4, fine.
    '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
    // The site's Speculation Rules prerender a link the pointer rests on; a tap then shows that page
    // in a new frame, and Puppeteer goes on talking to the old, detached one. Prefetch stays on;
    // what prerendering gives a visitor is `npm run perf:navigation`'s to measure.
    '--disable-features=Prerender2',
  ],
};

/** Chromium or Firefox (FIREFOX_PATH, else firefox-esr or firefox on the PATH), launched, where this machine has it. */
export function findPuppeteerEngine(engine: 'Chromium' | 'Firefox') {
  const path =
    engine === 'Chromium'
      ? findChromium()
      : (executable(process.env.FIREFOX_PATH) ?? onPath('firefox-esr') ?? onPath('firefox'));
  return path ? () => launchPuppeteer(engine, path) : undefined;
}

async function launchPuppeteer(engine: 'Chromium' | 'Firefox', executablePath: string): Promise<Browser> {
  const browsers = new Map<boolean, Promise<Puppeteer>>();
  const browserFor = (darkAndStill: boolean) => {
    const key = engine === 'Firefox' && darkAndStill;
    const options = engine === 'Firefox' ? firefoxOptions(darkAndStill) : chromiumOptions;
    const browser =
      browsers.get(key) ??
      puppeteer.launch({ ...options, executablePath, headless: true, protocolTimeout: PROTOCOL_TIMEOUT_MS });
    browsers.set(key, browser);
    return browser;
  };
  const version = (await (await browserFor(false)).version()).replace(/^\D*\//, '');

  return {
    version: `${engine} ${version} (${executablePath})`,
    async open(darkAndStill) {
      // A context of its own: storage and cache start empty, as for a new visitor.
      const context = await (await browserFor(darkAndStill)).createBrowserContext();
      const page = await context.newPage();
      if (engine === 'Chromium') {
        await page.emulateMediaFeatures([
          { name: 'prefers-color-scheme', value: darkAndStill ? 'dark' : 'light' },
          { name: 'prefers-reduced-motion', value: darkAndStill ? 'reduce' : 'no-preference' },
        ]);
      }
      const errors: string[] = [];
      page.on('console', (message) => {
        // Chromium reports a 404 page's own status as an error; the journeys open the 404 page on purpose.
        const notFoundPage = message.text().includes('status of 404') && message.location().url === page.url();
        if (message.type() === 'error' && !notFoundPage) errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${(error as Error).message}`));

      return {
        goto: (url) => page.goto(url, { waitUntil: 'load' }),
        // Sent as source text either way; puppeteer's types would turn element arguments into handles.
        evaluate: (fn, ...args) => page.evaluate(fn as (...params: unknown[]) => unknown, ...args) as never,
        setViewport: (width, height) => page.setViewport({ width, height }),
        pointer: (x, y, click) => (click ? page.mouse.click(x, y) : page.mouse.move(x, y)),
        // Over WebDriver BiDi (Firefox), Puppeteer knows no key named Space.
        press: (key) => page.keyboard.press(key === 'Space' ? ' ' : key),
        // Key by key: React's controlled inputs hear each keystroke, as they do from a visitor.
        keys: (text) => page.keyboard.type(text),
        screenshot: (file) => page.screenshot({ path: file }),
        engineErrors: () => errors,
        close: () => context.close(),
      } satisfies EngineTab;
    },
    async quit() {
      await Promise.all([...browsers.values()].map(async (browser) => (await browser).close()));
    },
  };
}
