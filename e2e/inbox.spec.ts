import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localInboxEnv, builtSiteInboxOrigin, localTemplates } from '../local-inbox/env.mjs';
import { E2E_PORT } from '../playwright.config';
import { inboxFor, uniqueEmail } from './inbox-client';
import { expect, test } from './fixtures';

/**
 * The local inbox runs on the agency's machines and holds what visitors typed: no other page the
 * developer has open may write to it or read it, in a real browser. (Other host names, other
 * origins and bodies that are not JSON, request by request: local-inbox/handler.test.ts.)
 */
const inbox = builtSiteInboxOrigin(E2E_PORT);
const env = localInboxEnv(inbox);

test.describe('the local inbox, seen from another site', () => {
  let attacker: Server;
  let attackerOrigin: string;

  // Another site on this machine: loopback to loopback, so nothing in the browser stands in its way.
  test.beforeAll(async () => {
    attacker = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Another site</title><h1>Another site</h1>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise((resolve) => attacker.close(resolve)));

  // Chromium reports each refused request on the console of the other site's page.
  test.use({ expectedConsoleErrors: /^Failed to load resource|^Access to fetch at|blocked by CORS policy/ });

  test('can neither store a message, nor set a failure rule, nor read or delete the messages', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('foreign-origin');
    const params = { name: 'Spoofed', email, title: 'Spoofed', project: 'Spoofed', to_name: 'x' };
    const message = {
      lib_version: '4.4.1',
      user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
      service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
    };
    const body = JSON.stringify({ ...message, template_id: localTemplates.notification, template_params: params });
    await page.goto(attackerOrigin);
    const outcomes = await page.evaluate(
      async ({ inbox, body, rule }) => {
        const attempt = (url: string, init: RequestInit) =>
          fetch(`${inbox}${url}`, init).then(
            (response) => (response.type === 'opaque' ? 'sent blind' : `answered ${response.status}`),
            () => 'refused',
          );
        // A "simple" request needs no preflight: it reaches the server whatever CORS says.
        const blind = { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' } } as const;
        return {
          blindText: await attempt('/api/v1.0/email/send', { ...blind, body }),
          blindRule: await attempt('/inbox/failures', { ...blind, body: rule }),
          json: await attempt('/api/v1.0/email/send', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          }),
          read: await attempt('/inbox/messages', {}),
          erase: await attempt('/inbox/messages', { method: 'DELETE' }),
        };
      },
      { inbox, body, rule: JSON.stringify({ email, status: 500 }) },
    );
    expect(await inboxFor(request, email).messages()).toEqual([]);
    expect(outcomes).toEqual({
      blindText: 'sent blind',
      blindRule: 'sent blind',
      json: 'refused',
      read: 'refused',
      erase: 'refused',
    });
    // No failure rule was kept: a send for this address goes through.
    const sent = await request.post(`${inbox}/api/v1.0/email/send`, { data: JSON.parse(body) });
    expect(sent.status()).toBe(200);
  });
});
