import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import { defaultLocale, otherLocales, type Locale } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';
import { requiredEmailJsVariables } from '../src/lib/contact/emailjs-settings.mjs';
import { routes } from '../src/routes.mjs';
import { YEAR_IMMUTABLE, builtFiles, expectSecurityHeaders, projectRoot, requirements } from './built-site';
import {
  differingDirectives,
  fetchFrom,
  findNginx,
  hasOpenssl,
  installHint,
  shippedFiles,
  startNginx,
  substitutedDirectives,
  type Response,
  type RunningNginx,
} from './nginx-server';
import { MINIMUM_OBSERVATORY_SCORE, observatoryInstalled, observatoryScan } from './observatory-scan';

/**
 * The shipped deploy/nginx configuration in real nginx (Debian's package; `.ci/run` installs it) over
 * a production build, scored by MDN's HTTP Observatory. Without nginx or the Observatory a developer
 * gets one line saying how to install them; CI (`CI` set) fails instead of skipping.
 */
const www = new URL(agency.siteUrl).hostname;
/** A language whose pages live under its prefix (`/en/`): what nginx serves below the root. */
const [prefixed] = otherLocales(defaultLocale) as [Locale];
const inPrefixed = (path: string) => localizedPath(path, prefixed);
const apex = www.replace(/^www\./, '');
const site = `https://${www}`;

