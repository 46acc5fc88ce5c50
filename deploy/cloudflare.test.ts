import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.mjs';
import { routes } from '../src/routes';
import {
  YEAR_IMMUTABLE,
  builtFiles,
  expectResponse,
  expectTopGrade,
  missingPaths,
  projectRoot,
  requirements,
  slashless,
  www,
} from './built-site';
import { get, startPages, wranglerInstalled, type RunningPages } from './cloudflare-pages';
import { MINIMUM_OBSERVATORY_SCORE, observatoryGrade, observatoryInstalled } from './observatory-scan';

// dist-local/ (`npm run build:local`: the production build's files, its EmailJS origin aside) in Cloudflare
// Pages' own runtime, workerd through `wrangler pages dev`, each page graded by the Observatory's header tests.
const dist = join(projectRoot, LOCAL_BUILD_DIR);
const SETUP_TIMEOUT_MS = 90_000; // wrangler's start; the first request also compiles the site's worker
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** What Pages sends with a file that `_headers` gives no Cache-Control. */
const REVALIDATE = 'public, max-age=0, must-revalidate';
const html = 'text/html; charset=utf-8';

const { skip, failInCi } = requirements('deploy/cloudflare.test.ts', "the Cloudflare Pages runtime's test", [
  !wranglerInstalled() && "Cloudflare's wrangler (npm run cloudflare:install)",
  !existsSync(join(dist, 'index.html')) && `a build in ${LOCAL_BUILD_DIR}/ (npm run build:local)`,
  !observatoryInstalled() && "MDN's HTTP Observatory (npm run observatory:install)",
]);

describe.skipIf(skip)("the build in Cloudflare Pages' runtime (wrangler pages dev)", () => {
  let home: string;
  let pages: RunningPages;
  const fetchPath = (path: string) => get(pages, path);
  const files = builtFiles(dist);

  beforeAll(async () => {
    failInCi();
    home = mkdtempSync(join(tmpdir(), 'uferlicht-pages-'));
    pages = await startPages({ dir: dist, home });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await (pages as RunningPages | undefined)?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('serves every page with revalidation, the security headers and the built file', async () => {
    // Pages answers /404.html with a redirect to /404: the 404 page is tested with the missing paths.
    const built = files.filter(({ name }) => name.endsWith('.html') && name !== '404.html');
    expect(built.map(({ url }) => url).sort()).toEqual(routes.map(({ url }) => url).sort());
    for (const { url, file } of built) {
      const response = await fetchPath(url);
      expectResponse(response, url, { status: 200, type: html, cache: REVALIDATE, body: readFileSync(file) });
      // Pages' own, not _headers': the Observatory counts it as public content, without penalty.
      expect.soft(response.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  // docs/behaviour.md › Routes: an address without its trailing slash leads to the one with it.
  it.each(slashless)('redirects %s, without its trailing slash, with 308 to %s', async (url, location) => {
    const response = await fetchPath(url);
    expectResponse(response, `${url} (redirect)`, { status: 308 });
    expect(response.headers.location).toBe(location);
  });

  it('keeps hashed build files for a year', async () => {
    const assets = files.filter(({ name }) => name.startsWith('_astro/'));
    expect(assets.some(({ name }) => name.endsWith('.js'))).toBe(true);
    for (const { url, file } of assets)
      expectResponse(await fetchPath(url), url, { status: 200, cache: YEAR_IMMUTABLE, body: readFileSync(file) });
  });

  it('serves the project videos, the sitemaps, robots.txt and the favicon as they are', async () => {
    const types: Record<string, string> = {
      '/sitemap-index.xml': 'application/xml',
      '/sitemap-0.xml': 'application/xml',
      '/robots.txt': 'text/plain; charset=utf-8',
      '/favicon.svg': 'image/svg+xml',
    };
    const videos = files.filter(({ name }) => name.startsWith('videos/'));
    expect(videos.length).toBeGreaterThan(0);
    for (const { url } of videos) types[url] = url.endsWith('.webm') ? 'video/webm' : 'video/mp4';
    for (const [url, type] of Object.entries(types)) {
      const body = readFileSync(join(dist, url));
      expectResponse(await fetchPath(url), url, { status: 200, type, cache: REVALIDATE, body });
    }
  });

  // docs/behaviour.md › Routes: any other path shows the 404 page, which no cache keeps.
  it.each(missingPaths)('answers %s with 404 and the 404 page', async (url) => {
    const body = readFileSync(join(dist, '404.html'));
    expectResponse(await fetchPath(url), url, { status: 404, type: html, cache: 'no-store', body });
  });

  it('never serves the _headers file itself', async () => {
    const response = await fetchPath('/_headers');
    expect(response.status).not.toBe(200);
    expect(response.body.toString()).not.toContain('Strict-Transport-Security');
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
