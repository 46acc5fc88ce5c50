import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { isPortTaken } from '../local-inbox/port.mjs';
import { LOCAL_BUILD_DIR, createSiteServer } from '../local-inbox/site-server.mjs';
import { findEngines, missingEngine, type EngineName, type Installs } from './engines';

/**
 * The port the browsers open the site on: the one `npm run build:local` built the site for (the
 * contact form sends to it), and the Playwright suite's (playwright.config.ts › E2E_PORT). Each
 * engine's journey proxy takes it in turn; the site server itself answers behind it.
 */
const SITE_PORT = Number(process.env.E2E_PORT ?? 4400);

declare module 'vitest' {
  export interface ProvidedContext {
    engines: Installs;
    sitePort: number;
    /** Where the site server and its inbox answer, behind the journey proxy. */
    upstreamPort: number;
  }
}

/**
 * Before the journeys: which engines this machine has, and the built site served once for all of
 * them, as the Playwright suite serves it. An engine that is missing costs one line and is skipped;
 * on CI, where `.ci/run` installs both, it fails the run.
 */
export default async function setup(project: TestProject) {
  const engines = findEngines();
  const names = Object.keys(missingEngine) as EngineName[];
  const missing = names.filter((name) => !engines[name]).map((name) => missingEngine[name]);
  if (missing.length && process.env.CI) {
    throw new Error(
      missing.map(({ what, install }) => `${what}, and CI walks the journeys in every engine: ${install}`).join('\n'),
    );
  }
  for (const { what, install } of missing) {
    process.stderr.write(`${what}, so the cross-engine journeys skip it: ${install}\n`);
  }
  project.provide('engines', engines);
  project.provide('sitePort', SITE_PORT);
  if (missing.length === names.length) return;

  if (!existsSync(`${LOCAL_BUILD_DIR}/index.html`)) {
    throw new Error(`${LOCAL_BUILD_DIR}/ holds no built site: run \`npm run build:local\` first (npm test does).`);
  }
  if (await isPortTaken(SITE_PORT, '127.0.0.1')) {
    throw new Error(
      `Port ${SITE_PORT} is taken: the journeys open the site there, because the build sends the contact form to it. ` +
        'Stop what listens there (a Playwright run that keeps its server?), or build and test on another: E2E_PORT=…',
    );
  }
  const server: Server = createSiteServer({ root: LOCAL_BUILD_DIR, inboxFile: '.inbox/engines-messages.jsonl' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('upstreamPort', (server.address() as AddressInfo).port);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
