#!/usr/bin/env node
/**
 * Builds and serves the site with the local inbox standing in for EmailJS. The build goes to
 * dist-local/, never to dist/: dist/ only ever holds a deployable build.
 *
 *   node local-inbox/cli.ts start [--port 4321]                 build, then serve site + inbox (npm start)
 *   node local-inbox/cli.ts build [--port 4400]                 build only, pointed at the inbox on that port
 *   node local-inbox/cli.ts serve [--port 4400] [--inbox FILE]  serve the existing dist-local/
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { builtSiteInboxOrigin, localInboxEnv } from './env.ts';
import { isPortTaken, portTakenMessage } from './port.ts';
import { LOCAL_BUILD_DIR, createSiteServer } from './site-server.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '4321' }, inbox: { type: 'string', default: '.inbox/messages.jsonl' } },
});
const command = positionals[0] ?? 'start';
const port = Number(values.port);
const HOST = '127.0.0.1';
const asTyped = command === 'start' ? 'npm start' : `node local-inbox/cli.ts ${command}`;

async function build() {
  // Before Astro loads: its telemetry would try to reach the internet, and the config reads these.
  Object.assign(process.env, { ASTRO_TELEMETRY_DISABLED: '1' }, localInboxEnv(builtSiteInboxOrigin(port)));
  const { build: astroBuild } = await import('astro');
  await astroBuild({ outDir: LOCAL_BUILD_DIR });
}

function serve() {
  if (!existsSync(`${LOCAL_BUILD_DIR}/index.html`)) {
    console.error(
      `${LOCAL_BUILD_DIR}/ holds no built site. Run \`node local-inbox/cli.ts build\` (or \`npm start\`) first.`,
    );
    process.exit(1);
  }
  const server = createSiteServer({ root: LOCAL_BUILD_DIR, inboxFile: values.inbox });
  server.once('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(portTakenMessage(port, asTyped));
    process.exit(1);
  });
  server.listen(port, HOST, () => {
    console.log(`\n  Site        http://localhost:${port}/`);
    console.log(`  Local inbox http://localhost:${port}/inbox   (messages kept in ${values.inbox})\n`);
  });
}

async function exitIfPortTaken() {
  if (!(await isPortTaken(port, HOST))) return;
  console.error(portTakenMessage(port, asTyped));
  process.exit(1);
}

if (command === 'build') await build();
else if (command === 'serve') serve();
else if (command === 'start') {
  await exitIfPortTaken();
  await build();
  serve();
} else {
  console.error(`Unknown command "${command}". Use start, build or serve.`);
  process.exit(1);
}
