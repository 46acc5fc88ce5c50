/**
 * MDN's HTTP Observatory (this folder's package, `npm run observatory:install`), its own code grading a
 * host: a whole scan of the test's nginx, or its header tests on each page of a server that cannot
 * be scanned whole. mdn-http-observatory.d.ts types what is used of it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { expect } from 'vitest';
import type { RunningNginx } from '../nginx-server';

const observatoryPackage = new URL('node_modules/@mdn/mdn-http-observatory/', import.meta.url).pathname;

/** The Observatory's top grade starts at 100; the site earns extra credit above it. */
const MINIMUM_SCORE = 120;

export const observatoryInstalled = () => existsSync(`${observatoryPackage}package.json`);

/** Each of the Observatory's tests by its name (`strict-transport-security`), and how it went. */
type Tests = Record<string, { pass: boolean | null; result: string | null; scoreModifier: number }>;

/** The Observatory's top grade, with extra credit: A+, at least MINIMUM_SCORE, no test failed. */
export function expectTopGrade(result: { grade: string; score: number; tests: Tests }, where: string) {
  const failed = Object.entries(result.tests).filter(([, test]) => !test.pass);
  expect.soft(failed, `Observatory tests failed for ${where}`).toEqual([]);
  expect.soft(result.grade, where).toBe('A+');
  expect.soft(result.score, where).toBeGreaterThanOrEqual(MINIMUM_SCORE);
}

/**
 * The package's install script downloads Chromium's HSTS preload list; installed without it (no internet in CI), the
 * scanner finds no list. An empty one means no host counts as preloaded, so the redirection and HSTS results come
 * from what the server sends, never from the list.
 */
function ensurePreloadList() {
  const preloadList = `${observatoryPackage}conf/hsts-preload.json`;
  if (!existsSync(preloadList)) writeFileSync(preloadList, '{}\n');
}

/**
 * Scans `hostname` as the Observatory scans a live site. Meanwhile every connection to a port 80 or 443 goes to the
 * test's nginx, as a hosts file and a port forward would send it, while the requests, the TLS server name and the
 * certificate check keep the real name; nginx's certificate is trusted besides the system's (one it cannot verify
 * costs the grade), and the machine's proxy settings are left out: the scan must reach nginx.
 */
export async function observatoryScan(server: RunningNginx, hostname: string) {
  ensurePreloadList();
  const { scan } = await import('@mdn/mdn-http-observatory');
  const ports: Partial<Record<string, number>> = { 80: server.ports.http, 443: server.ports.https };
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with each socket as `this`
  const { connect } = net.Socket.prototype;
  const trusted = tls.getCACertificates('default');
  const proxies = Object.entries(process.env).filter(([name]) => /^(https?|all|no)_proxy$/i.test(name));
  // Every TCP connection in Node (http.Agent, tls.connect) ends in Socket#connect, which takes an options object,
  // or the array net.connect normalised its arguments into.
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const [options, listener] = (Array.isArray(args[0]) ? args[0] : args) as [net.TcpSocketConnectOpts, () => void];
    const port = ports[String(options.port)];
    return connect.apply(this, (port ? [{ ...options, host: '127.0.0.1', port }, listener] : args) as never);
  };
  tls.setDefaultCACertificates([...trusted, readFileSync(server.certificate, 'utf-8')]);
  for (const [name] of proxies) Reflect.deleteProperty(process.env, name);
  try {
    const { scan: result, tests } = await scan(hostname);
    return { ...result, tests };
  } finally {
    net.Socket.prototype.connect = connect;
    tls.setDefaultCACertificates(trusted);
    Object.assign(process.env, Object.fromEntries(proxies));
  }
}

/** The Accept header the retriever sends for a page (src/retriever/retriever.js). */
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * The Observatory's own tests and scoring on the answers for `path` from `origin`, graded for `hostname`.
 * deploy/cloudflare.test.ts runs Cloudflare Pages' runtime on a loopback port over plain http: the edge in front
 * of it, with the certificate and the http → https redirect, is Cloudflare's and not there. This fetches what the
 * Observatory's retriever fetches for a page (the page with its Accept header, and a CORS preflight from its
 * origin), counts the certificate as valid, as the edge's is, and runs every test but "redirection", which grades
 * that edge's hop and not the site. The score is summed as the scanner sums it (src/scanner/index.js).
 */
export async function observatoryGrade(origin: string, hostname: string, path: string) {
  ensurePreloadList();
  const { CONFIG } = await import('@mdn/mdn-http-observatory/src/config.js');
  const { ALL_TESTS } = await import('@mdn/mdn-http-observatory/src/constants.js');
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import('@mdn/mdn-http-observatory/src/grader/charts.js');
  const { getGradeForScore, getScoreModifier } = await import('@mdn/mdn-http-observatory/src/grader/grader.js');
  const { parseHttpEquivHeaders } = await import('@mdn/mdn-http-observatory/src/retriever/utils.js');
  const { Requests } = await import('@mdn/mdn-http-observatory/src/types.js');
  const url = new URL(path, origin);
  const page = await fetch(url, { headers: { accept: PAGE_ACCEPT } });
  const body = await page.text();
  const preflight = await fetch(url, {
    method: 'OPTIONS',
    headers: { 'access-control-request-method': 'GET', origin: CONFIG.retriever.corsOrigin },
  });
  const html = page.headers.get('content-type')?.startsWith('text/html') ?? false;
  const response = {
    status: page.status,
    headers: Object.fromEntries(page.headers),
    data: body,
    verified: true,
    httpEquiv: html ? parseHttpEquivHeaders(body, url.href) : new Map(),
  };
  const requests = new Requests(hostname);
  requests.responses.auto = response;
  requests.responses.https = response;
  requests.responses.cors = {
    status: preflight.status,
    headers: Object.fromEntries(preflight.headers),
    request: { headers: { origin: CONFIG.retriever.corsOrigin } },
    verified: true,
  };
  requests.resources.path = body;
  requests.session = { url: new URL(`https://${hostname}${url.pathname}`) };

  let scoreWithExtraCredit = 100;
  let uncurvedScore = 100;
  const tests: Tests = {};
  for (const test of ALL_TESTS.filter(({ name }) => name !== 'redirectionTest')) {
    const output = test(requests);
    const scoreModifier = output.result ? getScoreModifier(output.result) : 0;
    scoreWithExtraCredit += scoreModifier;
    if (scoreModifier < 0) uncurvedScore += scoreModifier;
    tests[output.constructor.name] = { pass: output.pass, result: output.result, scoreModifier };
  }
  const score = uncurvedScore >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore;
  return { ...getGradeForScore(score), tests };
}
