import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

/** Where the e2e suite serves the built site (with the local inbox on the same port); E2E_PORT picks another. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4400);

/**
 * Playwright's own Chromium when it is installed, else the system's (Debian: `apt-get install
 * chromium`), since a browser download is not possible everywhere.
 */
function chromiumExecutable(): string | undefined {
  if (existsSync(chromium.executablePath())) return undefined;
  const system = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(system)) return system;
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one of:\n' +
      '  sudo apt-get install chromium        (Debian/Ubuntu; or set CHROMIUM_PATH to any Chromium)\n' +
      '  npx playwright install chromium      (where downloads are allowed)',
  );
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The page snapshots (e2e/snapshots.spec.ts) are committed files, the same on every platform, and
  // change only on purpose: `--update-snapshots` rewrites them; a missing one fails.
  snapshotPathTemplate: '{testDir}/snapshots/{arg}{ext}',
  updateSnapshots: 'none',
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      // Keeps Chromium from calling home: this machine and CI have no internet.
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node local-inbox/cli.mjs serve --port ${E2E_PORT} --inbox .inbox/e2e-messages.jsonl`,
    url: `http://localhost:${E2E_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
