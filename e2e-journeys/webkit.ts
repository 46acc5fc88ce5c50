import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSystem, type Browser, type SystemSettings, type Tab } from './browser';
import type { WebKitInstall } from './engines';

/**
 * WebKitGTK, the engine of Safari, through its W3C WebDriver server and the MiniBrowser it starts.
 * The driver speaks WebDriver classic over HTTP only (https://www.w3.org/TR/webdriver2/), and the
 * few commands the journeys need are a fetch each. MiniBrowser has no headless mode, so the driver
 * runs on a virtual display (xvfb-run, its own process group). The system's colour scheme is a
 * MiniBrowser flag per session; less motion is a GTK setting read when a program starts, so it
 * gets a driver of its own with that setting.
 */

/** Room for the widest window the journeys open. */
const VIRTUAL_SCREEN = '1600x1200x24';
const DRIVER_START_TIMEOUT_MS = 15_000;
/** A command that never returns fails within a journey's time, naming the command; a new session starts a browser. */
const COMMAND_TIMEOUT_MS = 30_000;
/** WebKitGTK waits five minutes for a page by default. */
const PAGE_LOAD_TIMEOUT_MS = 20_000;
/** The key under which WebDriver names an element in JSON. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** WebDriver's code points for the keys the journeys press. */
const keyCodes = { Enter: '\uE007', Escape: '\uE00C', Space: '\uE00D' } as const;

type Method = 'GET' | 'POST' | 'DELETE';
type Driver = { url: string; stop: () => void };

async function command<Result>(url: string, method: Method, body?: unknown): Promise<Result> {
  const where = `WebDriver ${method} ${new URL(url).pathname}`;
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  }).catch((error: Error) => {
    throw new Error(`${where}: ${error.message}`);
  });
  const { value } = (await response.json()) as { value: Result & { error?: string; message?: string } };
  if (!response.ok) throw new Error(`${where}: ${value.error}: ${value.message}`);
  return value;
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A WebKitWebDriver on its own virtual display, with GTK's animations on or off. */
async function startDriver(install: WebKitInstall, reducedMotion: boolean, again = true): Promise<Driver> {
  const configHome = mkdtempSync(join(tmpdir(), 'webkit-journeys-'));
  mkdirSync(join(configHome, 'gtk-3.0'));
  // WebKitGTK answers prefers-reduced-motion from GTK's animation setting.
  writeFileSync(join(configHome, 'gtk-3.0', 'settings.ini'), `[Settings]\ngtk-enable-animations=${!reducedMotion}\n`);
  const port = await freePort();
  const child = spawn(install.xvfbRun, ['-a', '-s', `-screen 0 ${VIRTUAL_SCREEN}`, install.driver, `--port=${port}`], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, XDG_CONFIG_HOME: configHome },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    process.off('exit', stop);
    // The whole group: xvfb-run, Xvfb, the driver and any MiniBrowser it started.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Gone already.
    }
    rmSync(configHome, { recursive: true, force: true });
  };
  // A test run that ends early leaves no virtual display or browser behind.
  process.once('exit', stop);
  const ready = () =>
    command<{ ready: boolean }>(`${url}/status`, 'GET').then(
      (status) => status.ready,
      () => false,
    );
  for (const deadline = Date.now() + DRIVER_START_TIMEOUT_MS; !(await ready()); await sleep(100)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      stop();
      // `xvfb-run -a` can choose the same free display as another program starting at that moment.
      if (again) return startDriver(install, reducedMotion, false);
      throw new Error(`WebKitWebDriver did not start on port ${port} (${install.driver} under ${install.xvfbRun})`);
    }
  }
  return { url, stop };
}

const capabilities = (install: WebKitInstall, system: SystemSettings) => ({
  browserName: 'MiniBrowser',
  timeouts: { pageLoad: PAGE_LOAD_TIMEOUT_MS, script: PAGE_LOAD_TIMEOUT_MS },
  'webkitgtk:browserOptions': {
    binary: install.miniBrowser,
    // Full screen hides MiniBrowser's toolbar, which otherwise keeps the window at least ~450 px
    // wide: the window is then the viewport, and a phone's 390 px fit.
    args: ['--automation', '--full-screen', ...(system.colorScheme === 'dark' ? ['--dark-mode'] : [])],
  },
});

