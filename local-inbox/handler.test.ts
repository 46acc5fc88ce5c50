import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboxHandler, SEND_PATH } from './handler.mjs';
import { localInboxEnv, localTemplates } from './env.mjs';
import { emailTemplates } from '../src/emails/templates.mjs';

const env = localInboxEnv('http://127.0.0.1');
const send = (templateId: string, params: Record<string, unknown>) => ({
  lib_version: '4.4.1',
  user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
  service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
  template_id: templateId,
  template_params: params,
});

describe('the local inbox (EmailJS stand-in)', () => {
  let server: Server;
  let folder: string;
  let base: string;
  const post = (data: unknown, headers = { 'Content-Type': 'application/json' }) =>
    fetch(`${base}${SEND_PATH}`, {
      method: 'POST',
      headers,
      body: typeof data === 'string' ? data : JSON.stringify(data),
    });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'local-inbox-'));
    const handler = createInboxHandler({ inboxFile: join(folder, 'messages.jsonl') });
    server = createServer((request, response) =>
      handler(request, response, () => {
        response.writeHead(418);
        response.end('not the inbox');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  it('refuses a malformed send the way the real API does, with a clear reason', async () => {
    const cases: [unknown, string][] = [
      [{ ...send('t', {}), user_id: '' }, 'The user_id parameter is required'],
      [{ ...send('t', {}), service_id: undefined }, 'The service_id parameter is required'],
      [{ ...send('', {}) }, 'The template_id parameter is required'],
      [{ ...send('t', {}), template_params: ['a'] }, 'The template_params parameter has to be an object'],
      ['nope', 'The request body must be valid JSON'],
    ];
    for (const [data, reason] of cases) {
      const response = await post(data);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(reason);
    }
  });

  it('answers the CORS preflight for any origin', async () => {
    const response = await fetch(`${base}${SEND_PATH}`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4321', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
  });

  it('keeps what it receives and lists it newest first on the inbox page', async () => {
    const email = 'inbox-page@example.org';
    for (const title of ['Erste Nachricht', 'Zweite Nachricht']) {
      const response = await post(send('template_x', { email, title }));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('OK');
    }
    const messages = await (await fetch(`${base}/inbox/messages`)).json();
    expect(messages.map((message: { template_params: { title: string } }) => message.template_params.title)).toEqual([
      'Erste Nachricht',
      'Zweite Nachricht',
    ]);
    const page = await (await fetch(`${base}/inbox`)).text();
    expect(page.indexOf('Zweite Nachricht')).toBeGreaterThan(0);
    expect(page.indexOf('Zweite Nachricht')).toBeLessThan(page.indexOf('Erste Nachricht'));
  });

  it('shows each message rendered through its template, escaped, with the raw parameters beside it', async () => {
    const params = { name: 'Erika <b>Muster</b>', email: 'rendered@example.org', title: 'Ein Café & mehr' };
    expect((await post(send(localTemplates.autoReply.en, params))).status).toBe(200);
    const page = await (await fetch(`${base}/inbox`)).text();
    expect(page).toContain('<h2>Your message has arrived: Ein Café &#38; mehr</h2>');
    // The e-mail sits in a sandboxed frame's srcdoc: escaped once for the e-mail, once for the attribute.
    const srcdoc = page.match(/<iframe sandbox title="[^"]*" srcdoc="([^"]*)"/)?.[1];
    expect(srcdoc).toContain('Hello Erika &#38;#60;b&#38;#62;Muster&#38;#60;/b&#38;#62;,');
    expect(page).toMatch(
      /<details><summary>Parameters as sent<\/summary><table>.*<th>name<\/th><td>Erika &#60;b&#62;Muster/,
    );
  });

  it('shows the templates ready for EmailJS, with the agency’s facts in and EmailJS’s variables kept', async () => {
    const page = await (await fetch(`${base}/inbox/templates`)).text();
    for (const { file, envVariable } of Object.values(emailTemplates)) {
      expect(page).toContain(`<h2>src/emails/${file}</h2>`);
      expect(page).toContain(`<code>${envVariable}</code>`);
    }
    expect(page).toContain('value="Ihre Nachricht ist angekommen: {{title}}"');
    expect(page).toContain('Guten Tag {{name}},');
    expect(page).toContain('Turmstraße 21');
    expect(page).not.toContain('{{agency.');
  });

  it('fails a call when told to, once, for the matching visitor only', async () => {
    const email = 'failing@example.org';
    await fetch(`${base}/inbox/failures`, {
      method: 'POST',
      body: JSON.stringify({ email, status: 429, text: 'Too Many Requests' }),
    });
    const other = await post(send('t', { email: 'other@example.org' }));
    expect(other.status).toBe(200);
    const failed = await post(send('t', { email }));
    expect([failed.status, await failed.text()]).toEqual([429, 'Too Many Requests']);
    expect((await post(send('t', { email }))).status).toBe(200);
  });

  it('hands every other path to the next handler', async () => {
    const response = await fetch(`${base}/inboxes-are-not-this`);
    expect([response.status, await response.text()]).toEqual([418, 'not the inbox']);
  });
});
