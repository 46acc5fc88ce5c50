import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The cross-engine journeys (`npm run test:engines`, part of `npm test` after the build): one file
 * per engine, one engine after the other, since each opens the site on the port it was built for
 * (see journey-proxy.ts); the journeys within an engine one after another.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e-engines/**/*.test.ts'],
    globalSetup: ['e2e-engines/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    // A journey loads several pages and waits for islands; a browser can take seconds to start.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Pages settle at an engine's pace: a state a journey waits for may take seconds on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['verbose'],
  },
});
