/**
 * `npm run dev` on a fresh clone: with no EmailJS account configured, Astro's dev server answers
 * the contact form itself through the local inbox (at /inbox), so the form works with hot reload
 * and no `.env`. With EmailJS values in `.env` (or the environment), dev talks to EmailJS.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { PAGE_ORIGIN, readEmailJsEnv } from '../src/node/emailjs-settings.ts';
import { createInboxHandler, INBOX_FILE, INBOX_PATH } from '../local-inbox/handler.ts';
import { localInboxEnv } from '../local-inbox/env.ts';
import { isPortTaken, portTakenMessage } from '../local-inbox/port.ts';
import { LOOPBACK } from '../local-inbox/request-guard.ts';

/**
 * The line the dev server prints when `--host` (or `server.host`) opens it, and with it the inbox,
 * to the network (`host` is Astro's `server.host`); undefined while it listens on this machine only.
 */
export function exposedInboxWarning(host: string | boolean | undefined, port: number) {
  if (!host || (typeof host === 'string' && LOOPBACK.has(host))) return undefined;
  return (
    `⚠ THE LOCAL INBOX IS OPEN TO YOUR NETWORK: anyone who can reach this machine on port ${port} can read, ` +
    `send and delete contact messages at ${INBOX_PATH} (the "Network" addresses above). Leave out --host ` +
    'unless you are testing from another device.'
  );
}

export function localInbox(): AstroIntegration {
  let useLocalInbox = false;

  return {
    name: 'local-inbox',
    hooks: {
      'astro:config:setup': async ({ command, config, isRestart, logger }) => {
        // Vitest runs this hook through getViteConfig() as if it were dev; it serves nothing.
        if (command !== 'dev' || process.env.VITEST) return;
        const { port, host } = config.server;
        if (!isRestart && (await isPortTaken(port, typeof host === 'string' ? host : undefined))) {
          console.error(portTakenMessage(port, 'npm run dev'));
          process.exit(1);
        }
        const emailJs = readEmailJsEnv('development', config.vite.envDir ?? fileURLToPath(config.root));
        // Only when none is set: a half-filled .env means EmailJS was meant, and Astro names what is missing.
        useLocalInbox = !emailJs.configured;
        // The page's own origin, not http://localhost:PORT: a phone on the LAN that opened the site
        // at this machine's address must send there too, not to its own localhost.
        if (useLocalInbox) Object.assign(process.env, localInboxEnv(PAGE_ORIGIN));
        logger.info(
          useLocalInbox
            ? `Contact form → local inbox at http://localhost:${port}${INBOX_PATH} (no EmailJS values in .env)`
            : `Contact form → EmailJS (${emailJs.origin}), from the EmailJS values in the environment or .env`,
        );
        const warning = useLocalInbox ? exposedInboxWarning(host, port) : undefined;
        if (warning) logger.warn(warning);
      },
      'astro:server:setup': ({ server }) => {
        if (!useLocalInbox) return;
        // Vite's host check (`server.allowedHosts`) runs ahead of every middleware added here.
        const handler = createInboxHandler({ inboxFile: INBOX_FILE });
        server.middlewares.use((request, response, next) => void handler(request, response, next));
      },
    },
  };
}
