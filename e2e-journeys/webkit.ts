import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { executable, freePort, onPath, startProgram } from '../deploy/servers';
import type { Browser, EngineTab } from './engines';

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
const keyCodes = { Enter: '\uE007', Escape: '\uE00C', Space: '\uE00D', Tab: '\uE004' } as const;

type Method = 'GET' | 'POST' | 'DELETE';
type WebKitInstall = Record<'driver' | 'miniBrowser' | 'xvfbRun', string>;

async function command<Result>(url: string, method: Method, body?: unknown): Promise<Result> {
  const where = `WebDriver ${method} ${new URL(url).pathname}`;
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new Error(`${where}: ${String(error)}`);
  });
  const { value } = (await response.json()) as { value: Result & { error?: string; message?: string } };
  if (!response.ok) throw new Error(`${where}: ${value.error ?? ''}: ${value.message ?? ''}`);
  return value;
}

/** A WebKitWebDriver on its own virtual display, with GTK's animations on or off. */
async function startDriver(install: WebKitInstall, reducedMotion: boolean) {
  // WebKitGTK answers prefers-reduced-motion from GTK's animation setting.
  const configHome = resolve(`test-results/engines/webkit-${reducedMotion ? 'still' : 'moving'}`);
  mkdirSync(`${configHome}/gtk-3.0`, { recursive: true });
  writeFileSync(`${configHome}/gtk-3.0/settings.ini`, `[Settings]\ngtk-enable-animations=${String(!reducedMotion)}\n`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const ready = () => command<{ ready: boolean }>(`${url}/status`, 'GET').then((status) => status.ready);
  const program = await startProgram(
    install.xvfbRun,
    ['-a', '-s', `-screen 0 ${VIRTUAL_SCREEN}`, install.driver, `--port=${port}`],
    { env: { ...process.env, XDG_CONFIG_HOME: configHome }, ready, timeoutMs: DRIVER_START_TIMEOUT_MS },
  );
  return { ...program, url };
}

/** Debian puts MiniBrowser under the architecture's library folder, e.g. /usr/lib/x86_64-linux-gnu/. */
function findMiniBrowser() {
  if (process.env.MINIBROWSER_PATH) return executable(process.env.MINIBROWSER_PATH);
  const libraries = readdirSync('/usr/lib', { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return libraries.map((entry) => executable(`/usr/lib/${entry.name}/webkit2gtk-4.1/MiniBrowser`)).find(Boolean);
}

/** WebKitGTK, launched, where this machine has its driver, MiniBrowser and xvfb-run. */
export function findWebKit() {
  const [driver, miniBrowser, xvfbRun] = [onPath('WebKitWebDriver'), findMiniBrowser(), onPath('xvfb-run')];
  return driver && miniBrowser && xvfbRun ? () => launchWebKit({ driver, miniBrowser, xvfbRun }) : undefined;
}

async function launchWebKit(install: WebKitInstall): Promise<Browser> {
  /** A driver for each setting of motion, started when first needed. */
  const drivers = new Map<boolean, ReturnType<typeof startDriver>>();
  const newSession = async (darkAndStill: boolean) => {
    for (let again = true; ; again = false) {
      const driver = drivers.get(darkAndStill) ?? startDriver(install, darkAndStill);
      drivers.set(darkAndStill, driver);
      try {
        const { url } = await driver;
        const alwaysMatch = {
          browserName: 'MiniBrowser',
          timeouts: { pageLoad: PAGE_LOAD_TIMEOUT_MS, script: PAGE_LOAD_TIMEOUT_MS },
          'webkitgtk:browserOptions': {
            binary: install.miniBrowser,
            // Full screen hides MiniBrowser's toolbar, which otherwise keeps the window at least ~450 px
            // wide: the window is then the viewport, and a phone's 390 px fit.
            args: ['--automation', '--full-screen', ...(darkAndStill ? ['--dark-mode'] : [])],
          },
        };
        const created = await command<{ sessionId: string; capabilities: { browserVersion: string } }>(
          `${url}/session`,
          'POST',
          { capabilities: { alwaysMatch } },
        );
        const call = <Result = unknown>(method: Method, path: string, body?: unknown) =>
          command<Result>(`${url}/session/${created.sessionId}${path}`, method, body);
        return { version: created.capabilities.browserVersion, call };
      } catch (error) {
        if (!again) throw error;
        // `xvfb-run -a` can choose the display another program is taking at that moment, and now and
        // then a MiniBrowser fails to reach its display ("cannot open display") while the driver
        // waits for it forever: once, a new driver on a new display.
        drivers.delete(darkAndStill);
        await driver.then((started) => started.stop()).catch(() => undefined);
      }
    }
  };
  const first = await newSession(false);
  await first.call('DELETE', '');

  return {
    version: `WebKitGTK ${first.version} (${install.miniBrowser})`,
    async open(darkAndStill) {
      // Each session is a new MiniBrowser with empty storage, as for a new visitor.
      const { call } = await newSession(darkAndStill);
      const actions = (type: 'pointer' | 'key', steps: object[]) =>
        call('POST', '/actions', {
          actions: [
            { type, id: type, ...(type === 'pointer' && { parameters: { pointerType: 'mouse' } }), actions: steps },
          ],
        });
      const press = [
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ];
      return {
        goto: (url) => call('POST', '/url', { url }),
        traverse: (direction) => call('POST', `/${direction}`, {}),
        // WebDriver waits for a promise the script returns, and reports its rejection as the command's error.
        evaluate: (fn, ...args) =>
          call<never>('POST', '/execute/sync', { script: `return (${fn.toString()}).apply(null, arguments);`, args }),
        setViewport: (width, height) => call('POST', '/window/rect', { width, height }),
        pointer: (x, y, click) =>
          actions('pointer', [{ type: 'pointerMove', x, y, origin: 'viewport' }, ...(click ? press : [])]),
        press: (key) =>
          actions('key', [
            { type: 'keyDown', value: keyCodes[key] },
            { type: 'keyUp', value: keyCodes[key] },
          ]),
        async keys(text) {
          const focused = await call<{ [ELEMENT]: string }>('GET', '/element/active');
          await call('POST', `/element/${focused[ELEMENT]}/value`, { text });
        },
        screenshot: async (file) => {
          writeFileSync(file, Buffer.from(await call<string>('GET', '/screenshot'), 'base64'));
        },
        engineErrors: () => [],
        close: () => call('DELETE', ''),
      } satisfies EngineTab;
    },
    async quit() {
      await Promise.all([...drivers.values()].map(async (driver) => (await driver).stop()));
    },
  };
}
