#!/usr/bin/env node
// @ts-check
/**
 * Builds and serves the site with the local inbox standing in for EmailJS.
 *
 *   node e2e/inbox/cli.mjs start [--port 4321]          build, then serve site + inbox (npm start)
 *   node e2e/inbox/cli.mjs build [--port 4400]          build only, pointed at the inbox on that port
 *   node e2e/inbox/cli.mjs serve [--port 4400] [--inbox FILE]   serve the existing dist/
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { localInboxEnv } from './local-env.mjs';
import { createSiteServer } from './server.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '4321' }, inbox: { type: 'string', default: '.inbox/messages.jsonl' } },
});
const command = positionals[0] ?? 'start';
const port = Number(values.port);

function build() {
  const result = spawnSync('npx', ['astro', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...localInboxEnv(port) },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function serve() {
  if (!existsSync('dist/index.html')) {
    console.error('dist/ holds no built site. Run `node e2e/inbox/cli.mjs build` (or `npm start`) first.');
    process.exit(1);
  }
  const server = createSiteServer({ root: 'dist', inboxFile: values.inbox });
  server.listen(port, '127.0.0.1', () => {
    console.log(`\n  Site        http://localhost:${port}/`);
    console.log(`  Local inbox http://localhost:${port}/inbox   (messages kept in ${values.inbox})\n`);
  });
}

if (command === 'build') build();
else if (command === 'serve') serve();
else if (command === 'start') {
  build();
  serve();
} else {
  console.error(`Unknown command "${command}". Use start, build or serve.`);
  process.exit(1);
}
