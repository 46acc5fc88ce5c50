import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The cross-engine journeys (`npm run test:engines`, part of `npm test` after the build): one file
 * per engine, the two side by side, the journeys within an engine one after another.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e-engines/**/*.test.ts'],
    globalSetup: ['e2e-engines/global-setup.ts'],
    pool: 'forks',
    fileParallelism: true,
    // Vitest would leave one of two cores free; the browsers mostly wait on each other anyway.
    maxWorkers: 2,
    // A journey loads several pages and waits for islands; a browser can take seconds to start.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Pages settle at an engine's pace: a state a journey waits for may take seconds on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['verbose'],
  },
});
