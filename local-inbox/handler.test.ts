import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboxHandler, MAX_BODY_BYTES, SEND_PATH } from './handler.mjs';
import { MESSAGES_PER_PAGE } from './inbox-page.mjs';
import { localInboxEnv, localTemplates } from './env.mjs';
import {
  autoReplyTemplateName,
  emailTemplates,
  escapeHtml,
  loadEmailTemplate,
  type EmailTemplate,
} from '../src/emails/templates.mjs';
import { locales } from '../src/i18n/locale-registry.mjs';

const env = localInboxEnv('http://127.0.0.1');
const send = (templateId: string, params: Record<string, unknown>) => ({
  lib_version: '4.4.1',
  user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
  service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
  template_id: templateId,
  template_params: params,
});

/** The line of a template's source that holds `token` ("Hello {{name}},"): the template's own words. */
function lineWith(template: EmailTemplate, token: string) {
  const line = template.html.split(/<[^>]*>/).find((text) => text.includes(token));
  if (!line) throw new Error(`${template.file} has no line with ${token}`);
  return line.trim();
}

/** A raw HTTP request, for what fetch will not send (another Host header) or would retry. */
function rawRequest(
  url: string,
  {
    method = 'GET',
    headers = {},
    body = '',
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf-8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('the local inbox (EmailJS stand-in)', () => {
  let server: Server;
  let folder: string;
  let inboxFile: string;
  let base: string;
  /** The origin of the site the inbox belongs to, as a page opened at localhost sends it. */
  let siteOrigin: string;
  const post = (data: unknown, headers = { 'Content-Type': 'application/json' }) =>
    fetch(`${base}${SEND_PATH}`, {
      method: 'POST',
      headers,
      body: typeof data === 'string' ? data : JSON.stringify(data),
    });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'local-inbox-'));
    inboxFile = join(folder, 'messages.jsonl');
    const handler = createInboxHandler({ inboxFile });
    server = createServer((request, response) =>
      handler(request, response, () => {
        response.writeHead(418);
        response.end('not the inbox');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    siteOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
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

  it('answers the CORS preflight of its own site’s pages, which reach it as another origin', async () => {
    const response = await fetch(`${base}${SEND_PATH}`, {
      method: 'OPTIONS',
      headers: { Origin: siteOrigin, 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(siteOrigin);
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

  for (const locale of locales) {
    it(`shows each message rendered through its template (the ${locale} auto-reply), escaped, with the raw parameters beside it`, async () => {
      const params = { name: 'Erika <b>Muster</b>', email: `rendered-${locale}@example.org`, title: 'Ein Café & mehr' };
      expect((await post(send(localTemplates.autoReply[locale], params))).status).toBe(200);
      const template = await loadEmailTemplate(autoReplyTemplateName(locale));
      const page = await (await fetch(`${base}/inbox`)).text();
      // The template's own words, around the visitor's escaped once for the page.
      const subject = template.subject.split('{{title}}').map(escapeHtml).join('Ein Café &#38; mehr');
      expect(page).toContain(`<h2>${subject}</h2>`);
      // The e-mail sits in a sandboxed frame's srcdoc: escaped once for the e-mail, once for the attribute.
      const srcdoc = page.match(/<iframe sandbox title="[^"]*" srcdoc="([^"]*)"/)?.[1];
      const greeting = lineWith(template, '{{name}}')
        .split('{{name}}')
        .map(escapeHtml)
        .join('Erika &#38;#60;b&#38;#62;Muster&#38;#60;/b&#38;#62;');
      expect(srcdoc).toContain(greeting);
      expect(page).toMatch(
        /<details><summary>Parameters as sent<\/summary><table>.*<th>name<\/th><td>Erika &#60;b&#62;Muster/,
      );
    });
  }

  it('shows the templates ready for EmailJS, with the agency’s facts in and EmailJS’s variables kept', async () => {
    const page = await (await fetch(`${base}/inbox/templates`)).text();
    for (const { file, envVariable } of Object.values(emailTemplates)) {
      expect(page).toContain(`<h2>src/emails/${file}</h2>`);
      expect(page).toContain(`<code>${envVariable}</code>`);
    }
    for (const locale of locales) {
      const template = await loadEmailTemplate(autoReplyTemplateName(locale));
      expect(page).toContain(`value="${escapeHtml(template.subject)}"`);
      expect(page).toContain(escapeHtml(lineWith(template, '{{name}}')));
    }
    expect(page).toContain('Turmstraße 21');
    expect(page).not.toContain('{{agency.');
  });

  it('fails a call when told to, once, for the matching visitor only', async () => {
    const email = 'failing@example.org';
    const told = await fetch(`${base}/inbox/failures`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, status: 429, text: 'Too Many Requests' }),
    });
    expect(told.status).toBe(200);
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

  describe('against hostile requests', () => {
    const messagesFor = async (email: string) =>
      ((await (await fetch(`${base}/inbox/messages`)).json()) as { template_params: { email?: unknown } }[]).filter(
        (message) => message.template_params.email === email,
      );

    it('stores what a page of its own site sends, from any of this machine’s names', async () => {
      const email = 'own-site@example.org';
      const port = new URL(base).port;
      for (const origin of [siteOrigin, base, `http://[::1]:${port}`]) {
        const sent = await fetch(`${base}${SEND_PATH}`, {
          method: 'POST',
          headers: { Origin: origin, 'Content-Type': 'application/json' },
          body: JSON.stringify(send('t', { email })),
        });
        expect([sent.status, sent.headers.get('access-control-allow-origin')], origin).toEqual([200, origin]);
      }
      expect(await messagesFor(email)).toHaveLength(3);
    });

    it('stores nothing a page of another site sends, with or without a preflight', async () => {
      const email = 'spoofed@example.org';
      const body = JSON.stringify(send('t', { email }));
      for (const origin of ['https://attacker.example', 'http://localhost:1', 'null']) {
        const preflight = await fetch(`${base}${SEND_PATH}`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Headers': 'content-type' },
        });
        expect(preflight.status, origin).toBe(403);
        expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
        const post = await fetch(`${base}${SEND_PATH}`, {
          method: 'POST',
          headers: { Origin: origin, 'Content-Type': 'application/json' },
          body,
        });
        expect(post.status, origin).toBe(403);
        const rule = await fetch(`${base}/inbox/failures`, {
          method: 'POST',
          headers: { Origin: origin, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: 500 }),
        });
        expect(rule.status, origin).toBe(403);
        const erase = await fetch(`${base}/inbox/messages`, { method: 'DELETE', headers: { Origin: origin } });
        expect(erase.status, origin).toBe(403);
      }
      expect(await messagesFor(email)).toEqual([]);
    });

    it('takes JSON only as application/json, so a no-cors text/plain POST stores nothing', async () => {
      const email = 'text-plain@example.org';
      for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', '']) {
        const response = await rawRequest(`${base}${SEND_PATH}`, {
          method: 'POST',
          headers: type ? { 'Content-Type': type } : {},
          body: JSON.stringify(send('t', { email })),
        });
        expect(response.status, type).toBe(415);
        const rule = await rawRequest(`${base}/inbox/failures`, {
          method: 'POST',
          headers: type ? { 'Content-Type': type } : {},
          body: JSON.stringify({ status: 500 }),
        });
        expect(rule.status, type).toBe(415);
      }
      expect(await messagesFor(email)).toEqual([]);
      expect((await post(send('t', { email }), { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(
        200,
      );
    });

    it('answers no host but this machine’s, as Vite does, so DNS rebinding reads nothing', async () => {
      const port = new URL(base).port;
      for (const host of ['attacker.example', `attacker.example:${port}`, 'localhost.attacker.example']) {
        for (const path of ['/inbox/messages', '/inbox', SEND_PATH]) {
          const response = await rawRequest(`${base}${path}`, { headers: { Host: host } });
          expect(response.status, `${host} ${path}`).toBe(403);
          expect(response.text).not.toContain('template_params');
        }
      }
      for (const host of [
        `localhost:${port}`,
        `127.0.0.1:${port}`,
        `[::1]:${port}`,
        `app.localhost:${port}`,
        `192.168.1.20:${port}`,
      ]) {
        expect((await rawRequest(`${base}/inbox/messages`, { headers: { Host: host } })).status, host).toBe(200);
      }
    });

    it('keeps showing the inbox whatever a message holds', async () => {
      const email = 'to-string@example.org';
      const hostile = { email, name: { toString: 1 }, title: ['a'], project: null, toString: 1, __proto__: { x: 1 } };
      const response = await post({ ...send(localTemplates.notification, hostile), lib_version: { toString: 1 } });
      expect(response.status).toBe(200);
      const page = await fetch(`${base}/inbox`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('{&#34;toString&#34;:1}');
      expect((await fetch(`${base}/inbox/messages`)).status).toBe(200);
    });

    it('skips lines of its file it cannot read, says how many, and shows the rest', async () => {
      const email = 'after-bad-lines@example.org';
      await appendFile(
        inboxFile,
        '{"receivedAt":"2026-01-01T00:00:00.000Z","template_id":"t","templ\nnull\n[1]\n"text"\n{"template_params":null}\n',
      );
      expect((await post(send('t', { email, title: 'Nach den kaputten Zeilen' }))).status).toBe(200);
      const page = await fetch(`${base}/inbox`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('5 line(s) of the inbox file could not be read');
      expect(html).toContain('Nach den kaputten Zeilen');
      expect(await messagesFor(email)).toHaveLength(1);
    });

    it('refuses a failure rule it could not apply, and goes on sending', async () => {
      const rules: [unknown, string][] = [
        [null, 'A failure rule must be a JSON object'],
        [[{ status: 500 }], 'A failure rule must be a JSON object'],
        [{ status: '500' }, 'status must be an HTTP error status (400–599), "drop" or "hang"'],
        [{ status: 200 }, 'status must be an HTTP error status (400–599), "drop" or "hang"'],
        [{ status: 500, text: 7 }, 'text must be a string'],
        [{ delayMs: -1 }, 'delayMs must be a whole number of milliseconds from 0 to 600000'],
        [{ delayMs: 3_600_000 }, 'delayMs must be a whole number of milliseconds from 0 to 600000'],
        [{ status: 500, email: {} }, 'email must be a string'],
        [{ status: 500, times: 0 }, 'times must be a whole number from 1 to 100'],
        [{ status: 500, toString: 1 }, 'Unknown field(s) in the failure rule: toString'],
        [{ email: 'x@example.org' }, 'A failure rule needs a status or a delayMs'],
      ];
      for (const [rule, reason] of rules) {
        const response = await fetch(`${base}/inbox/failures`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(rule),
        });
        expect([response.status, await response.text()], JSON.stringify(rule)).toEqual([400, reason]);
      }
      expect((await post(send('t', { email: 'after-bad-rules@example.org' }))).status).toBe(200);
    });

    it('answers a body past its limit with 413, without reading it all', async () => {
      const huge = JSON.stringify(send('t', { email: 'huge@example.org', project: 'x'.repeat(10 * 1024 * 1024) }));
      const response = await rawRequest(`${base}${SEND_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: huge,
      });
      expect(response.status).toBe(413);
      expect(response.text).toBe(`The request body must be at most ${MAX_BODY_BYTES} bytes`);
      const rule = await rawRequest(`${base}/inbox/failures`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 500, text: 'x'.repeat(MAX_BODY_BYTES) }),
      });
      expect(rule.status).toBe(413);
      expect(await messagesFor('huge@example.org')).toEqual([]);
    });

    it('answers a malformed address with 400, not a stack trace', async () => {
      for (const path of ['//', '/inbox/%', `${SEND_PATH}%`]) {
        const response = await rawRequest(`${base}${path}`);
        expect(response.status, path).not.toBe(500);
        expect(response.text, path).not.toMatch(/at .*\.mjs/);
      }
    });

    it('can be told to hang, answering nothing until the browser gives up', async () => {
      const email = 'hang@example.org';
      await fetch(`${base}/inbox/failures`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, status: 'hang' }),
      });
      const browser = new AbortController();
      const hanging = fetch(`${base}${SEND_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(send('t', { email })),
        signal: browser.signal,
      });
      const outcome = await Promise.race([
        hanging.then(
          () => 'answered',
          () => 'failed',
        ),
        new Promise((resolve) => setTimeout(resolve, 500, 'still waiting')),
      ]);
      expect(outcome).toBe('still waiting');
      browser.abort();
      await expect(hanging).rejects.toThrow();
      expect(await messagesFor(email)).toEqual([]);
    });

    it('shows many messages a page at a time, newest first', async () => {
      const email = 'many@example.org';
      for (let number = 1; number <= MESSAGES_PER_PAGE + 1; number++) {
        expect((await post(send('t', { email, title: `Nachricht Nummer ${number}.` }))).status).toBe(200);
      }
      const first = await (await fetch(`${base}/inbox`)).text();
      expect(first).toContain(`Nachricht Nummer ${MESSAGES_PER_PAGE + 1}.`);
      expect(first).not.toContain('Nachricht Nummer 1.');
      expect(first).toMatch(/<span>Page 1 of \d+<\/span><a href="\/inbox\?page=2">Older →<\/a>/);
      expect((first.match(/<li /g) ?? []).length).toBe(MESSAGES_PER_PAGE);
      const second = await (await fetch(`${base}/inbox?page=2`)).text();
      expect(second).toContain('Nachricht Nummer 1.');
      expect((await fetch(`${base}/inbox?page=nonsense`)).status).toBe(200);
    });
  });
});
