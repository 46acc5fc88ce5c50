import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import { LOCAL_BUILD_DIR } from '../local-inbox/site-server.mjs';
import { defaultLocale, otherLocales, type Locale } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';
import { routes } from '../src/routes.mjs';
import { YEAR_IMMUTABLE, builtFiles, expectSecurityHeaders, projectRoot, requirements } from './built-site';
import { get, startPages, wranglerInstalled, type RunningPages } from './cloudflare-pages';
import { MINIMUM_OBSERVATORY_SCORE, observatoryGrade, observatoryInstalled } from './observatory-scan';

/**
 * The build in Cloudflare Pages' own runtime, workerd through `wrangler pages dev` (deploy/cloudflare/,
 * `npm run cloudflare:install`), serving it as Pages serves `dist/`: every page, hashed file, video,
 * sitemap and missing path, with status, redirects and `_headers`, each page graded by MDN's HTTP
 * Observatory's header tests. It serves dist-local/ (`npm run build:local`, which `npm test` runs
 * first): the production build's files, its EmailJS origin aside.
 */
const dist = join(projectRoot, LOCAL_BUILD_DIR);
const www = new URL(agency.siteUrl).hostname;
const [prefixed] = otherLocales(defaultLocale) as [Locale];
const inPrefixed = (path: string) => localizedPath(path, prefixed);

/** wrangler's start; the first request also compiles the site's worker. */
const SETUP_TIMEOUT_MS = 90_000;
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** What Pages sends with a page or file that `_headers` gives no Cache-Control: revalidate on every visit. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

const { skip, failInCi } = requirements('deploy/cloudflare.test.ts', "the Cloudflare Pages runtime's test", [
  !wranglerInstalled() && "Cloudflare's wrangler (npm run cloudflare:install)",
  !existsSync(join(dist, 'index.html')) && `a build in ${LOCAL_BUILD_DIR}/ (npm run build:local)`,
  !observatoryInstalled() && "MDN's HTTP Observatory (npm run observatory:install)",
]);

