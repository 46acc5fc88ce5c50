import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSystem, type Browser, type SystemSettings, type Tab } from './browser';
import type { WebKitInstall } from './engines';
import { isReady, keyCodes, newSession } from './webdriver';

/**
 * WebKitGTK, the engine of Safari, through its W3C WebDriver server and the MiniBrowser it starts.
 * MiniBrowser has no headless mode, so the driver runs on a virtual display (xvfb-run, its own
 * process group). The system's colour scheme is a MiniBrowser flag per session; less motion is a
 * GTK setting read when a program starts, so it gets a driver of its own with that setting.
 */

/** Room for the widest window the journeys open. */
const VIRTUAL_SCREEN = '1600x1200x24';
const DRIVER_START_TIMEOUT_MS = 15_000;
const DRIVER_POLL_MS = 100;
const PAGE_LOAD_TIMEOUT_MS = 20_000;

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A WebKitWebDriver on its own virtual display; `configHome` holds the GTK settings it runs with. */
async function startDriver(install: WebKitInstall, reducedMotion: boolean) {
  const configHome = mkdtempSync(join(tmpdir(), 'webkit-journeys-'));
  mkdirSync(join(configHome, 'gtk-3.0'));
  // WebKitGTK answers prefers-reduced-motion from GTK's animation setting.
  writeFileSync(join(configHome, 'gtk-3.0', 'settings.ini'), `[Settings]\ngtk-enable-animations=${!reducedMotion}\n`);
  const port = await freePort();
  const child: ChildProcess = spawn(
    install.xvfbRun,
    ['-a', '-s', `-screen 0 ${VIRTUAL_SCREEN}`, install.driver, `--port=${port}`],
    {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, XDG_CONFIG_HOME: configHome },
    },
  );
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
  for (const deadline = Date.now() + DRIVER_START_TIMEOUT_MS; !(await isReady(url)); await sleep(DRIVER_POLL_MS)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      stop();
      throw new Error(`WebKitWebDriver did not start on port ${port} (${install.driver} under ${install.xvfbRun})`);
    }
  }
  return { url, stop };
}

export async function launchWebKit(install: WebKitInstall): Promise<Browser> {
  const drivers = new Map<boolean, ReturnType<typeof startDriver>>();
  const driverFor = (reducedMotion: boolean) => {
    if (!drivers.has(reducedMotion)) {
      // `xvfb-run -a` can choose the same free display as another program starting at that moment.
      const started = startDriver(install, reducedMotion).catch(() => startDriver(install, reducedMotion));
      drivers.set(reducedMotion, started);
    }
    return drivers.get(reducedMotion)!;
  };

  const sessionOn = async (driverUrl: string, system: SystemSettings) =>
    newSession(driverUrl, {
      browserName: 'MiniBrowser',
      // WebKitGTK waits five minutes for a page by default.
      timeouts: { pageLoad: PAGE_LOAD_TIMEOUT_MS, script: PAGE_LOAD_TIMEOUT_MS },
      'webkitgtk:browserOptions': {
        binary: install.miniBrowser,
        // Full screen hides MiniBrowser's toolbar, which otherwise keeps the window at least ~450 px
        // wide: the window is then the viewport, and a phone's 390 px fit.
        args: ['--automation', '--full-screen', ...(system.colorScheme === 'dark' ? ['--dark-mode'] : [])],
      },
    });

  const openSession = async (system: SystemSettings) => {
    try {
      return await sessionOn((await driverFor(system.reducedMotion)).url, system);
    } catch {
      // Now and then a MiniBrowser fails to reach the virtual display ("cannot open display") and
      // the driver waits for it forever: once, a new driver on a new display.
      (await driverFor(system.reducedMotion)).stop();
      drivers.delete(system.reducedMotion);
      return sessionOn((await driverFor(system.reducedMotion)).url, system);
    }
  };

  const first = await openSession(defaultSystem);
  const version = first.browserVersion;
  await first.close();

  return {
    version: `WebKitGTK ${version} (${install.miniBrowser})`,
    seesConsole: false,
    async open(system = defaultSystem) {
      // Each session is a new MiniBrowser with empty storage, as for a new visitor.
      const session = await openSession(system);
      /**
       * The element's centre in viewport coordinates, after scrolling it into view at once: the site
       * scrolls smoothly, and a pointer aimed while the page still glides lands elsewhere or out of
       * bounds.
       */
      const centreOf = async (selector: string) =>
        tab.evaluate((target) => {
          const element = document.querySelector(target);
          if (!element) throw new Error(`No element matches ${target}`);
          element.scrollIntoView({ block: 'center', behavior: 'instant' });
          const box = element.getBoundingClientRect();
          return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
        }, selector);

      const tab: Tab = {
        goto: async (url) => void (await session.navigate(url)),
        url: () => session.currentUrl(),
        async evaluate(fn, ...args) {
          const outcome = await session.executeAsync<{ value?: never; error?: string }>(
            `const done = arguments[arguments.length - 1];
             const args = Array.prototype.slice.call(arguments, 0, -1);
             Promise.resolve()
               .then(() => (${fn.toString()}).apply(null, args))
               .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`,
            args,
          );
          if (outcome.error !== undefined) throw new Error(`In the page: ${outcome.error}`);
          return outcome.value as never;
        },
        async setViewport(width, height) {
          await session.setWindowRect(width, height);
        },
        async click(selector) {
          const { x, y } = await centreOf(selector);
          await session.pointer([
            { type: 'pointerMove', x, y, origin: 'viewport' },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ]);
        },
        async hover(selector) {
          const { x, y } = await centreOf(selector);
          await session.pointer([{ type: 'pointerMove', x, y, origin: 'viewport' }]);
        },
        moveMouseAway: async () =>
          void (await session.pointer([{ type: 'pointerMove', x: 0, y: 0, origin: 'viewport' }])),
        press: async (key) => void (await session.keys(keyCodes[key])),
        async type(selector, text) {
          await tab.click(selector);
          await session.sendKeys(await session.findElement(selector), text);
        },
        screenshot: async (file) => writeFileSync(file, Buffer.from(await session.screenshot(), 'base64')),
        engineErrors: () => [],
        close: async () => void (await session.close()),
      };
      return tab;
    },
    async quit() {
      for (const driver of drivers.values()) (await driver).stop();
    },
  };
}
