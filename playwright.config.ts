import { defineConfig, devices } from '@playwright/test';
import { findChromium, missingEngine, quietChromium } from './e2e-journeys/engines';

/** Where the e2e suite serves the built site (with the local inbox on the same port); E2E_PORT picks another. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4400);

function chromiumExecutable(): string {
  const found = findChromium();
  if (!found) throw new Error(missingEngine.Chromium);
  return found;
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
    // A failed test's trace has the page's DOM at every step; the screencast beside it cost a fifth
    // of the suite's time on two cores (4.7 → 3.9 min), every test paying for the few that fail.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: quietChromium,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node local-inbox/cli.ts serve --port ${E2E_PORT} --inbox .inbox/e2e-messages.jsonl`,
    url: `http://localhost:${E2E_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
