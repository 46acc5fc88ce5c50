import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  YEAR_IMMUTABLE,
  expectResponse,
  expectTopGrade,
  gzip,
  inPrefixed,
  itServesTheBuild,
  requirements,
  securityHeaders,
  www,
} from './built-site';
import { fetchFrom, findNginx, hasOpenssl, installHint, loopback, startNginx, type RunningNginx } from './nginx-server';
import { MINIMUM_OBSERVATORY_SCORE, observatoryInstalled, observatoryScan } from './observatory-scan';
import { buildProductionSite, builtFiles } from './production-build';
import type { Response } from './servers';
import { handshake } from './tls-scan';

// The shipped deploy/nginx configuration in real nginx over a production build, scored by MDN's HTTP Observatory.
const apex = www.replace(/^www\./, '');
const site = `https://${www}`;
const SETUP_TIMEOUT_MS = 240_000; // a production build, and nginx's start
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** gzip_min_length's default: nginx compresses nothing smaller. */
const GZIP_MIN_LENGTH = 20;

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

/** Beside public/_headers' security headers (built-site.ts holds them to it word for word), none but HTTP's own. */
function expectNoOtherHeaders(response: Response, where: string) {
  const others = response.raw.map(([name]) => name).filter((name) => !httpHeaders.has(name.toLowerCase()));
  expect.soft(others.length, `headers on ${where}: ${others.join(', ')}`).toBe(securityHeaders.length);
}

describe.skipIf(skip)('the shipped nginx configuration in real nginx', () => {
  let tmp: string;
  let dist: string;
  let server: RunningNginx;
  const get = (url: string, options?: Parameters<typeof fetchFrom>[2]) => fetchFrom(server, url, options);

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

  it('takes the shipped configuration without a warning', () => {
    // A warning is a misconfiguration nginx puts up with; nginx 1.25.1+ only asks for `http2 on` instead.
    const warnings = server.configTest.split('\n').filter((line) => /\[(warn|emerg|crit|alert)\]/.test(line));
    expect(warnings.filter((line) => !line.includes('"listen ... http2" directive is deprecated'))).toEqual([]);
  });

  itServesTheBuild(() => ({ dist, get: (path, headers) => get(`${site}${path}`, { headers }) }), {
    xml: 'text/xml; charset=utf-8',
    // HTML names the hashed files of its build: revalidated on each visit; those files are kept for a year.
    cache: (name) => (name.startsWith('_astro/') ? YEAR_IMMUTABLE : name.endsWith('.html') ? 'no-cache' : undefined),
    notFoundCache: 'no-cache',
    redirect: 301,
    notServed: ['_headers'],
    alsoExpect: expectNoOtherHeaders,
  });

  it('compresses text, and answers every file whole without Accept-Encoding and in part for a range', async () => {
    for (const { name, url, file } of builtFiles(dist).filter(({ name }) => name !== '_headers')) {
      const text = /\.(html|js|css|svg|json|xml|txt)$/.test(name) && statSync(file).size >= GZIP_MIN_LENGTH;
      const compressed = await get(`${site}${url}`, { headers: gzip });
      expect.soft(compressed.headers['content-encoding'], url).toBe(text ? 'gzip' : undefined);
      expect.soft(compressed.headers.vary, url).toBe(text ? 'Accept-Encoding' : undefined);
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
    expectResponse(again, '304 /agb/', { status: 304 });
    expectNoOtherHeaders(again, '304 /agb/');
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
        expectResponse(fromApex, `https://${apex}${path}`, { status: 301 });
        expectNoOtherHeaders(fromApex, `https://${apex}${path}`);
      }
      expect((await get(`${site}/`, { ipv6 })).status).toBe(200);
    },
  );

  it.each([false, true])('speaks HTTP/2 over TLS for www and the bare domain (IPv6: %s)', async (ipv6) => {
    for (const host of [www, apex]) {
      const { output } = await handshake(
        server.ports.https,
        host,
        ['-alpn', 'h2,http/1.1'],
        '',
        loopback(server, ipv6),
      );
      expect.soft(output, host).toMatch(/^ALPN protocol: h2$/m);
    }
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
