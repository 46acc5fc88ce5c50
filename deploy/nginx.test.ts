import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../src/routes';
import {
  YEAR_IMMUTABLE,
  builtFiles,
  expectResponse,
  expectSecurityHeaders,
  expectTopGrade,
  inPrefixed,
  missingPaths,
  requirements,
  securityHeaders,
  slashless,
  www,
} from './built-site';
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

// The shipped deploy/nginx configuration in real nginx over a production build, scored by MDN's HTTP Observatory.
const apex = www.replace(/^www\./, '');
const site = `https://${www}`;
const SETUP_TIMEOUT_MS = 240_000; // a production build, and nginx's start
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** gzip_min_length's default: nginx compresses nothing smaller. */
const GZIP_MIN_LENGTH = 20;
/** The types a visitor's browser reads these files by. */
const contentTypes: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  xml: 'text/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
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

/** public/_headers' security headers, word for word, and none beyond them. */
function expectHeaders(response: Response, where: string) {
  expectSecurityHeaders(response, where);
  const others = response.raw.map(([name]) => name).filter((name) => !httpHeaders.has(name.toLowerCase()));
  expect.soft(others.length, `headers on ${where}: ${others.join(', ')}`).toBe(securityHeaders.length);
}

const decoded = (response: Response) =>
  response.headers['content-encoding'] === 'gzip' ? { ...response, body: gunzipSync(response.body) } : response;

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
    server = await startNginx({ nginx: nginx ?? 'nginx', prefix: join(tmp, 'nginx'), root: dist, hosts: [www, apex] });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await (server as RunningNginx | undefined)?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('runs every shipped file, changed in nothing but ports, web root and certificate', () => {
    const shipped = shippedFiles();
    expect([...server.files.keys()]).toEqual([...shipped.keys()]);
    const changed = [...shipped].flatMap(([name, text]) => differingDirectives(text, server.files.get(name) ?? ''));
    expect(changed.length).toBeGreaterThan(0);
    const substituted: readonly string[] = substitutedDirectives;
    expect(changed.filter((directive) => !substituted.includes(directive))).toEqual([]);
    // A warning is a misconfiguration nginx puts up with; nginx 1.25.1+ only asks for `http2 on` instead.
    const warnings = server.configTest.split('\n').filter((line) => /\[(warn|emerg|crit|alert)\]/.test(line));
    expect(warnings.filter((line) => !line.includes('"listen ... http2" directive is deprecated'))).toEqual([]);
  });

  it('serves every built file as built, compressed where it is text, with its cache lifetime and the security headers', async () => {
    const files = builtFiles(dist).filter(({ name }) => name !== '_headers');
    expect(files.map(({ url }) => url)).toEqual(expect.arrayContaining(routes.map(({ url }) => url)));
    for (const { name, url, file } of files) {
      const extension = name.slice(name.lastIndexOf('.') + 1);
      const built = readFileSync(file);
      const response = await get(`${site}${url}`, gzip);
      // HTML names the hashed files of its build: revalidated on each visit; those files are kept for a year.
      const cache = name.startsWith('_astro/') ? YEAR_IMMUTABLE : extension === 'html' ? 'no-cache' : undefined;
      expectResponse(decoded(response), url, { status: 200, type: contentTypes[extension], cache, body: built });
      expectHeaders(response, url);
      const text = /^(html|js|css|svg|json|xml|txt)$/.test(extension) && statSync(file).size >= GZIP_MIN_LENGTH;
      expect.soft(response.headers['content-encoding'], url).toBe(text ? 'gzip' : undefined);
      expect.soft(response.headers.vary, url).toBe(text ? 'Accept-Encoding' : undefined);

      const plain = await get(`${site}${url}`);
      expect.soft(plain.headers['content-encoding'], `${url} without Accept-Encoding`).toBeUndefined();
      expect.soft(plain.body.equals(built), `${url} without Accept-Encoding`).toBe(true);
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

  it.each(slashless)('redirects %s, without its trailing slash, to %s', async (url, location) => {
    const response = await get(`${site}${url}`);
    expect([response.status, response.headers.location]).toEqual([301, location]);
    expectHeaders(response, `${url} (redirect)`);
  });

  it.each([false, true])(
    'redirects http to https on the same host, then the bare domain to www (IPv6, listen [::]: %s)',
    async (ipv6) => {
      const redirect = ({ status, headers }: Response) => `${status} ${String(headers.location)}`;
      for (const path of ['/', inPrefixed('/agb/'), '/impressum?x=1']) {
        for (const host of [www, apex]) {
          const response = await get(`http://${host}${path}`, { ipv6 });
          expect.soft(redirect(response), `http://${host}${path}`).toBe(`301 https://${host}${path}`);
        }
        const fromApex = await get(`https://${apex}${path}`, { ipv6 });
        expect.soft(redirect(fromApex), `https://${apex}${path}`).toBe(`301 ${site}${path}`);
        expectHeaders(fromApex, `https://${apex}${path}`);
      }
      expect((await get(`${site}/`, { ipv6 })).status).toBe(200);
    },
  );

  it.each([false, true])('speaks HTTP/2 over TLS for www and the bare domain (IPv6: %s)', async (ipv6) => {
    for (const host of [www, apex]) {
      const socket = await connectTls(server, host, { ipv6, ALPNProtocols: ['h2', 'http/1.1'] });
      expect.soft(socket.alpnProtocol, host).toBe('h2');
      socket.destroy();
    }
  });

  it.each([...missingPaths, '/_headers'])('answers %s with 404 and the 404 page, never kept', async (url) => {
    const response = await get(`${site}${url}`, gzip);
    const body = readFileSync(join(dist, '404.html'));
    // A file that is missing now may exist after the next deploy.
    expectResponse(decoded(response), url, { status: 404, type: contentTypes.html, cache: 'no-cache', body });
    expectHeaders(response, url);
  });

  it.each([www, apex])(
    `scores A+ (at least ${MINIMUM_OBSERVATORY_SCORE}) in MDN's HTTP Observatory at %s`,
    async (host) => {
      const { scan, tests } = await observatoryScan(server, host, [www, apex]);
      expectTopGrade({ ...scan, tests }, host, MINIMUM_OBSERVATORY_SCORE);
      console.info(`Observatory for ${host}: ${scan.grade} (${scan.score})`);
    },
    OBSERVATORY_TIMEOUT_MS,
  );
});
