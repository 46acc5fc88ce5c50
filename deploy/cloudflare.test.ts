import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.ts';
import { routes } from '../src/routes';
import { YEAR_IMMUTABLE, itServesTheBuild, requirements, www } from './host-checks';
import { expectTopGrade, observatoryGrade, observatoryInstalled } from './observatory/observatory';
import { projectRoot } from './production-build';
import { freePort, send, startProgram, type Program } from './servers';

// dist-local/ (`npm run build:local`: the production build's files, its EmailJS origin aside) in Cloudflare
// Pages' own runtime, workerd through `wrangler pages dev`, each page graded by the Observatory's header tests.
const dist = join(projectRoot, LOCAL_BUILD_DIR);
const SETUP_TIMEOUT_MS = 90_000; // wrangler's start; the first request also compiles the site's worker
/** wrangler compiles the site's worker and starts workerd first: on a busy 2-core machine, seconds. */
const STARTUP_TIMEOUT_MS = 60_000;
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** What Pages sends with a file that `_headers` gives no Cache-Control. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

const wranglerCli = join(projectRoot, 'deploy/cloudflare/node_modules/wrangler/bin/wrangler.js');

const { skip, failInCi } = requirements('deploy/cloudflare.test.ts', "the Cloudflare Pages runtime's test", [
  !existsSync(wranglerCli) && "Cloudflare's wrangler (npm run cloudflare:install)",
  !existsSync(join(dist, 'index.html')) && `a build in ${LOCAL_BUILD_DIR}/ (npm run build:local)`,
  !observatoryInstalled() && "MDN's HTTP Observatory (npm run observatory:install)",
]);

describe.skipIf(skip)("the build in Cloudflare Pages' runtime (wrangler pages dev)", () => {
  let home: string;
  let origin: string;
  let wrangler: Program | undefined;
  const get = (path: string, headers: Record<string, string> = {}) => send(`${origin}${path}`, { headers });

  beforeAll(async () => {
    failInCi();
    home = mkdtempSync(join(tmpdir(), 'uferlicht-pages-'));
    const port = await freePort();
    const inspectorPort = await freePort([port]);
    origin = `http://127.0.0.1:${port}`;
    // On a free loopback port, its state and configuration in `home`, not the user's; off: metrics, the npm
    // registry's newer wrangler, Cloudflare's `request.cf`. Without a compatibility date it takes its workerd's
    // (and warns); a later one would make it ask npm for a newer one.
    wrangler = await startProgram(
      process.execPath,
      [
        ...[wranglerCli, 'pages', 'dev', dist],
        ...['--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort)],
        ...['--persist-to', join(home, 'state'), '--log-level', 'warn'],
      ],
      {
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: 'false',
          WRANGLER_HIDE_BANNER: 'true',
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          XDG_CONFIG_HOME: home,
        },
        cwd: home,
        ready: async () => (await get('/')).status === 200,
        timeoutMs: STARTUP_TIMEOUT_MS,
      },
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await wrangler?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  itServesTheBuild(() => ({ dist, get }), {
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
    "every page and the 404 page score A+ with extra credit (observatory.ts › MINIMUM_SCORE) in the Observatory's header tests",
    async () => {
      const scores = new Set<string>();
      for (const path of [...routes.map(({ url }) => url), '/gibt-es-nicht/']) {
        const result = await observatoryGrade(origin, www, path);
        expectTopGrade(result, path);
        scores.add(`${result.grade} (${result.score})`);
      }
      console.info(`Observatory header tests on Cloudflare Pages' runtime: ${[...scores].join(', ')}`);
    },
    OBSERVATORY_TIMEOUT_MS,
  );
});
