// A built site in Cloudflare Pages' own runtime: `wrangler pages dev` (deploy/cloudflare/) through workerd, offline.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort, send, startProgram, type Program, type Response } from './servers';

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
  return match.slice(1).join('-');
}

/** Off: metrics, the npm registry's newer wrangler, Cloudflare's `request.cf`; its state in `home`, not the user's. */
const offline = (home: string) => ({
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  XDG_CONFIG_HOME: home,
});

export interface RunningPages extends Program {
  origin: string;
  /** Asks for `path` (with its query) on the site's host. */
  get: (path: string, headers?: Record<string, string>) => Promise<Response>;
}

/** `wrangler pages dev <dir>` on a free loopback port, its state and configuration in `home`. */
export async function startPages(options: { dir: string; home: string }): Promise<RunningPages> {
  const port = await freePort();
  const inspectorPort = await freePort('127.0.0.1', [port]);
  const origin = `http://127.0.0.1:${port}`;
  const get = (path: string, headers: Record<string, string> = {}) => send(`${origin}${path}`, { headers });
  const program = await startProgram(
    process.execPath,
    [
      ...[wranglerCli, 'pages', 'dev', options.dir, `--compatibility-date=${compatibilityDate()}`],
      ...['--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort)],
      ...['--persist-to', join(options.home, 'state'), '--log-level', 'warn'],
    ],
    {
      env: { ...process.env, ...offline(options.home) },
      cwd: options.home,
      ready: async () => (await get('/')).status === 200,
      timeoutMs: STARTUP_TIMEOUT_MS,
    },
  );
  return { ...program, origin, get };
}
