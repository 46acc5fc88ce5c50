import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import agency from '../src/content/agency.json' with { type: 'json' };
import { defaultLocale, otherLocales, type Locale } from '../src/i18n/locales';
import { localizedPath } from '../src/i18n/paths';
import { routes } from '../src/routes.mjs';
import { YEAR_IMMUTABLE, builtFiles, expectSecurityHeaders, requirements, securityHeaders } from './built-site';
import {
  connectTls,
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
import { buildProductionSite } from './production-build';

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

/** One production build, plus nginx's start. */
const SETUP_TIMEOUT_MS = 240_000;
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** Below this size nginx does not compress (gzip_min_length's default). */
const GZIP_MIN_LENGTH = 20;
/** The types nginx must name for the files a visitor's browser reads by their type (pages, feeds, videos). */
const contentTypes: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  xml: 'text/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

const nginx = findNginx();
const { skip, failInCi } = requirements('deploy/nginx.test.ts', 'the real-nginx test', [
  !nginx && installHint.nginx,
  !hasOpenssl() && installHint.openssl,
  !observatoryInstalled() && "MDN's HTTP Observatory (npm run observatory:install)",
]);

/** What HTTP itself puts in a response: any other header nginx sends must be one of public/_headers'. */
const httpHeaders = new Set(
  `accept-ranges cache-control connection content-encoding content-length content-range content-type date etag
  last-modified location server transfer-encoding vary`.split(/\s+/),
);

/** public/_headers' security headers, word for word, and none beyond them: nginx and the headers file send the same. */
function expectHeaders(response: Response, where: string) {
  expectSecurityHeaders(response, where);
  const others = response.raw.map(([name]) => name).filter((name) => !httpHeaders.has(name.toLowerCase()));
  expect.soft(others.length, `headers on ${where}: ${others.join(', ')}`).toBe(securityHeaders.length);
}

const body = (response: Response) =>
  response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body;

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
    await buildProductionSite(dist);
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

  it('serves every built file as built, compressed where it is text, with its cache lifetime and the security headers', async () => {
    const files = builtFiles(dist).filter(({ name }) => name !== '_headers');
    expect(files.map(({ url }) => url)).toEqual(expect.arrayContaining(routes.map(({ url }) => url)));
    for (const { name, url, file } of files) {
      const extension = name.split('.').at(-1)!;
      const response = await get(`${site}${url}`, gzip);
      expect.soft(response.status, url).toBe(200);
      if (extension in contentTypes) expect.soft(response.headers['content-type'], url).toBe(contentTypes[extension]);
      const text = /^(html|js|css|svg|json|xml|txt)$/.test(extension) && statSync(file).size >= GZIP_MIN_LENGTH;
      expect.soft(response.headers['content-encoding'], url).toBe(text ? 'gzip' : undefined);
      expect.soft(response.headers.vary, url).toBe(text ? 'Accept-Encoding' : undefined);
      // HTML names the hashed files of its build: revalidated on each visit; those files are kept for a year.
      const cache = name.startsWith('_astro/') ? YEAR_IMMUTABLE : extension === 'html' ? 'no-cache' : undefined;
      expect.soft(response.headers['cache-control'], url).toBe(cache);
      expectHeaders(response, url);
      expect.soft(body(response).equals(readFileSync(file)), `${url} is the built file`).toBe(true);

      const plain = await get(`${site}${url}`);
      expect.soft(plain.headers['content-encoding'], `${url} without Accept-Encoding`).toBeUndefined();
      expect.soft(plain.body.equals(readFileSync(file)), `${url} without Accept-Encoding`).toBe(true);
      // Safari asks for a video in ranges before it plays it.
      const range = await get(`${site}${url}`, { headers: { range: 'bytes=0-1' } });
      expect.soft([range.status, range.body.length], `${url} range`).toEqual([206, 2]);
    }
  });

  it('answers a page unchanged since the last visit with 304, headers included', async () => {
    const first = await get(`${site}/agb/`);
    const again = await get(`${site}/agb/`, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expectHeaders(again, '304 /agb/');
  });

  it('redirects a page asked for without its trailing slash, keeping the query', async () => {
    const prefixedPages = [inPrefixed('/'), inPrefixed('/impressum/')].map((url) => url.replace(/\/$/, ''));
    for (const url of ['/agb', ...prefixedPages, '/datenschutz?from=mail']) {
      const response = await get(`${site}${url}`);
      expect.soft(response.status, url).toBe(301);
      expect.soft(response.headers.location, url).toBe(url.replace(/(\?|$)/, '/$1'));
      expectHeaders(response, `${url} (redirect)`);
    }
  });

  it('redirects http to https on the same host, then the bare domain to www, on IPv4 and IPv6 (listen [::])', async () => {
    const redirect = ({ status, headers }: Response) => `${status} ${headers.location}`;
    for (const ipv6 of [false, true]) {
      const over = ` over IPv${ipv6 ? 6 : 4}`;
      for (const path of ['/', inPrefixed('/agb/'), '/impressum?x=1']) {
        for (const host of [www, apex]) {
          const response = await get(`http://${host}${path}`, { ipv6 });
          expect.soft(redirect(response), `http://${host}${path}${over}`).toBe(`301 https://${host}${path}`);
        }
        const fromApex = await get(`https://${apex}${path}`, { ipv6 });
        expect.soft(redirect(fromApex), `https://${apex}${path}${over}`).toBe(`301 ${site}${path}`);
        expectHeaders(fromApex, `https://${apex}${path}${over}`);
      }
      expect.soft((await get(`${site}/`, { ipv6 })).status, `${site}/${over}`).toBe(200);
    }
  });

  it('speaks HTTP/2 over TLS for www and the bare domain, on IPv4 and IPv6', async () => {
    for (const ipv6 of [false, true]) {
      for (const host of [www, apex]) {
        const socket = await connectTls(server, host, { ipv6, ALPNProtocols: ['h2', 'http/1.1'] });
        expect.soft(socket.alpnProtocol, `${host} over IPv${ipv6 ? 6 : 4}`).toBe('h2');
        socket.destroy();
      }
    }
  });

  it('answers unknown paths, and _headers, with 404 and the 404 page', async () => {
    const notFoundPage = readFileSync(join(dist, '404.html'));
    const unknown = ['/gibt-es-nicht/', '/gibt-es-nicht', inPrefixed('/nothing/'), '/_headers', '/_astro/gone.js'];
    for (const url of [...unknown, '/videos/gone.webm']) {
      const response = await get(`${site}${url}`, gzip);
      expect.soft(response.status, url).toBe(404);
      expect.soft(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect.soft(body(response).equals(notFoundPage), `${url} shows 404.html`).toBe(true);
      // A file that is missing now may exist after the next deploy: never keep the 404.
      expect.soft(response.headers['cache-control'], url).toBe('no-cache');
      expectHeaders(response, url);
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
