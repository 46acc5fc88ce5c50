import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPortTaken, portTakenMessage } from './port.ts';
import { astroCli } from '../deploy/production-build';
import { freePort } from '../deploy/servers';

describe('a taken port', () => {
  let blocker: Server;
  let port: number;

  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => blocker.close(resolve)));

  it('is told apart from a free one', async () => {
    expect(await isPortTaken(port, '127.0.0.1')).toBe(true);
    expect(await isPortTaken(await freePort(), '127.0.0.1')).toBe(false);
  });

  it('names the port and how to pick another', () => {
    expect(portTakenMessage(4321, 'npm run dev')).toBe(
      'Port 4321 is already in use. Stop what listens there, or pick another port: npm run dev -- --port 4322',
    );
  });

  it.each([
    ['npm start', ['local-inbox/cli.ts', 'start']],
    ['npm run dev', [astroCli, 'dev', '--host', '127.0.0.1']],
  ])(
    'stops `%s` with that one line before it builds anything, and no stack trace',
    (command, args) => {
      const result = spawnSync(process.execPath, [...args, '--port', String(port)], {
        encoding: 'utf-8',
        timeout: 60_000,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', VITEST: '' },
      });
      expect([result.status, result.stderr.trim()]).toEqual([1, portTakenMessage(port, command)]);
      expect(result.stdout).not.toMatch(/build/i);
      // Astro loads its whole config before the integration can check the port: seconds on a busy machine.
    },
    60_000,
  );
});
