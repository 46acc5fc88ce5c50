// @ts-check
/**
 * `npm run dev` on a fresh clone: with no EmailJS account configured, Astro's dev server answers
 * the contact form itself through the local inbox (at /inbox), so the form works with hot reload
 * and no `.env`. With EmailJS values in `.env` (or the environment), dev talks to EmailJS.
 */
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { createInboxHandler, INBOX_PATH } from './handler.mjs';
import { localInboxEnv, requiredEmailJsVariables } from './env.mjs';
import { isPortTaken, portTakenMessage } from './port.mjs';

/** @param {{ inboxFile?: string }} [options] */
export function localInbox({ inboxFile = '.inbox/messages.jsonl' } = {}) {
  let useLocalInbox = false;

  /** @type {import('astro').AstroIntegration} */
  const integration = {
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
        // The same sources Astro's env validation reads: the environment first, then .env files.
        const envDir = config.vite.envDir ?? fileURLToPath(config.root);
        const env = { ...loadEnv('development', envDir, 'PUBLIC_'), ...process.env };
        // Only when none is set: a half-filled .env means EmailJS was meant, and Astro names what is missing.
        useLocalInbox = requiredEmailJsVariables.every((name) => !env[name]);
        if (useLocalInbox) Object.assign(process.env, localInboxEnv(`http://localhost:${port}`));
        logger.info(
          useLocalInbox
            ? `Contact form → local inbox at http://localhost:${port}${INBOX_PATH} (no EmailJS values in .env)`
            : `Contact form → EmailJS (${env.PUBLIC_EMAILJS_ORIGIN || 'https://api.emailjs.com'}), from the EmailJS values in the environment or .env`,
        );
      },
      'astro:server:setup': ({ server }) => {
        if (!useLocalInbox) return;
        const handler = createInboxHandler({ inboxFile });
        server.middlewares.use((request, response, next) => void handler(request, response, next));
      },
    },
  };
  return integration;
}
