// A built site in Cloudflare Pages' own runtime: `wrangler pages dev` (deploy/cloudflare/) through workerd, offline.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort, send, type Response } from './nginx-server';

const cloudflareDir = join(dirname(new URL(import.meta.url).pathname), 'cloudflare');
const wranglerCli = join(cloudflareDir, 'node_modules/wrangler/bin/wrangler.js');
const workerdPackage = join(cloudflareDir, 'node_modules/workerd/package.json');

/** wrangler compiles the site's worker and starts workerd first: on a busy 2-core machine, seconds. */
const STARTUP_TIMEOUT_MS = 60_000;

export const wranglerInstalled = () => existsSync(wranglerCli) && existsSync(workerdPackage);

/** The release date of wrangler's workerd (1.YYYYMMDD.n): a later date makes wrangler warn and ask npm. */
function compatibilityDate(): string {
  const { version } = JSON.parse(readFileSync(workerdPackage, 'utf-8')) as { version: string };
  const match = /^\d+\.(\d{4})(\d{2})(\d{2})\./.exec(version);
  if (!match) throw new Error(`workerd ${version}: expected a version 1.YYYYMMDD.n`);
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Off: metrics, the npm registry's newer wrangler, Cloudflare's `request.cf`; its state in `home`, not the user's. */
const offline = (home: string) => ({
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  XDG_CONFIG_HOME: home,
});

export interface RunningPages {
  origin: string;
  port: number;
  log: () => string;
  stop: () => Promise<void>;
}

/** `wrangler pages dev <dir>` on a free loopback port, its state and configuration in `home`. */
export async function startPages(options: { dir: string; home: string }): Promise<RunningPages> {
  const port = await freePort('127.0.0.1', []);
  const inspectorPort = await freePort('127.0.0.1', [port]);
  const child = spawn(
    process.execPath,
    [
      ...[wranglerCli, 'pages', 'dev', options.dir, `--compatibility-date=${compatibilityDate()}`],
      ...['--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort)],
      ...['--persist-to', join(options.home, 'state'), '--log-level', 'warn'],
    ],
    // Its own process group, so stopping it also stops the workerd it started.
    {
      cwd: options.home,
      env: { ...process.env, ...offline(options.home) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running: RunningPages = {
    origin: `http://127.0.0.1:${port}`,
    port,
    log: () => output,
    stop: () => stopGroup(child),
  };
  try {
    await waitUntilServing(child, running);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}

async function waitUntilServing(child: ChildProcess, pages: RunningPages) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler exited with ${String(child.exitCode)}:\n${pages.log()}`);
    const answered = await get(pages, '/').then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`wrangler did not serve in time:\n${pages.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopGroup(child: ChildProcess): Promise<void> {
  const { pid } = child;
  if (child.exitCode !== null || child.signalCode !== null || pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-pid, 'SIGTERM');
  });
}

/** A request to the runtime, for `path` (with its query) on the site's host. */
export const get = (pages: RunningPages, path: string, headers: Record<string, string> = {}): Promise<Response> =>
  send(false, { host: '127.0.0.1', port: pages.port, path, headers });
