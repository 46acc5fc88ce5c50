import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  YEAR_IMMUTABLE,
  expectResponse,
  gzip,
  inPrefixed,
  itServesTheBuild,
  requirements,
  securityHeaders,
  www,
} from './host-checks';
import { findNginx, startNginx, type KeyType, type RunningNginx } from './nginx-server';
import { expectTopGrade, observatoryInstalled, observatoryScan } from './observatory/observatory';
import { buildProductionSite, builtFiles } from './production-build';
import { onPath, type Response } from './servers';
import { enumerateSuites, handshake, resumeSession } from './tls-scan';

// The shipped deploy/nginx configuration in real nginx over a production build, scored by MDN's HTTP Observatory,
// and its TLS with each kind of certificate certbot issues, held to Mozilla's "intermediate" profile.
const apex = www.replace(/^www\./, '');
const site = `https://${www}`;
const SETUP_TIMEOUT_MS = 240_000; // a production build, and two nginx starts with a certificate each
const OBSERVATORY_TIMEOUT_MS = 60_000;
/** gzip_min_length's default: nginx compresses nothing smaller. */
const GZIP_MIN_LENGTH = 20;

/** Mozilla's intermediate profile, guideline 6.0 (https://ssl-config.mozilla.org/guidelines/6.0.json). */
const intermediate = {
  tls12Suites: [
    'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256',
    'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256',
    'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384',
    'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384',
    'TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256',
    'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256',
  ],
  tls13Suites: ['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256'],
  /** By OpenSSL's names; the guideline's X25519MLKEM768 needs OpenSSL 3.5 (see the snippet). */
  groups: ['X25519', 'P-256', 'P-384'],
  /** The guideline's client-side choice of suite (ssl_prefer_server_ciphers off). */
  preference: 'client',
  sessionTimeoutSeconds: 86_400,
};
/** Groups OpenSSL 3.0 offers that the profile leaves out: nginx must refuse each. */
const otherGroups = ['P-521', 'X448', 'ffdhe2048', 'ffdhe3072'];
const keyTypes: KeyType[] = ['ecdsa', 'rsa'];

const nmap = onPath('nmap');
const { skip, failInCi } = requirements('deploy/nginx.test.ts', 'the real-nginx test', [
  !findNginx() && 'nginx (Debian/Ubuntu: sudo apt-get install nginx; or set NGINX_PATH)',
  !onPath('openssl') && 'openssl (sudo apt-get install openssl)',
  !nmap && 'nmap (sudo apt-get install nmap)',
  !observatoryInstalled() && "MDN's HTTP Observatory (npm run observatory:install)",
]);

/** What HTTP itself puts in a response: any other header nginx sends must be one of public/_headers'. */
const httpHeaders = new Set(
  `accept-ranges cache-control connection content-encoding content-length content-range content-type date etag
  last-modified location server transfer-encoding vary`.split(/\s+/),
);

/** Beside public/_headers' security headers (host-checks.ts holds them to it word for word), none but HTTP's own. */
function expectNoOtherHeaders(response: Response, where: string) {
  const others = response.raw.map(([name]) => name).filter((name) => !httpHeaders.has(name.toLowerCase()));
  expect.soft(others.length, `headers on ${where}: ${others.join(', ')}`).toBe(securityHeaders.length);
}

