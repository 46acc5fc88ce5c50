import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The visitor's journeys (`npm run test:journeys`, part of `npm test` after the build): every
 * journey of journeys/ in each engine, one engine after the other, since each opens the site on the
 * port it was built for (see journey-proxy.ts); the journeys within an engine one after another.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e-journeys/journeys.test.ts'],
    pool: 'forks',
    // A journey loads several pages and waits for islands; a browser can take seconds to start.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Pages settle at an engine's pace: a state a journey waits for may take seconds on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['verbose'],
  },
});
