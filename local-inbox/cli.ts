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
import { INBOX_FILE } from './handler.ts';
import { isPortTaken, portTakenMessage } from './port.ts';
import { LOCAL_BUILD_DIR, createSiteServer } from './site-server.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '4321' }, inbox: { type: 'string', default: INBOX_FILE } },
});
const command = positionals[0] ?? 'start';
const port = Number(values.port);
const HOST = '127.0.0.1';
/** One line for the developer, no stack trace. */
function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!['start', 'build', 'serve'].includes(command)) stop(`Unknown command "${command}". Use start, build or serve.`);
// Before a build, so a taken port costs one line rather than a build's wait.
if (command !== 'build' && (await isPortTaken(port, HOST))) {
  stop(portTakenMessage(port, command === 'start' ? 'npm start' : `node local-inbox/cli.ts ${command}`));
}
if (command !== 'serve') {
  // Before Astro loads: its telemetry would try to reach the internet, and the config reads these.
  Object.assign(process.env, { ASTRO_TELEMETRY_DISABLED: '1' }, localInboxEnv(builtSiteInboxOrigin(port)));
  const { build } = await import('astro');
  await build({ outDir: LOCAL_BUILD_DIR });
}
if (command !== 'build') {
  if (!existsSync(`${LOCAL_BUILD_DIR}/index.html`)) {
    stop(`${LOCAL_BUILD_DIR}/ holds no built site. Run \`node local-inbox/cli.ts build\` (or \`npm start\`) first.`);
  }
  createSiteServer({ root: LOCAL_BUILD_DIR, inboxFile: values.inbox }).listen(port, HOST, () => {
    console.log(`\n  Site        http://localhost:${port}/`);
    console.log(`  Local inbox http://localhost:${port}/inbox   (messages kept in ${values.inbox})\n`);
  });
}