export async function launchWebKit(install: WebKitInstall): Promise<Browser> {
  /** A driver for each setting of motion, started when first needed. */
  const drivers = new Map<boolean, Promise<Driver>>();
  const newSession = async (system: SystemSettings, again = true) => {
    const still = system.reducedMotion;
    if (!drivers.has(still)) drivers.set(still, startDriver(install, still));
    const driver = await drivers.get(still)!;
    const created = await command<{ sessionId: string; capabilities: { browserVersion: string } }>(
      `${driver.url}/session`,
      'POST',
      { capabilities: { alwaysMatch: capabilities(install, system) } },
    ).catch((error: Error) => {
      if (!again) throw error;
      // Now and then a MiniBrowser fails to reach the virtual display ("cannot open display") and
      // the driver waits for it forever: once, a new driver on a new display.
      driver.stop();
      drivers.delete(still);
      return null;
    });
    if (!created) return newSession(system, false);
    const call = <Result = unknown>(method: Method, path: string, body?: unknown) =>
      command<Result>(`${driver.url}/session/${created.sessionId}${path}`, method, body);
    return { version: created.capabilities.browserVersion, call };
  };
  const first = await newSession(defaultSystem);
  await first.call('DELETE', '');

  return {
    version: `WebKitGTK ${first.version} (${install.miniBrowser})`,
    seesConsole: false,
    async open(system = defaultSystem) {
      // Each session is a new MiniBrowser with empty storage, as for a new visitor.
      const { call } = await newSession(system);
      const actions = (type: 'pointer' | 'key', steps: object[]) =>
        call('POST', '/actions', {
          actions: [
            { type, id: type, ...(type === 'pointer' && { parameters: { pointerType: 'mouse' } }), actions: steps },
          ],
        });
      /**
       * Points at the element's centre, after scrolling it into view at once: the site scrolls
       * smoothly, and a pointer aimed while the page still glides lands elsewhere.
       */
      const pointAt = async (selector: string, click = false) => {
        const { x, y } = await tab.evaluate((target) => {
          const element = document.querySelector(target);
          if (!element) throw new Error(`No element matches ${target}`);
          element.scrollIntoView({ block: 'center', behavior: 'instant' });
          const box = element.getBoundingClientRect();
          return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
        }, selector);
        await tab.pointer(x, y, click);
      };

      const tab: Tab = {
        goto: async (url) => void (await call('POST', '/url', { url })),
        async evaluate(fn, ...args) {
          // The script returns by calling its last argument.
          const outcome = await call<{ value?: never; error?: string }>('POST', '/execute/async', {
            script: `const done = arguments[arguments.length - 1];
              Promise.resolve()
                .then(() => (${fn.toString()}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
                .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`,
            args,
          });
          if (outcome.error !== undefined) throw new Error(`In the page: ${outcome.error}`);
          return outcome.value as never;
        },
        setViewport: async (width, height) => void (await call('POST', '/window/rect', { width, height })),
        click: (selector) => pointAt(selector, true),
        hover: (selector) => pointAt(selector),
        async pointer(x, y, click) {
          const press = [
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ];
          await actions('pointer', [{ type: 'pointerMove', x, y, origin: 'viewport' }, ...(click ? press : [])]);
        },
        press: async (key) =>
          void (await actions('key', [
            { type: 'keyDown', value: keyCodes[key] },
            { type: 'keyUp', value: keyCodes[key] },
          ])),
        async type(selector, text) {
          await tab.click(selector);
          const element = await call<{ [ELEMENT]: string }>('POST', '/element', {
            using: 'css selector',
            value: selector,
          });
          await call('POST', `/element/${element[ELEMENT]}/value`, { text });
        },
        screenshot: async (file) =>
          writeFileSync(file, Buffer.from(await call<string>('GET', '/screenshot'), 'base64')),
        engineErrors: () => [],
        close: async () => void (await call('DELETE', '')),
      };
      return tab;
    },
    async quit() {
      for (const driver of drivers.values()) (await driver).stop();
    },
  };
}
