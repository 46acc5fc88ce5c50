import puppeteer, { type Browser as Puppeteer } from 'puppeteer-core';
import { defaultSystem, type Browser, type SystemSettings, type Tab } from './browser';
import type { FirefoxInstall } from './engines';

/**
 * Firefox through WebDriver BiDi, driven by puppeteer-core (already in the lock file through
 * Lighthouse). Playwright 1.65 cannot drive Firefox ESR 153: it sends every new page a BiDi command
 * that ESR does not know (`emulation.setMediaFeaturesOverride`). Colour scheme and reduced motion
 * are therefore Firefox preferences, set when a browser starts, so each set of system settings
 * gets a browser of its own.
 */

/** Firefox's pointer capability bits: a fine pointer that can hover, as a mouse. */
const FINE_POINTER_THAT_HOVERS = 0b110;

const PROTOCOL_TIMEOUT_MS = 30_000;

const puppeteerKeys = { Enter: 'Enter', Escape: 'Escape', Space: ' ', Tab: 'Tab' } as const;

const preferences = (system: SystemSettings) => ({
  // Headless Firefox reports no pointer that can hover, and the project cards play on hover.
  'ui.primaryPointerCapabilities': FINE_POINTER_THAT_HOVERS,
  'ui.allPointerCapabilities': FINE_POINTER_THAT_HOVERS,
  // 0: dark, 1: light.
  'layout.css.prefers-color-scheme.content-override': system.colorScheme === 'dark' ? 0 : 1,
  'ui.prefersReducedMotion': system.reducedMotion ? 1 : 0,
});

export async function launchFirefox(install: FirefoxInstall): Promise<Browser> {
  const browsers = new Map<string, Promise<Puppeteer>>();
  const browserFor = (system: SystemSettings) => {
    const key = JSON.stringify(system);
    if (!browsers.has(key)) {
      browsers.set(
        key,
        puppeteer.launch({
          browser: 'firefox',
          executablePath: install.executable,
          headless: true,
          // A command that never returns fails within a journey's time, naming the command.
          protocolTimeout: PROTOCOL_TIMEOUT_MS,
          extraPrefsFirefox: preferences(system),
        }),
      );
    }
    return browsers.get(key)!;
  };
  const version = (await (await browserFor(defaultSystem)).version()).replace(/^firefox\//, '');

  return {
    version: `Firefox ${version} (${install.executable})`,
    seesConsole: true,
    async open(system = defaultSystem) {
      // A context of its own: storage and cache start empty, as for a new visitor.
      const context = await (await browserFor(system)).createBrowserContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${(error as Error).message}`));

      const tab: Tab = {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        url: async () => page.url(),
        // Sent as source text either way; puppeteer's types would turn element arguments into handles.
        evaluate: (fn, ...args) => page.evaluate(fn as (...params: unknown[]) => unknown, ...args) as never,
        setViewport: (width, height) => page.setViewport({ width, height }),
        click: (selector) => page.click(selector),
        hover: (selector) => page.hover(selector),
        moveMouseAway: () => page.mouse.move(0, 0),
        press: (key) => page.keyboard.press(puppeteerKeys[key]),
        async type(selector, text) {
          // Key by key: React's controlled inputs hear each keystroke, as they do from a visitor.
          await page.click(selector);
          await page.keyboard.type(text);
        },
        screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
        engineErrors: () => errors,
        close: () => context.close(),
      };
      return tab;
    },
    async quit() {
      await Promise.all([...browsers.values()].map(async (browser) => (await browser).close()));
    },
  };
}
