// @ts-check
import { createServer } from 'node:net';

/**
 * Whether something already listens on `port`. Checked before a build or a dev server starts, so a
 * taken port costs the developer one clear line instead of a build's wait and a stack trace.
 * @param {number} port
 * @param {string} [host] the address the server will bind; all of them when left out
 * @returns {Promise<boolean>}
 */
export function isPortTaken(port, host) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      error.code === 'EADDRINUSE' ? resolve(true) : reject(error),
    );
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen(port, host);
  });
}

/**
 * @param {number} port
 * @param {string} command how the developer started it, e.g. "npm start"
 */
export const portTakenMessage = (port, command) =>
  `Port ${port} is already in use. Stop what listens there, or pick another port: ${command} -- --port ${port + 1}`;
