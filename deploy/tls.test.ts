import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirements, www } from './built-site';
import { findNginx, hasOpenssl, installHint, startNginx, type KeyType, type RunningNginx } from './nginx-server';
import { enumerateSuites, findNmap, handshake, resumeSession } from './tls-scan';

// The shipped TLS in real nginx with each kind of certificate certbot issues, held to Mozilla's "intermediate" profile.
const apex = www.replace(/^www\./, '');

/** Mozilla's intermediate profile, guideline 6.0 (https://ssl-config.mozilla.org/guidelines/6.0.json). */
const intermediate = {
  protocols: ['TLSv1.2', 'TLSv1.3'],
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

const SETUP_TIMEOUT_MS = 30_000; // two nginx starts and a certificate each
const SCAN_TIMEOUT_MS = 30_000;

const nginx = findNginx();
const nmap = findNmap();
const { skip, failInCi } = requirements('deploy/tls.test.ts', 'the TLS scan of real nginx', [
  !nginx && installHint.nginx,
  !hasOpenssl() && installHint.openssl,
  !nmap && 'nmap (sudo apt-get install nmap)',
]);

describe.skipIf(skip)(
  "the shipped nginx configuration's TLS, scanned in real nginx",
  { timeout: SCAN_TIMEOUT_MS },
  () => {
    let tmp: string;
    const servers: Partial<Record<KeyType, RunningNginx>> = {};
    const httpsPort = (keyType: KeyType) => servers[keyType]?.ports.https ?? 0;

    beforeAll(async () => {
      failInCi();
      tmp = mkdtempSync(join(tmpdir(), 'uferlicht-tls-'));
      // TLS is the same for every path, so an empty web root will do.
      const root = join(tmp, 'root');
      mkdirSync(root);
      for (const keyType of keyTypes) {
        const prefix = join(tmp, keyType);
        servers[keyType] = await startNginx({ nginx: nginx ?? 'nginx', prefix, root, hosts: [www, apex], keyType });
      }
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      for (const server of Object.values(servers)) await server.stop();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it.each(keyTypes)(
      "with an %s certificate accepts TLS 1.2 and 1.3 only, with the profile's suites and the client's choice among them, at both names",
      async (keyType) => {
        // A certificate signs the key exchange: ECDHE_ECDSA suites need an ECDSA one, ECDHE_RSA an RSA one.
        const tls12 = intermediate.tls12Suites.filter((suite) =>
          suite.startsWith(`TLS_ECDHE_${keyType.toUpperCase()}_`),
        );
        const expected = new Map([
          ['TLSv1.2', { suites: tls12.sort(), preference: intermediate.preference }],
          ['TLSv1.3', { suites: [...intermediate.tls13Suites].sort(), preference: intermediate.preference }],
        ]);
        for (const name of [www, apex]) {
          const scan = await enumerateSuites(nmap ?? 'nmap', httpsPort(keyType), name);
          for (const protocol of scan.values()) protocol.suites.sort();
          expect([...scan.keys()], name).toEqual(intermediate.protocols);
          expect(scan, name).toEqual(expected);
        }
      },
    );

    it.each(keyTypes)("with an %s certificate exchanges keys over the profile's groups only", async (keyType) => {
      const accepted = async (protocol: string) => {
        const results = await Promise.all(
          [...intermediate.groups, ...otherGroups].map(async (group) => {
            const { ok } = await handshake(httpsPort(keyType), www, [protocol, '-groups', group]);
            return ok ? [group] : [];
          }),
        );
        return results.flat();
      };
      expect.soft(await accepted('-tls1_3'), 'TLS 1.3').toEqual(intermediate.groups);
      // In TLS 1.2 a client's groups also bound the curve of an ECDSA certificate (P-256 here), so
      // only with RSA do they name the key exchange alone.
      if (keyType === 'rsa') expect.soft(await accepted('-tls1_2'), 'TLS 1.2').toEqual(intermediate.groups);
    });

    it.each(keyTypes)(
      "with an %s certificate resumes sessions from nginx's cache for a day, and hands out no session ticket",
      async (keyType) => {
        const tls12 = await resumeSession(httpsPort(keyType), www, '-tls1_2');
        // A TLS 1.2 session ticket is the session, encrypted with nginx's ticket key: none must be issued.
        expect.soft(tls12.session, 'TLS 1.2 session').not.toMatch(/TLS session ticket/);
        expect.soft(tls12.resumed, 'TLS 1.2 resumption').toBe(true);
        // TLS 1.3 always sends a ticket; with tickets off it only names the entry in nginx's cache.
        const tls13 = await resumeSession(httpsPort(keyType), www, '-tls1_3');
        expect
          .soft(tls13.session, 'TLS 1.3 session lifetime')
          .toMatch(new RegExp(`ticket lifetime hint: ${intermediate.sessionTimeoutSeconds} \\(seconds\\)`));
        expect.soft(tls13.resumed, 'TLS 1.3 resumption').toBe(true);
      },
    );
  },
);
