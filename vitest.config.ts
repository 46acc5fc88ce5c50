import { getViteConfig } from 'astro/config';
import { configDefaults } from 'vitest/config';

// Through Astro's Vite config, so tests resolve modules exactly as the site does. Playwright's
// e2e/*.spec.ts are not for Vitest; the hosts' checks, which start servers (`npm start`'s among
// them), have their own config (deploy/vitest.config.ts, npm run test:deploy).
export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'integrations/**/*.test.ts', 'scripts/**/*.test.ts', 'local-inbox/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'local-inbox/site-server.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
