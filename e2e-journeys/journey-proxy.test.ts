import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { freePort } from '../deploy/servers';
import { closeServer, startJourneyProxy } from './journey-proxy';

// Up to the proxy's own 10 s limit, so that a request still counted fails with its message.
it(
  'a held request that the engine gives up on no longer counts as loading once released',
  { timeout: 15_000 },
  async () => {
    const site = createServer((_request, response) => response.end('export {};'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const sitePort = (site.address() as AddressInfo).port;
    const proxyPort = await freePort();
    const proxy = await startJourneyProxy(sitePort, proxyPort, { reportConsole: false, withoutStorage: false });
    try {
      const release = proxy.hold(/^\/_astro\/LanguageSwitch\./);
      // As Firefox gives up a module's request when a tap leaves the page while it is held.
      const givenUp = request({ host: '127.0.0.1', port: proxyPort, path: '/_astro/LanguageSwitch.abc.js' });
      givenUp.on('error', () => undefined);
      givenUp.end();
      await sleep(200);
      givenUp.destroy();
      await sleep(200);
      release();
      await expect(proxy.settled()).resolves.toBeUndefined();
    } finally {
      await proxy.close();
      await closeServer(site);
    }
  },
);
