import { createServer } from 'node:net';

/**
 * Whether something already listens on `port`. Checked before a build or a dev server starts, so a
 * taken port costs the developer one clear line instead of a build's wait and a stack trace.
 * `host` is the address the server will bind; all of them when left out.
 */
export function isPortTaken(port: number, host?: string) {
  return new Promise<boolean>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(true) : reject(error),
    );
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen(port, host);
  });
}

/** The line for a taken port; `command` is how the developer started it, e.g. "npm start". */
export const portTakenMessage = (port: number, command: string) =>
  `Port ${port} is already in use. Stop what listens there, or pick another port: ${command} -- --port ${port + 1}`;
