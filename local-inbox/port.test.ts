import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPortTaken, portTakenMessage } from './port.ts';
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
});
