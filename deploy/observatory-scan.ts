// MDN's HTTP Observatory (deploy/observatory/): a whole scan of the test's nginx, or its header tests on each page.
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { RunningNginx } from './nginx-server';

const observatoryDir = join(dirname(new URL(import.meta.url).pathname), 'observatory');
const observatoryPackage = join(observatoryDir, 'node_modules/@mdn/mdn-http-observatory');

/** The Observatory's top grade starts at 100; the site earns extra credit above it. */
export const MINIMUM_OBSERVATORY_SCORE = 120;

export const observatoryInstalled = () => existsSync(join(observatoryPackage, 'package.json'));

/** Each of the Observatory's tests by its name (`strict-transport-security`), and how it went. */
export type ObservatoryTests = Record<string, { pass: boolean | null; result: string | null; scoreModifier: number }>;

/**
 * The package's install script downloads Chromium's HSTS preload list; installed without it (no internet in CI), the
 * scanner finds no list. An empty one means no host counts as preloaded, so the redirection and HSTS results come
 * from what the server sends, never from the list.
 */
function ensurePreloadList() {
  const preloadList = join(observatoryPackage, 'conf/hsts-preload.json');
  if (!existsSync(preloadList)) writeFileSync(preloadList, '{}\n');
}

/** Scans `hostname` (whose ports 80 and 443 are the test's nginx) as the Observatory scans a live site. */
export async function observatoryScan(server: RunningNginx, hostname: string, hosts: string[]) {
  ensurePreloadList();
  const connect = Object.fromEntries(
    hosts.flatMap((host) => [
      [`${host}:80`, `127.0.0.1:${server.ports.http}`],
      [`${host}:443`, `127.0.0.1:${server.ports.https}`],
    ]),
  );
  // Without the proxy settings of the machine: the scan must reach nginx, not a proxy.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(https?|all|no)_proxy$/i.test(name)),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [join(observatoryDir, 'scan.mjs'), hostname], {
    env: { ...env, NODE_EXTRA_CA_CERTS: server.certificate, OBSERVATORY_CONNECT: JSON.stringify(connect) },
  });
  return JSON.parse(stdout) as { scan: { grade: string; score: number }; tests: ObservatoryTests };
}

/** The header tests and scoring on each of `paths` from `origin`, for `hostname` (grade.mjs says what is left out). */
export async function observatoryGrade(origin: string, hostname: string, paths: string[]) {
  ensurePreloadList();
  const { grade } = await import('./observatory/grade.mjs');
  const graded: Record<string, Awaited<ReturnType<typeof grade>>> = {};
  for (const path of paths) graded[path] = await grade(origin, hostname, path);
  return graded;
}
