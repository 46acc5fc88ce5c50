import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The browser engines besides Chromium that visitors use, as Debian ships them. The project drives
 * the system's own builds: downloading browser builds is not possible everywhere it is tested.
 */

export interface FirefoxInstall {
  executable: string;
}

export interface WebKitInstall {
  /** WebKitGTK's W3C WebDriver server. */
  driver: string;
  /** WebKitGTK's test browser, which the driver starts for each session. */
  miniBrowser: string;
  /** Runs the driver on a virtual display: MiniBrowser has no headless mode. */
  xvfbRun: string;
}

export interface Installs {
  Firefox?: FirefoxInstall | undefined;
  WebKit?: WebKitInstall | undefined;
}

export type EngineName = keyof Installs;

/** What is missing, and how to install it (Debian/Ubuntu) or point at a build elsewhere. */
export const missingEngine: Record<EngineName, { what: string; install: string }> = {
  Firefox: { what: 'Firefox is not installed', install: 'sudo apt-get install firefox-esr (or set FIREFOX_PATH)' },
  WebKit: {
    what: "WebKitGTK's driver (the engine of Safari) is not installed",
    install: 'sudo apt-get install webkit2gtk-driver xvfb',
  },
};

const executable = (path: string | undefined) => {
  if (!path) return undefined;
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
};

const onPath = (command: string) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((folder) => executable(join(folder, command)))
    .find(Boolean);

/** Debian puts MiniBrowser under the architecture's library folder, e.g. /usr/lib/x86_64-linux-gnu/. */
function findMiniBrowser() {
  if (process.env.MINIBROWSER_PATH) return executable(process.env.MINIBROWSER_PATH);
  const libraries = readdirSync('/usr/lib', { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return libraries.map((entry) => executable(`/usr/lib/${entry.name}/webkit2gtk-4.1/MiniBrowser`)).find(Boolean);
}

export function findEngines(): Installs {
  const firefox = executable(process.env.FIREFOX_PATH) ?? onPath('firefox-esr') ?? onPath('firefox');
  const driver = onPath('WebKitWebDriver');
  const miniBrowser = findMiniBrowser();
  const xvfbRun = onPath('xvfb-run');
  return {
    Firefox: firefox ? { executable: firefox } : undefined,
    WebKit: driver && miniBrowser && xvfbRun ? { driver, miniBrowser, xvfbRun } : undefined,
  };
}
