import { readdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { executable, onPath } from '../deploy/servers';

/** What is missing, and how to install it (Debian/Ubuntu) or point at a build elsewhere. */
export const missingEngine: Record<EngineName, string> = {
  Chromium:
    'No Chromium found. Install one of:\n' +
    '  sudo apt-get install chromium        (Debian/Ubuntu; or set CHROMIUM_PATH to any Chromium)\n' +
    '  npx playwright install chromium      (where downloads are allowed)',
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

/** Debian puts MiniBrowser under the architecture's library folder, e.g. /usr/lib/x86_64-linux-gnu/. */
function findMiniBrowser() {
  if (process.env.MINIBROWSER_PATH) return executable(process.env.MINIBROWSER_PATH);
  const libraries = readdirSync('/usr/lib', { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return libraries.map((entry) => executable(`/usr/lib/${entry.name}/webkit2gtk-4.1/MiniBrowser`)).find(Boolean);
}

/**
 * The three browser engines visitors use, where this machine has them. The project drives the system's own builds
 * (Debian's), since downloading browser builds is not possible everywhere it is tested; Playwright's own Chromium is
 * used where it is installed. WebKitGTK is its W3C WebDriver server, the test browser the driver starts for each
 * session, and xvfb-run for a virtual display: MiniBrowser has no headless mode.
 */
export function findEngines() {
  const chromiumPath = findChromium();
  const firefox = executable(process.env.FIREFOX_PATH) ?? onPath('firefox-esr') ?? onPath('firefox');
  const [driver, miniBrowser, xvfbRun] = [onPath('WebKitWebDriver'), findMiniBrowser(), onPath('xvfb-run')];
  return {
    Chromium: chromiumPath ? { executable: chromiumPath } : undefined,
    Firefox: firefox ? { executable: firefox } : undefined,
    WebKit: driver && miniBrowser && xvfbRun ? { driver, miniBrowser, xvfbRun } : undefined,
  };
}

export type Installs = ReturnType<typeof findEngines>;
export type EngineName = keyof Installs;
export type WebKitInstall = NonNullable<Installs['WebKit']>;
