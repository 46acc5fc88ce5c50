import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The hosts' checks (`npm run test:deploy`, part of `npm test` after the build): a production build
 * served by real nginx and scanned by nmap and the HTTP Observatory, the local build in Cloudflare's
 * runtime, and `npm start`'s own server with its inbox, over HTTP. They start servers, so
 * `npm run test:unit` leaves them out.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['deploy/**/*.test.ts', 'local-inbox/site-server.test.ts'],
    // A test reads every built file from a server, or waits for a scan: seconds on a busy machine.
    testTimeout: 30_000,
  },
});
