import { appendFile } from 'node:fs/promises';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send as request } from '../deploy/servers';
import {
  autoReplyTemplateName,
  emailTemplates,
  escapeHtml,
  loadEmailTemplate,
  prepareForEmailJs,
} from '../src/emails/templates';
import { locales } from '../src/i18n/locales';
import { localInboxEnv, localTemplates } from './env.ts';
import { MAX_BODY_BYTES, SEND_PATH } from './handler.ts';
import type { InboxMessage } from './inbox-page.ts';
import { MESSAGES_PER_PAGE } from './inbox-page.ts';
import { createSiteServer } from './site-server.ts';

// The local server of `npm start` and the journeys: the built site, and the local inbox in front of it. Here a small
// built site: a page, a clip of known bytes, the 404 page and a headers file.
const root = mkdtempSync(join(tmpdir(), 'site-server-'));
const clip = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
const home = `<!doctype html><title>Home</title>${'<p>Uferlicht</p>'.repeat(50)}`;
mkdirSync(join(root, 'videos'));
writeFileSync(join(root, 'videos', 'clip.mp4'), clip);
writeFileSync(join(root, 'index.html'), home);
writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title>');
writeFileSync(join(root, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
const inboxFile = join(root, 'inbox.jsonl');
let server: Server;
let origin: string;
let port: number;
/** A raw request: fetch would not send another Host header, and may retry. */
const call = async (path: string, options: Parameters<typeof request>[1] = {}) => {
  const response = await request(`${origin}${path}`, options);
  return { ...response, text: response.body.toString() };
};
const get = (path: string, headers: Record<string, string> = {}) => call(path, { headers });

beforeAll(async () => {
  server = createSiteServer({ root, inboxFile });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

const env = localInboxEnv('http://127.0.0.1');
/** A send as the form's library makes it. */
const send = (templateId: string, params: Record<string, unknown>) => ({
  lib_version: '4.4.1',
  user_id: env.PUBLIC_EMAILJS_PUBLIC_KEY,
  service_id: env.PUBLIC_EMAILJS_SERVICE_ID,
  template_id: templateId,
  template_params: params,
});
const statusProblem = 'status must be an HTTP error status (400–599), "drop" or "hang"';

describe('the local inbox (EmailJS stand-in)', () => {
  /** A JSON POST, as the form's library sends it; `headers` add to or replace its Content-Type. */
  const post = (path: string, data: unknown, headers?: Record<string, string>) =>
    call(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof data === 'string' ? data : JSON.stringify(data),
    });
  const sendMail = (data: unknown, headers?: Record<string, string>) => post(SEND_PATH, data, headers);
  const page = async (path = '/inbox') => (await call(path)).text;
  const messagesFor = async (email: string) =>
    (JSON.parse(await page('/inbox/messages')) as InboxMessage[]).filter(
      (message) => message.template_params.email === email,
    );

  it.each<[unknown, string]>([
    [{ ...send('t', {}), user_id: '' }, 'The user_id parameter is required'],
    [{ ...send('t', {}), service_id: undefined }, 'The service_id parameter is required'],
    [{ ...send('', {}) }, 'The template_id parameter is required'],
    [{ ...send('t', {}), template_params: ['a'] }, 'The template_params parameter has to be an object'],
    ['nope', 'The request body must be valid JSON'],
  ])('refuses a malformed send the way the real API does: %j, "%s"', async (data, reason) => {
    expect(await sendMail(data)).toMatchObject({ status: 400, text: reason });
  });

  it('shows the templates ready for EmailJS, with the agency’s facts in and EmailJS’s variables kept', async () => {
    const html = await page('/inbox/templates');
    for (const { file, envVariable } of Object.values(emailTemplates)) {
      expect(html).toContain(`<h2>src/emails/${file}</h2>`);
      expect(html).toContain(`<code>${envVariable}</code>`);
    }
    for (const locale of locales) {
      const template = await loadEmailTemplate(autoReplyTemplateName(locale));
      expect(html).toContain(`value="${escapeHtml(prepareForEmailJs(template).subject)}"`);
      // The line that names the address the confirmation went to ("… the address {{email}} …").
      const addressLine = template.html.split(/<[^>]*>/).find((text) => text.includes('{{email}}'));
      expect(addressLine, template.file).toBeDefined();
      expect(html).toContain(escapeHtml(addressLine?.trim() ?? ''));
    }
    expect(html).toContain('(it shows only <code>{{email}}</code>)');
    expect(html).toContain('Turmstraße 21');
    expect(html).not.toContain('{{agency.');
  });

  it('fails a call when told to, once, for the matching visitor only', async () => {
    const email = 'failing@example.org';
    expect((await post('/inbox/failures', { email, status: 429, text: 'Too Many Requests' })).status).toBe(200);
    expect((await sendMail(send('t', { email: 'other@example.org' }))).status).toBe(200);
    expect(await sendMail(send('t', { email }))).toMatchObject({ status: 429, text: 'Too Many Requests' });
    expect((await sendMail(send('t', { email }))).status).toBe(200);
  });

  it.each<[unknown, string]>([
    [null, 'A failure rule must be a JSON object'],
    [[{ status: 500 }], 'A failure rule must be a JSON object'],
    [{ status: '500' }, statusProblem],
    [{ status: 200 }, statusProblem],
    [{ status: 500, text: 7 }, 'text must be a string'],
    [{ status: 500, email: {} }, 'email must be a string'],
    [{ status: 500, times: 0 }, 'times must be a whole number from 1 to 100'],
    [{ status: 500, toString: 1 }, 'Unknown field(s) in the failure rule: toString'],
    [{ email: 'x@example.org' }, 'A failure rule needs a status'],
  ])('refuses a failure rule it could not apply, and goes on sending: %j', async (rule, reason) => {
    expect(await post('/inbox/failures', rule)).toMatchObject({ status: 400, text: reason });
    expect((await sendMail(send('t', { email: 'after-bad-rules@example.org' }))).status).toBe(200);
  });

  it('keeps what it receives and shows it newest first, a page at a time', async () => {
    const email = 'many@example.org';
    for (let number = 1; number <= MESSAGES_PER_PAGE + 1; number++) {
      const sent = await sendMail(send('t', { email, title: `Nachricht Nummer ${number}.` }));
      expect(sent).toMatchObject({ status: 200, text: 'OK' });
    }
    expect(await messagesFor(email)).toHaveLength(MESSAGES_PER_PAGE + 1);
    const first = await page();
    expect(first).toContain(`Nachricht Nummer ${MESSAGES_PER_PAGE + 1}.`);
    expect(first).not.toContain('Nachricht Nummer 1.');
    expect(first).toMatch(/<span>Page 1 of \d+<\/span><a href="\/inbox\?page=2">Older →<\/a>/);
    expect((first.match(/<li /g) ?? []).length).toBe(MESSAGES_PER_PAGE);
    expect(await page('/inbox?page=2')).toContain('Nachricht Nummer 1.');
    expect((await call('/inbox?page=nonsense')).status).toBe(200);
  });

  describe('against hostile requests', () => {
    it.each(['https://attacker.example', 'http://localhost:1', 'null'])(
      'stores, sets and deletes nothing for a page of %s, with or without a preflight',
      async (origin) => {
        const email = 'spoofed@example.org';
        const headers = { Origin: origin };
        const preflight = await call(SEND_PATH, {
          method: 'OPTIONS',
          headers: { ...headers, 'Access-Control-Request-Headers': 'content-type' },
        });
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
        const attempts = [
          preflight,
          await sendMail(send('t', { email }), headers),
          await post('/inbox/failures', { status: 500 }, headers),
          await call('/inbox/messages', { method: 'DELETE', headers }),
        ];
        expect(attempts.map(({ status }) => status)).toEqual([403, 403, 403, 403]);
        expect(await messagesFor(email)).toEqual([]);
      },
    );

    it('takes JSON only as application/json, so a no-cors text/plain POST stores nothing', async () => {
      const email = 'text-plain@example.org';
      for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', '']) {
        const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
        const body = JSON.stringify(send('t', { email }));
        expect((await call(SEND_PATH, { method: 'POST', headers, body })).status, type).toBe(415);
        expect((await call('/inbox/failures', { method: 'POST', headers, body: '{"status":500}' })).status).toBe(415);
      }
      expect(await messagesFor(email)).toEqual([]);
      const charset = { 'Content-Type': 'application/json; charset=utf-8' };
      expect((await sendMail(send('t', { email }), charset)).status).toBe(200);
    });

    it('answers no host but this machine’s, as Vite does, so DNS rebinding reads nothing', async () => {
      // Which names count as this machine's: request-guard.test.ts.
      for (const path of ['/inbox/messages', '/inbox', '/inbox/templates', SEND_PATH]) {
        const response = await call(path, { headers: { Host: `attacker.example:${port}` } });
        expect(response.status, path).toBe(403);
        expect(response.text, path).toMatch(/^Blocked request\. This host \("attacker\.example"\)/);
      }
      expect((await call('/inbox/messages', { headers: { Host: `localhost:${port}` } })).status).toBe(200);
    });

    it('keeps showing the inbox whatever a message holds', async () => {
      const hostile = { email: 'x@example.org', name: { toString: 1 }, title: ['a'], project: null, toString: 1 };
      const response = await sendMail({ ...send(localTemplates.notification, hostile), lib_version: { toString: 1 } });
      expect(response.status).toBe(200);
      const inbox = await call('/inbox');
      expect(inbox.status).toBe(200);
      expect(inbox.text).toContain('{&#34;toString&#34;:1}');
      expect((await call('/inbox/messages')).status).toBe(200);
    });

    it('skips lines of its file it cannot read, says how many, and shows the rest', async () => {
      const email = 'after-bad-lines@example.org';
      await appendFile(
        inboxFile,
        '{"receivedAt":"2026-01-01T00:00:00.000Z","template_id":"t","templ\nnull\n[1]\n"text"\n{"template_params":null}\n',
      );
      expect((await sendMail(send('t', { email, title: 'Nach den kaputten Zeilen' }))).status).toBe(200);
      const html = await call('/inbox');
      expect(html.status).toBe(200);
      expect(html.text).toContain('5 line(s) of the inbox file could not be read');
      expect(html.text).toContain('Nach den kaputten Zeilen');
      expect(await messagesFor(email)).toHaveLength(1);
    });

    it('answers a body past its limit with 413, without reading it all', async () => {
      const email = 'huge@example.org';
      const huge = await sendMail(send('t', { email, project: 'x'.repeat(10 * 1024 * 1024) }));
      expect(huge).toMatchObject({ status: 413, text: `The request body must be at most ${MAX_BODY_BYTES} bytes` });
      expect((await post('/inbox/failures', { status: 500, text: 'x'.repeat(MAX_BODY_BYTES) })).status).toBe(413);
      expect(await messagesFor(email)).toEqual([]);
    });

    it.each(['//', '/inbox/%', `${SEND_PATH}%`])(
      'answers the malformed address %s without a server error or a stack trace',
      async (path) => {
        const response = await call(path);
        expect(response.status).not.toBe(500);
        expect(response.text).not.toMatch(/at .*\.mjs/);
      },
    );
  });
});

describe('the local site server', () => {
  // The byte ranges a Range header names are byte-range.test.ts's; these are how they are answered.
  it.each([
    // Safari sends this two-byte probe before it plays an MP4.
    ['bytes=0-1', 206, 'bytes 0-1/1000', [0, 2]],
    ['bytes=600-', 206, 'bytes 600-999/1000', [600, 1000]],
    ['bytes=-100', 206, 'bytes 900-999/1000', [900, 1000]],
    ['bytes=1000-', 416, 'bytes */1000', [0, 0]],
  ] as const)('answers a video asked for %s with %i, %s', async (range, status, contentRange, [start, end]) => {
    const { headers, ...answer } = await get('/videos/clip.mp4', { Range: range });
    expect([answer.status, headers['content-range']]).toEqual([status, contentRange]);
    expect(answer.body.equals(clip.subarray(start, end))).toBe(true);
    if (status === 206)
      expect([headers['content-length'], headers['content-type']]).toEqual([`${end - start}`, 'video/mp4']);
    // The host's headers reach a partial answer too.
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it.each<Record<string, string>>([{}, { Range: 'bytes=0-1,5-6' }, { Range: 'bytes=0-1', 'If-Range': '"some-etag"' }])(
    'answers a video whole without Range, with several ranges, or a conditional range it cannot check: %o',
    async (headers) => {
      const response = await get('/videos/clip.mp4', headers);
      expect(response).toMatchObject({ status: 200, headers: { 'accept-ranges': 'bytes', 'content-length': '1000' } });
      expect(response.body.equals(clip)).toBe(true);
    },
  );

  it('serves ranges of other files too, from the file itself rather than its gzipped form', async () => {
    expect((await get('/', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const { status, headers, body } = await get('/', { Range: 'bytes=0-14', 'Accept-Encoding': 'gzip' });
    expect([status, headers['content-range']]).toEqual([206, `bytes 0-14/${home.length}`]);
    expect([headers['content-encoding'], body.toString()]).toEqual([undefined, '<!doctype html>']);
  });

  it('answers an unknown path with the 404 page, and a malformed one with 400, not a server error', async () => {
    expect((await get('/videos/none.mp4', { Range: 'bytes=0-1' })).status).toBe(404);
    for (const path of ['/%', '/%E0%A4%A', '/projekte/%zz']) {
      const { status, body } = await get(path);
      expect([status, body.toString()], path).toEqual([400, 'Bad Request']);
    }
  });
});
