import { expect, it } from 'vitest';
import { isLocalHost, isOwnOrigin } from './request-guard.ts';
import { exposedInboxWarning } from '../integrations/local-inbox';

const thisMachine = 'localhost:4321 localhost app.localhost:4321 127.0.0.1:4321 192.168.1.20:4321 [::1]:4321 [fe80::1]';
const otherNames =
  'attacker.example attacker.example:4321 localhost.attacker.example 127.0.0.1.nip.io:4321 [::1 [not-an-ip]:4321';
it.each([
  ...thisMachine.split(' ').map((host) => [host, true] as const),
  ...[...otherNames.split(' '), '', undefined].map((host) => [host, false] as const),
])('the built site’s host check, by Vite’s rule: %o is this machine (rebinding domains are not): %s', (host, local) => {
  expect(isLocalHost(host)).toBe(local);
});

it.each([
  // A page on the very origin the request went to (the dev server, here or from another device).
  ['http://localhost:4321', 'localhost:4321', true],
  ['http://192.168.1.20:4321', '192.168.1.20:4321', true],
  // The built site's page at localhost reaching its inbox at 127.0.0.1 on the same port.
  ['http://localhost:4400', '127.0.0.1:4400', true],
  ['http://[::1]:4400', 'localhost:4400', true],
  // Another site, another port, another device, or none.
  ['https://attacker.example', '127.0.0.1:4400', false],
  ['http://localhost:3000', '127.0.0.1:4400', false],
  ['http://192.168.1.66:4321', '192.168.1.20:4321', false],
  ['http://192.168.1.20:4321', 'localhost:4321', false],
  ['null', 'localhost:4321', false],
  ['file://', 'localhost:4321', false],
])('the inbox’s origin check: a page at %s reaching the inbox as %s is its own site: %s', (origin, host, own) => {
  expect(isOwnOrigin(origin, host)).toBe(own);
});

it('the dev server’s inbox says loudly when --host opens it to the network, and nothing while it stays on this machine', () => {
  for (const host of [undefined, false, 'localhost', '127.0.0.1', '::1']) {
    expect(exposedInboxWarning(host, 4321), String(host)).toBeUndefined();
  }
  for (const host of [true, '0.0.0.0', '192.168.1.20', '::']) {
    expect(exposedInboxWarning(host, 4321), String(host)).toMatch(
      /^⚠ THE LOCAL INBOX IS OPEN TO YOUR NETWORK: anyone who can reach this machine on port 4321 can read, send and delete contact messages at \/inbox/,
    );
  }
});
