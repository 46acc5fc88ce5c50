import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.mjs';
import { routes } from '../src/routes';
import { YEAR_IMMUTABLE, expectTopGrade, itServesTheBuild, requirements, www } from './built-site';
import { startPages, wranglerInstalled, type RunningPages } from './cloudflare-pages';
import { MINIMUM_OBSERVATORY_SCORE, observatoryGrade, observatoryInstalled } from './observatory-scan';
import { projectRoot } from './production-build';

// dist-local/ (`npm run build:local`: the production build's files, its EmailJS origin aside) in Cloudflare
// Pages' own runtime, workerd through `wrangler pages dev`, each page graded by the Observatory's header tests.
const dist = join(projectRoot, LOCAL_BUILD_DIR);
const SETUP_TIMEOUT_MS = 90_000; // wrangler's start; the first request also compiles the site's worker
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** What Pages sends with a file that `_headers` gives no Cache-Control. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

const { skip, failInCi } = requirements('deploy/cloudflare.test.ts', "the Cloudflare Pages runtime's test", [
  !wranglerInstalled() && "Cloudflare's wrangler (npm run cloudflare:install)",
  !existsSync(join(dist, 'index.html')) && `a build in ${LOCAL_BUILD_DIR}/ (npm run build:local)`,
  !observatoryInstalled() && "MDN's HTTP Observatory (npm run observatory:install)",
]);

describe.skipIf(skip)("the build in Cloudflare Pages' runtime (wrangler pages dev)", () => {
  let home: string;
  let pages: RunningPages;

  beforeAll(async () => {
    failInCi();
    home = mkdtempSync(join(tmpdir(), 'uferlicht-pages-'));
    pages = await startPages({ dir: dist, home });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await (pages as RunningPages | undefined)?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  itServesTheBuild(() => ({ dist, get: pages.get }), {
    xml: 'application/xml',
    cache: (name) => (name.startsWith('_astro/') ? YEAR_IMMUTABLE : REVALIDATE),
    notFoundCache: 'no-store',
    redirect: 308,
    // Pages answers /404.html with a redirect to /404: the 404 page is tested with the missing paths.
    notServed: ['_headers', '404.html'],
    // Pages' own, not _headers': the Observatory counts it as public content, without penalty.
    alsoExpect: (response, where) => expect.soft(response.headers['access-control-allow-origin'], where).toBe('*'),
  });

  it(
    `every page and the 404 page score A+ (at least ${MINIMUM_OBSERVATORY_SCORE}) in the Observatory's header tests`,
    async () => {
      const paths = [...routes.map(({ url }) => url), '/gibt-es-nicht/'];
      const graded = await observatoryGrade(pages.origin, www, paths);
      expect(Object.keys(graded)).toEqual(paths);
      for (const [path, result] of Object.entries(graded)) expectTopGrade(result, path, MINIMUM_OBSERVATORY_SCORE);
      const scores = [...new Set(Object.values(graded).map(({ grade, score }) => `${grade} (${score})`))];
      console.info(`Observatory header tests on Cloudflare Pages' runtime: ${scores.join(', ')}`);
    },
    OBSERVATORY_TIMEOUT_MS,
  );
});
