// A production build for deploy/nginx.test.ts, and any build's files by the path a visitor asks for.
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { requiredEmailJsVariables } from '../src/node/emailjs-settings.ts';

export const projectRoot = fileURLToPath(new URL('../', import.meta.url));
/** Astro's command line, as npm links it (what `npm run dev` and `npm run build` run). */
export const astroCli = join(projectRoot, 'node_modules/.bin/astro');

/** `astro build` into `outDir`, with stand-in EmailJS values: their form does not matter to a host. */
export async function buildProductionSite(outDir: string) {
  // The build's own environment, not Vitest's (NODE_ENV=test would change how Vite builds).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(NODE_ENV|VITEST.*)$/.test(name)));
  const standIns = Object.fromEntries(
    requiredEmailJsVariables.map((name) => [name, `deploy-test-${name.toLowerCase()}`]),
  );
  await promisify(execFile)(process.execPath, [astroCli, 'build', '--outDir', outDir], {
    cwd: projectRoot,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1', ...standIns },
  });
}

/** Every file of a build, by the path a visitor asks for (`/agb/` for agb/index.html). */
export function builtFiles(dir: string) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => ({ name, file: join(dir, name), url: `/${name.replace(/(^|\/)index\.html$/, '$1')}` }));
}