/** One production build with stand-in EmailJS values (their form does not matter to a server), plus nginx's start. */
const SETUP_TIMEOUT_MS = 240_000;
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** Below this size nginx does not compress (gzip_min_length's default). */
const GZIP_MIN_LENGTH = 20;

const nginx = findNginx();
const { skip, failInCi } = requirements('deploy/nginx.test.ts', 'the real-nginx test', [
  !nginx && installHint.nginx,
  !hasOpenssl() && installHint.openssl,
  !observatoryInstalled() && "MDN's HTTP Observatory (npm run observatory:install)",
]);

const body = (response: Response) =>
  response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body;

/** Astro's command line, as the `bin` of its package names it. */
const astroCli = join(
  projectRoot,
  'node_modules/astro',
  JSON.parse(readFileSync(join(projectRoot, 'node_modules/astro/package.json'), 'utf-8')).bin.astro,
);

async function buildSite(outDir: string) {
  // The build's own environment, not Vitest's (NODE_ENV=test would change how Vite builds).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(NODE_ENV|VITEST.*)$/.test(name)));
  await promisify(execFile)(process.execPath, [astroCli, 'build', '--outDir', outDir], {
    cwd: projectRoot,
    env: {
      ...env,
      ASTRO_TELEMETRY_DISABLED: '1',
      // Any value will do for the production build; the API origin stays EmailJS's own.
      ...Object.fromEntries(requiredEmailJsVariables.map((name) => [name, `nginx-test-${name.toLowerCase()}`])),
    },
  });
}

describe.skipIf(skip)('the shipped nginx configuration in real nginx', () => {
  let tmp: string;
  let dist: string;
  let server: RunningNginx;
  const get = (url: string, options?: Parameters<typeof fetchFrom>[2]) => fetchFrom(server, url, options);
  const gzip = { headers: { 'accept-encoding': 'gzip' } };

  beforeAll(async () => {
    failInCi();
    tmp = mkdtempSync(join(tmpdir(), 'uferlicht-nginx-'));
    dist = join(tmp, 'dist');
    await buildSite(dist);
    server = await startNginx({ nginx: nginx!, prefix: join(tmp, 'nginx'), root: dist, hosts: [www, apex] });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('runs every shipped file, changed in nothing but ports, web root and certificate', () => {
    const shipped = shippedFiles();
    expect([...server.files.keys()]).toEqual([...shipped.keys()]);
    const changed = [...shipped].flatMap(([name, text]) => differingDirectives(text, server.files.get(name)!));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.filter((directive) => !(substitutedDirectives as readonly string[]).includes(directive))).toEqual(
      [],
    );
    // A warning is a misconfiguration nginx puts up with; nginx 1.25.1+ only asks for `http2 on` instead.
    const warnings = server.configTest.split('\n').filter((line) => /\[(warn|emerg|crit|alert)\]/.test(line));
    expect(warnings.filter((line) => !/"listen \.\.\. http2" directive is deprecated/.test(line))).toEqual([]);
  });

  it('serves every page with gzip (Vary), revalidation, the security headers and the built file', async () => {
    const pages = builtFiles(dist).filter(({ name }) => name.endsWith('.html'));
    expect(pages.map(({ url }) => url)).toEqual(expect.arrayContaining(routes.map(({ url }) => url)));
    for (const { url, file } of pages) {
      const response = await get(`${site}${url}`, gzip);
      expect.soft(response.status, url).toBe(200);
      expect.soft(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect.soft(response.headers['content-encoding'], url).toBe('gzip');
      expect.soft(response.headers.vary, url).toBe('Accept-Encoding');
      expect.soft(response.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(response, url);
      expect.soft(body(response).equals(readFileSync(file)), `${url} is the built file`).toBe(true);

      const plain = await get(`${site}${url}`);
      expect.soft(plain.headers['content-encoding'], `${url} without Accept-Encoding`).toBeUndefined();
      expect.soft(plain.body.equals(readFileSync(file)), `${url} without Accept-Encoding`).toBe(true);
    }
  });

  it('answers a page unchanged since the last visit with 304, headers included', async () => {
    const first = await get(`${site}/agb/`);
    const again = await get(`${site}/agb/`, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expectSecurityHeaders(again, '304 /agb/');
  });

  it('redirects a page asked for without its trailing slash, keeping the query', async () => {
    const prefixedPages = [inPrefixed('/'), inPrefixed('/impressum/')].map((url) => url.replace(/\/$/, ''));
    for (const url of ['/agb', ...prefixedPages, '/datenschutz?from=mail']) {
      const response = await get(`${site}${url}`);
      expect.soft(response.status, url).toBe(301);
      expect.soft(response.headers.location, url).toBe(url.replace(/(\?|$)/, '/$1'));
      expectSecurityHeaders(response, `${url} (redirect)`);
    }
  });

  it('redirects http to https on the same host, then the bare domain to www', async () => {
    for (const path of ['/', inPrefixed('/agb/'), '/impressum?x=1']) {
      for (const host of [www, apex]) {
        const response = await get(`http://${host}${path}`);
        expect.soft(response.status, `http://${host}${path}`).toBe(301);
        expect.soft(response.headers.location, `http://${host}${path}`).toBe(`https://${host}${path}`);
      }
      const fromApex = await get(`https://${apex}${path}`);
      expect.soft(fromApex.status, `https://${apex}${path}`).toBe(301);
      expect.soft(fromApex.headers.location, `https://${apex}${path}`).toBe(`${site}${path}`);
      expectSecurityHeaders(fromApex, `https://${apex}${path}`);
    }
  });

  it('answers on IPv6 as on IPv4 (listen [::])', async () => {
    const [page, redirect] = [await get(`${site}/`, { ipv6: true }), await get(`http://${www}/`, { ipv6: true })];
    expect(page.status).toBe(200);
    expect(redirect.headers.location).toBe(`${site}/`);
  });

  it('keeps hashed build files for a year, compressing the text ones', async () => {
    const assets = builtFiles(dist).filter(({ name }) => name.startsWith('_astro/'));
    expect(assets.some(({ name }) => name.endsWith('.js'))).toBe(true);
    for (const { url, file, name } of assets) {
      const response = await get(`${site}${url}`, gzip);
      expect.soft(response.status, url).toBe(200);
      expect.soft(response.headers['cache-control'], url).toBe(YEAR_IMMUTABLE);
      expectSecurityHeaders(response, url);
      const text = /\.(js|css|svg|json)$/.test(name) && statSync(file).size >= GZIP_MIN_LENGTH;
      expect.soft(response.headers['content-encoding'], url).toBe(text ? 'gzip' : undefined);
      if (text) expect.soft(response.headers.vary, url).toBe('Accept-Encoding');
      expect.soft(body(response).equals(readFileSync(file)), `${url} is the built file`).toBe(true);
    }
  });

  it('serves the project videos as they are, in ranges too', async () => {
    const videos = builtFiles(dist).filter(({ name }) => name.startsWith('videos/'));
    expect(videos.length).toBeGreaterThan(0);
    for (const { url, file } of videos) {
      const response = await get(`${site}${url}`, gzip);
      expect.soft(response.status, url).toBe(200);
      expect.soft(response.headers['content-type'], url).toBe(url.endsWith('.webm') ? 'video/webm' : 'video/mp4');
      expect.soft(response.headers['content-encoding'], url).toBeUndefined();
      expectSecurityHeaders(response, url);
      expect.soft(response.body.equals(readFileSync(file)), url).toBe(true);
      const range = await get(`${site}${url}`, { headers: { range: 'bytes=0-99' } });
      expect.soft(range.status, `${url} range`).toBe(206);
      expect.soft(range.body.length, `${url} range`).toBe(100);
    }
  });

  it('compresses the sitemaps, robots.txt and the favicon, with Vary', async () => {
    const types: Record<string, string> = {
      '/sitemap-index.xml': 'text/xml; charset=utf-8',
      '/sitemap-0.xml': 'text/xml; charset=utf-8',
      '/robots.txt': 'text/plain; charset=utf-8',
      '/favicon.svg': 'image/svg+xml',
    };
    for (const [url, type] of Object.entries(types)) {
      const response = await get(`${site}${url}`, gzip);
      expect.soft(response.status, url).toBe(200);
      expect.soft(response.headers['content-type'], url).toBe(type);
      expect.soft(response.headers['content-encoding'], url).toBe('gzip');
      expect.soft(response.headers.vary, url).toBe('Accept-Encoding');
      expectSecurityHeaders(response, url);
      expect.soft(body(response).equals(readFileSync(join(dist, url))), url).toBe(true);
    }
  });

  it('answers unknown paths, and _headers, with 404 and the 404 page', async () => {
    const notFoundPage = readFileSync(join(dist, '404.html'));
    for (const url of [
      '/gibt-es-nicht/',
      '/gibt-es-nicht',
      inPrefixed('/nothing/'),
      '/_headers',
      '/_astro/gone.js',
      '/videos/gone.webm',
    ]) {
      const response = await get(`${site}${url}`, gzip);
      expect.soft(response.status, url).toBe(404);
      expect.soft(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect.soft(body(response).equals(notFoundPage), `${url} shows 404.html`).toBe(true);
      // A file that is missing now may exist after the next deploy: never keep the 404.
      expect.soft(response.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(response, url);
    }
  });

  it(
    `scores A+ (at least ${MINIMUM_OBSERVATORY_SCORE}) in MDN's HTTP Observatory, at www and at the bare domain`,
    async () => {
      for (const host of [www, apex]) {
        const result = await observatoryScan(server, host, [www, apex]);
        const failed = Object.entries(result.tests).filter(([, test]) => !test.pass);
        expect.soft(failed, `Observatory tests failed for ${host}`).toEqual([]);
        expect.soft(result.scan.grade, host).toBe('A+');
        expect.soft(result.scan.score, host).toBeGreaterThanOrEqual(MINIMUM_OBSERVATORY_SCORE);
        console.info(`Observatory for ${host}: ${result.scan.grade} (${result.scan.score})`);
      }
    },
    OBSERVATORY_TIMEOUT_MS,
  );
});
