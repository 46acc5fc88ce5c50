// MDN's HTTP Observatory (deploy/observatory/): a whole scan of the test's nginx, or its header tests on each page.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { RunningNginx } from './nginx-server';

const run = promisify(execFile);
const observatoryDir = join(dirname(new URL(import.meta.url).pathname), 'observatory');

/** The Observatory's top grade starts at 100; the site earns extra credit above it. */
export const MINIMUM_OBSERVATORY_SCORE = 120;

export const observatoryInstalled = () =>
  existsSync(join(observatoryDir, 'node_modules/@mdn/mdn-http-observatory/package.json'));

/** Each of the Observatory's tests by its name (`strict-transport-security`), and how it went. */
export type ObservatoryTests = Record<string, { pass: boolean; result: string; scoreModifier: number }>;

/** Scans `hostname` (whose ports 80 and 443 are the test's nginx) as the Observatory scans a live site. */
export async function observatoryScan(server: RunningNginx, hostname: string, hosts: string[]) {
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
  const { stdout } = await run(process.execPath, [join(observatoryDir, 'scan.mjs'), hostname], {
    env: { ...env, NODE_EXTRA_CA_CERTS: server.certificate, OBSERVATORY_CONNECT: JSON.stringify(connect) },
  });
  return JSON.parse(stdout) as { scan: { grade: string; score: number }; tests: ObservatoryTests };
}

/** The header tests and scoring on each of `paths` from `origin`, for `hostname` (grade.mjs says what is left out). */
export async function observatoryGrade(origin: string, hostname: string, paths: string[]) {
  const { stdout } = await run(process.execPath, [join(observatoryDir, 'grade.mjs'), origin, hostname, ...paths]);
  return JSON.parse(stdout) as Record<
    string,
    { status: number; grade: string; score: number; tests: ObservatoryTests }
  >;
}
