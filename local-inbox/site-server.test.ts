import { appendFile } from 'node:fs/promises';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send as request } from '../deploy/servers';
import { emailTemplates, escapeHtml, loadEmailTemplates, prepareForEmailJs } from '../src/emails/templates';
import { localInboxEnv, localTemplates } from './env.ts';
import { FAILURE_RULE_PROBLEM, MAX_BODY_BYTES, SEND_PATH } from './handler.ts';
import { MESSAGES_SHOWN, type InboxMessage } from './inbox-page.ts';
import { createSiteServer } from './site-server.ts';

// The local server of `npm start` and the journeys: the built site, and the local inbox in front of it. Here a small
// built site: a page, a clip of known bytes, an empty file, the 404 page and a headers file.
const root = mkdtempSync(join(tmpdir(), 'site-server-'));
const clip = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
const home = `<!doctype html><title>Home</title>${'<p>Uferlicht</p>'.repeat(50)}`;
mkdirSync(join(root, 'videos'));
writeFileSync(join(root, 'videos', 'clip.mp4'), clip);
writeFileSync(join(root, 'videos', 'empty.mp4'), '');
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
    const templates = await loadEmailTemplates();
    expect(templates.map(({ name }) => name)).toEqual(Object.keys(emailTemplates));
    for (const template of templates) {
      const prepared = prepareForEmailJs(template);
      expect(html).toContain(`<h2>src/emails/${template.file}</h2>`);
      expect(html).toContain(`<code>${template.envVariable}</code>`);
      expect(html).toContain(`value="${escapeHtml(prepared.subject)}"`);
      expect(html).toContain(`>${escapeHtml(prepared.html)}</textarea>`);
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

  it.each<unknown>([
    null,
    [{ status: 500 }],
    { status: '500' },
    { status: 200 },
    { status: 500, text: 7 },
    { status: 500, email: {} },
    { status: 500, templateId: '' },
    { status: 500, times: 0 },
    { status: 500, times: 101 },
    { status: 500, toString: 1 },
    { email: 'x@example.org' },
  ])('refuses a failure rule it could not apply, and goes on sending: %j', async (rule) => {
    expect(await post('/inbox/failures', rule)).toMatchObject({ status: 400, text: FAILURE_RULE_PROBLEM });
    expect((await sendMail(send('t', { email: 'after-bad-rules@example.org' }))).status).toBe(200);
  });

  it('keeps what it receives and shows the newest, newest first', async () => {
    const email = 'many@example.org';
    for (let number = 1; number <= MESSAGES_SHOWN + 1; number++) {
      const sent = await sendMail(send('t', { email, title: `Nachricht Nummer ${number}.` }));
      expect(sent).toMatchObject({ status: 200, text: 'OK' });
    }
    expect(await messagesFor(email)).toHaveLength(MESSAGES_SHOWN + 1);
    const inbox = await page();
    expect(inbox).toContain(`Nachricht Nummer ${MESSAGES_SHOWN + 1}.`);
    expect(inbox).not.toContain('Nachricht Nummer 1.');
    expect(inbox).toMatch(/\d+ older message\(s\) not shown/);
    expect((inbox.match(/<li /g) ?? []).length).toBe(MESSAGES_SHOWN);
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
      for (const path of ['/', '/inbox/messages', '/inbox', '/inbox/templates', SEND_PATH]) {
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
  });
});

describe('the local site server', () => {
  it.each<[string, number, number?, number?]>([
    // Safari sends this two-byte probe before it plays an MP4.
    ['bytes=0-1', 206, 0, 2],
    ['bytes=100-199', 206, 100, 200],
    ['bytes=600-', 206, 600, 1000],
    ['bytes=-100', 206, 900, 1000],
    ['bytes=-5000', 206, 0, 1000],
    // A last byte past the end stops at the end.
    ['bytes=500-5000', 206, 500, 1000],
    [' bytes=0-0 ', 206, 0, 1],
    ['bytes=1000-', 416],
    ['bytes=1000-1001', 416],
    ['bytes=-0', 416],
    // What the RFC lets a server ignore gets the whole file: no range, several, another unit, a malformed one,
    // a last byte before the first (the RFC calls that invalid).
    ...['', 'bytes=-', 'bytes=0-1,5-6', 'bytes=0-1, 5-6', 'items=0-1', 'bytes=abc', 'bytes=10-5'].map(
      (range): [string, number, number, number] => [range, 200, 0, 1000],
    ),
  ])('answers a video asked for %o with %i', async (range, status, start = 0, end = 0) => {
    const answer = await get('/videos/clip.mp4', range ? { Range: range } : {});
    const contentRange =
      status === 206 ? `bytes ${start}-${end - 1}/1000` : status === 416 ? 'bytes */1000' : undefined;
    expect([answer.status, answer.headers['content-range']]).toEqual([status, contentRange]);
    expect(answer.body.equals(clip.subarray(start, end))).toBe(true);
    if (status !== 416)
      expect(answer.headers).toMatchObject({ 'content-length': `${end - start}`, 'accept-ranges': 'bytes' });
    // The host's headers reach a partial answer too.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a conditional range with the whole video: it sends no validator that could match', async () => {
    const answer = await get('/videos/clip.mp4', { Range: 'bytes=0-1', 'If-Range': '"some-etag"' });
    expect([answer.status, answer.body.equals(clip)]).toEqual([200, true]);
  });

  it('satisfies no range of an empty file', async () => {
    for (const range of ['bytes=0-', 'bytes=-1'])
      expect((await get('/videos/empty.mp4', { Range: range })).status).toBe(416);
  });

  it('serves ranges of other files too, from the file itself rather than its gzipped form', async () => {
    expect((await get('/', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const { status, headers, body } = await get('/', { Range: 'bytes=0-14', 'Accept-Encoding': 'gzip' });
    expect([status, headers['content-range']]).toEqual([206, `bytes 0-14/${home.length}`]);
    expect([headers['content-encoding'], body.toString()]).toEqual([undefined, '<!doctype html>']);
  });

  it('answers an unknown path with the 404 page, and a malformed one with 400, not a server error', async () => {
    expect((await get('/videos/none.mp4', { Range: 'bytes=0-1' })).status).toBe(404);
    expect((await get('/inbox/%')).status).toBe(404);
    for (const path of ['/%', '/%E0%A4%A', '/projekte/%zz', '//', `${SEND_PATH}%`]) {
      const { status, body } = await get(path);
      expect([status, body.toString()], path).toEqual([400, 'Bad Request']);
    }
  });
});