describe.skipIf(skip)('the shipped nginx configuration in real nginx', () => {
  let tmp: string;
  let dist: string;
  /** nginx with each kind of certificate; ECDSA, certbot's default, serves every test but the TLS tests' RSA half. */
  const servers = {} as Record<KeyType, RunningNginx>;
  const httpsPort = (keyType: KeyType) => servers[keyType].ports.https;
  const get: RunningNginx['get'] = (url, options) => servers.ecdsa.get(url, options);

  beforeAll(async () => {
    failInCi();
    tmp = mkdtempSync(join(tmpdir(), 'uferlicht-nginx-'));
    dist = join(tmp, 'dist');
    await buildProductionSite(dist);
    for (const keyType of keyTypes) {
      servers[keyType] = await startNginx({ prefix: join(tmp, keyType), root: dist, hosts: [www, apex], keyType });
    }
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const running of Object.values(servers)) await running.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('takes the shipped configuration without a warning', () => {
    // A warning is a misconfiguration nginx puts up with; nginx 1.25.1+ only asks for `http2 on` instead.
    const warnings = servers.ecdsa.configTest.split('\n').filter((line) => /\[(warn|emerg|crit|alert)\]/.test(line));
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

  it('lets the visitor’s browser alone keep a page fetched ahead for five minutes, for the click that follows', async () => {
    for (const purpose of ['prefetch', 'prefetch;prerender'])
      expectResponse(await get(`${site}/agb/`, { headers: { 'sec-purpose': purpose } }), `/agb/ (${purpose})`, {
        status: 200,
        cache: 'private, max-age=300',
      });
  });

  it.each([false, true])(
    'redirects http to https on the same host, then the bare domain to www, and speaks HTTP/2 over TLS at both (IPv6, listen [::]: %s)',
    async (overIpv6) => {
      const redirect = ({ status, headers }: Response) => `${status} ${String(headers.location)}`;
      for (const path of ['/', inPrefixed('/agb/'), '/impressum?x=1']) {
        for (const host of [www, apex]) {
          const response = await get(`http://${host}${path}`, { overIpv6 });
          expect.soft(redirect(response), `http://${host}${path}`).toBe(`301 https://${host}${path}`);
        }
        const fromApex = await get(`https://${apex}${path}`, { overIpv6 });
        expect.soft(redirect(fromApex), `https://${apex}${path}`).toBe(`301 ${site}${path}`);
        expectResponse(fromApex, `https://${apex}${path}`, { status: 301 });
        expectNoOtherHeaders(fromApex, `https://${apex}${path}`);
      }
      expect((await get(`${site}/`, { overIpv6 })).status).toBe(200);
      for (const host of [www, apex]) {
        const address = overIpv6 ? servers.ecdsa.ipv6 : undefined;
        const alpn = await handshake(httpsPort('ecdsa'), host, ['-alpn', 'h2,http/1.1'], '', address);
        expect.soft(alpn.output, host).toMatch(/^ALPN protocol: h2$/m);
      }
    },
  );

  it.each([www, apex])(
    "scores A+ with extra credit (observatory.ts › MINIMUM_SCORE) in MDN's HTTP Observatory at %s",
    async (host) => {
      const result = await observatoryScan(servers.ecdsa, host);
      expectTopGrade(result, host);
      console.info(`Observatory for ${host}: ${result.grade} (${result.score})`);
    },
    OBSERVATORY_TIMEOUT_MS,
  );

  it.each(keyTypes)(
    "with an %s certificate accepts TLS 1.2 and 1.3 only, with the profile's suites, the client's choice among them and the profile's groups, at both names; resumes sessions from nginx's cache for a day, and hands out no session ticket",
    async (keyType) => {
      const port = httpsPort(keyType);
      // A certificate signs the key exchange: ECDHE_ECDSA suites need an ECDSA one, ECDHE_RSA an RSA one.
      const tls12 = intermediate.tls12Suites.filter((suite) => suite.startsWith(`TLS_ECDHE_${keyType.toUpperCase()}_`));
      const expected = new Map([
        ['TLSv1.2', { suites: tls12.sort(), preference: intermediate.preference }],
        ['TLSv1.3', { suites: [...intermediate.tls13Suites].sort(), preference: intermediate.preference }],
      ]);
      // Exactly these protocol versions, TLS 1.2 and 1.3 only, each with these suites.
      for (const name of [www, apex])
        expect.soft(await enumerateSuites(nmap ?? 'nmap', port, name), name).toEqual(expected);

      const accepted = async (protocol: string) => {
        const results = await Promise.all(
          [...intermediate.groups, ...otherGroups].map(async (group) => {
            const { ok } = await handshake(port, www, [protocol, '-groups', group]);
            return ok ? [group] : [];
          }),
        );
        return results.flat();
      };
      expect.soft(await accepted('-tls1_3'), 'TLS 1.3 groups').toEqual(intermediate.groups);
      // In TLS 1.2 a client's groups also bound the curve of an ECDSA certificate (P-256 here), so
      // only with RSA do they name the key exchange alone.
      if (keyType === 'rsa') expect.soft(await accepted('-tls1_2'), 'TLS 1.2 groups').toEqual(intermediate.groups);

      const session12 = await resumeSession(port, www, '-tls1_2');
      // A TLS 1.2 session ticket is the session, encrypted with nginx's ticket key: none must be issued.
      expect.soft(session12.session, 'TLS 1.2 session').not.toMatch(/TLS session ticket/);
      expect.soft(session12.resumed, 'TLS 1.2 resumption').toBe(true);
      // TLS 1.3 always sends a ticket; with tickets off it only names the entry in nginx's cache.
      const session13 = await resumeSession(port, www, '-tls1_3');
      expect
        .soft(session13.session, 'TLS 1.3 session lifetime')
        .toMatch(new RegExp(`ticket lifetime hint: ${intermediate.sessionTimeoutSeconds} \\(seconds\\)`));
      expect.soft(session13.resumed, 'TLS 1.3 resumption').toBe(true);
    },
  );
});