describe.skipIf(skip)("the build in Cloudflare Pages' runtime (wrangler pages dev)", () => {
  let home: string;
  let pages: RunningPages;
  const fetchPath = (path: string, headers?: Record<string, string>) => get(pages, path, headers);

  beforeAll(async () => {
    failInCi();
    home = mkdtempSync(join(tmpdir(), 'uferlicht-pages-'));
    pages = await startPages({ dir: dist, home });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await pages?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('serves every page with revalidation, the security headers and the built file', async () => {
    // Pages answers /404.html with a redirect to /404: the 404 page is tested with the missing paths.
    const built = builtFiles(dist).filter(({ name }) => name.endsWith('.html') && name !== '404.html');
    expect(built.map(({ url }) => url).sort()).toEqual(routes.map(({ url }) => url).sort());
    for (const { url, file } of built) {
      const response = await fetchPath(url);
      expect.soft(response.status, url).toBe(200);
      expect.soft(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect.soft(response.headers['cache-control'], url).toBe(REVALIDATE);
      // Pages' own, not _headers': the Observatory counts it as public content, without penalty.
      expect.soft(response.headers['access-control-allow-origin'], url).toBe('*');
      expectSecurityHeaders(response, url);
      expect.soft(response.body.equals(readFileSync(file)), `${url} is the built file`).toBe(true);
    }
  });

  // docs/behaviour.md › Routes: an address without its trailing slash leads to the one with it.
  it('redirects a page asked for without its trailing slash with 308, keeping the query', async () => {
    const prefixedPages = [inPrefixed('/'), inPrefixed('/impressum/')].map((url) => url.replace(/\/$/, ''));
    for (const url of ['/agb', ...prefixedPages, '/datenschutz?from=mail']) {
      const response = await fetchPath(url);
      expect.soft(response.status, url).toBe(308);
      expect.soft(response.headers.location, url).toBe(url.replace(/(\?|$)/, '/$1'));
      expectSecurityHeaders(response, `${url} (redirect)`);
    }
  });

  it('keeps hashed build files for a year', async () => {
    const assets = builtFiles(dist).filter(({ name }) => name.startsWith('_astro/'));
    expect(assets.some(({ name }) => name.endsWith('.js'))).toBe(true);
    for (const { url, file } of assets) {
      const response = await fetchPath(url);
      expect.soft(response.status, url).toBe(200);
      expect.soft(response.headers['cache-control'], url).toBe(YEAR_IMMUTABLE);
      expectSecurityHeaders(response, url);
      expect.soft(response.body.equals(readFileSync(file)), `${url} is the built file`).toBe(true);
    }
  });

  it('serves the project videos, the sitemaps, robots.txt and the favicon as they are', async () => {
    const types: Record<string, string> = {
      '/sitemap-index.xml': 'application/xml',
      '/sitemap-0.xml': 'application/xml',
      '/robots.txt': 'text/plain; charset=utf-8',
      '/favicon.svg': 'image/svg+xml',
    };
    const videos = builtFiles(dist).filter(({ name }) => name.startsWith('videos/'));
    expect(videos.length).toBeGreaterThan(0);
    for (const { url } of videos) types[url] = url.endsWith('.webm') ? 'video/webm' : 'video/mp4';
    for (const [url, type] of Object.entries(types)) {
      const response = await fetchPath(url);
      expect.soft(response.status, url).toBe(200);
      expect.soft(response.headers['content-type'], url).toBe(type);
      expect.soft(response.headers['cache-control'], url).toBe(REVALIDATE);
      expectSecurityHeaders(response, url);
      expect.soft(response.body.equals(readFileSync(join(dist, url))), `${url} is the built file`).toBe(true);
    }
  });

  // docs/behaviour.md › Routes: any other path shows the 404 page.
  it('answers unknown paths with 404 and the 404 page, which no cache keeps', async () => {
    const notFoundPage = readFileSync(join(dist, '404.html'));
    for (const url of [
      '/gibt-es-nicht/',
      '/gibt-es-nicht',
      inPrefixed('/nothing/'),
      '/_astro/gone.js',
      '/videos/gone.webm',
    ]) {
      const response = await fetchPath(url);
      expect.soft(response.status, url).toBe(404);
      expect.soft(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect.soft(response.body.equals(notFoundPage), `${url} shows 404.html`).toBe(true);
      expect.soft(response.headers['cache-control'], url).toBe('no-store');
      expectSecurityHeaders(response, url);
    }
  });

  it('never serves the _headers file itself', async () => {
    const response = await fetchPath('/_headers');
    expect(response.status).not.toBe(200);
    expect(response.body.toString()).not.toContain('Strict-Transport-Security');
  });

  it(
    `every page and the 404 page score A+ (at least ${MINIMUM_OBSERVATORY_SCORE}) in MDN's HTTP Observatory's header tests`,
    async () => {
      const paths = [...routes.map(({ url }) => url), '/gibt-es-nicht/'];
      const graded = await observatoryGrade(pages.origin, www, paths);
      expect(Object.keys(graded)).toEqual(paths);
      for (const [path, result] of Object.entries(graded)) {
        const failed = Object.entries(result.tests).filter(([, test]) => !test.pass);
        expect.soft(failed, `Observatory tests failed for ${path}`).toEqual([]);
        expect.soft(result.grade, path).toBe('A+');
        expect.soft(result.score, path).toBeGreaterThanOrEqual(MINIMUM_OBSERVATORY_SCORE);
      }
      const scores = [...new Set(Object.values(graded).map(({ grade, score }) => `${grade} (${score})`))];
      console.info(`Observatory header tests on Cloudflare Pages' runtime: ${scores.join(', ')}`);
    },
    OBSERVATORY_TIMEOUT_MS,
  );
});
