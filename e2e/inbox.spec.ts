import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localInboxEnv, builtSiteInboxOrigin, localTemplates } from '../local-inbox/env.mjs';
import { E2E_PORT } from '../playwright.config';
import { inboxFor, uniqueEmail } from './inbox-client';
import { expect, test } from './fixtures';

/**
 * The local inbox runs on the agency's machines and holds what visitors typed: no other page the
 * developer has open may write to it or read it, in a real browser.
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
    const body = JSON.stringify({
      lib_version: '4.4.1',
      user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
      service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
      template_id: localTemplates.notification,
      template_params: { name: 'Spoofed', email, title: 'Spoofed', project: 'Spoofed', to_name: 'x' },
    });
    await page.goto(attackerOrigin);
    const outcomes = await page.evaluate(
      async ({ inbox, body, email }) => {
        const attempt = (url: string, init: RequestInit) =>
          fetch(`${inbox}${url}`, init).then(
            (response) => (response.type === 'opaque' ? 'sent blind' : `answered ${response.status}`),
            () => 'refused',
          );
        return {
          // A "simple" request needs no preflight: it reaches the server whatever CORS says.
          blindText: await attempt('/api/v1.0/email/send', {
            method: 'POST',
            mode: 'no-cors',
            headers: { 'Content-Type': 'text/plain' },
            body,
          }),
          blindRule: await attempt('/inbox/failures', {
            method: 'POST',
            mode: 'no-cors',
            headers: { 'Content-Type': 'text/plain' },
            body: JSON.stringify({ email, status: 500 }),
          }),
          json: await attempt('/api/v1.0/email/send', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          }),
          read: await attempt('/inbox/messages', {}),
          erase: await attempt('/inbox/messages', { method: 'DELETE' }),
        };
      },
      { inbox, body, email },
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

  test('answers no other host name, so a rebinding domain cannot read it', async ({ request }) => {
    for (const path of ['/inbox/messages', '/inbox', '/inbox/templates']) {
      const response = await request.get(`${inbox}${path}`, { headers: { Host: `attacker.example:${E2E_PORT}` } });
      expect(response.status(), path).toBe(403);
      expect(await response.text(), path).toMatch(/^Blocked request\. This host \("attacker\.example"\)/);
    }
    expect((await request.get(`${inbox}/inbox/messages`)).status()).toBe(200);
  });

  test('a malformed address is answered 400, not a server error', async ({ request }) => {
    for (const path of ['/%', '/%E0%A4%A', '/projekte/%zz']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toBe('Bad Request');
    }
  });
});
