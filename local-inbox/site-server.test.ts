import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../deploy/servers';
import { createSiteServer } from './site-server.mjs';

/** A small built site: a page, a clip of known bytes, the 404 page and a headers file. */
function builtSite() {
  const root = mkdtempSync(join(tmpdir(), 'site-server-'));
  mkdirSync(join(root, 'videos'));
  const clip = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
  writeFileSync(join(root, 'videos', 'clip.mp4'), clip);
  const page = `<!doctype html><title>Home</title>${'<p>Uferlicht</p>'.repeat(50)}`;
  writeFileSync(join(root, 'index.html'), page);
  writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(root, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
  return { root, clip, page: Buffer.from(page) };
}

// The local server of `npm start` and the journeys; how the inbox behind it answers is handler.test.ts's.
describe('the local site server', () => {
  const site = builtSite();
  let server: Server;
  let origin: string;
  const get = (path: string, headers: Record<string, string> = {}) => send(`${origin}${path}`, { headers });

  beforeAll(async () => {
    server = createSiteServer({ root: site.root, inboxFile: join(site.root, 'inbox.jsonl') });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(site.root, { recursive: true, force: true });
  });

  // The byte ranges a Range header names are byte-range.test.ts's; these are how they are answered.
  it.each([
    // Safari sends this two-byte probe before it plays an MP4.
    ['bytes=0-1', 206, 'bytes 0-1/1000', [0, 2]],
    ['bytes=600-', 206, 'bytes 600-999/1000', [600, 1000]],
    ['bytes=-100', 206, 'bytes 900-999/1000', [900, 1000]],
    ['bytes=1000-', 416, 'bytes */1000', [0, 0]],
  ] as const)('answers a video asked for %s with %i, %s', async (range, status, contentRange, [start, end]) => {
    const { status: sent, headers, body } = await get('/videos/clip.mp4', { Range: range });
    expect([sent, headers['content-range'], body.equals(site.clip.subarray(start, end))]).toEqual([
      status,
      contentRange,
      true,
    ]);
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
      expect(response.body.equals(site.clip)).toBe(true);
    },
  );

  it('serves ranges of other files too, from the file itself rather than its gzipped form', async () => {
    expect((await get('/', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const { status, headers, body } = await get('/', { Range: 'bytes=0-14', 'Accept-Encoding': 'gzip' });
    expect([status, headers['content-encoding'], headers['content-range']]).toEqual([
      206,
      undefined,
      `bytes 0-14/${site.page.length}`,
    ]);
    expect(body.toString()).toBe('<!doctype html>');
  });

  it('answers an unknown path with the 404 page, and a malformed one with 400, not a server error', async () => {
    expect((await get('/videos/none.mp4', { Range: 'bytes=0-1' })).status).toBe(404);
    for (const path of ['/%', '/%E0%A4%A', '/projekte/%zz']) {
      const { status, body } = await get(path);
      expect([status, body.toString()], path).toEqual([400, 'Bad Request']);
    }
  });
});
