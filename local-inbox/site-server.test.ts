import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the local site server and Range requests', () => {
  const site = builtSite();
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createSiteServer({ root: site.root, inboxFile: join(site.root, 'inbox.jsonl') });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(site.root, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, { headers });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  it('answers a video without Range whole, and says it serves ranges', async () => {
    const { response, body } = await get('/videos/clip.mp4');
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe('1000');
    expect(body.equals(site.clip)).toBe(true);
  });

  it('answers the two-byte probe Safari sends before it plays an MP4 with 206 and those two bytes', async () => {
    const { response, body } = await get('/videos/clip.mp4', { Range: 'bytes=0-1' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-1/1000');
    expect(response.headers.get('content-length')).toBe('2');
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(body.equals(site.clip.subarray(0, 2))).toBe(true);
    // The host's headers reach a partial answer too.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers an open range and a suffix range with the bytes they name', async () => {
    const open = await get('/videos/clip.mp4', { Range: 'bytes=600-' });
    expect(open.response.status).toBe(206);
    expect(open.response.headers.get('content-range')).toBe('bytes 600-999/1000');
    expect(open.body.equals(site.clip.subarray(600))).toBe(true);

    const suffix = await get('/videos/clip.mp4', { Range: 'bytes=-100' });
    expect(suffix.response.status).toBe(206);
    expect(suffix.response.headers.get('content-range')).toBe('bytes 900-999/1000');
    expect(suffix.body.equals(site.clip.subarray(900))).toBe(true);
  });

  it('answers a range past the end with 416 and the length', async () => {
    const { response, body } = await get('/videos/clip.mp4', { Range: 'bytes=1000-' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */1000');
    expect(body.length).toBe(0);
  });

  it('serves ranges of other files too, from the file itself rather than its gzipped form', async () => {
    const whole = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(whole.response.headers.get('content-encoding')).toBe('gzip');

    const { response, body } = await get('/', { Range: 'bytes=0-14', 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-range')).toBe(`bytes 0-14/${site.page.length}`);
    expect(body.toString()).toBe('<!doctype html>');
  });

  it('answers several ranges, or a conditional range it cannot check, with the whole file', async () => {
    const headerSets: Record<string, string>[] = [
      { Range: 'bytes=0-1,5-6' },
      { Range: 'bytes=0-1', 'If-Range': '"some-etag"' },
    ];
    for (const headers of headerSets) {
      const { response, body } = await get('/videos/clip.mp4', headers);
      expect(response.status).toBe(200);
      expect(body.equals(site.clip)).toBe(true);
    }
  });

  it('still answers an unknown path with the 404 page', async () => {
    const { response } = await get('/videos/none.mp4', { Range: 'bytes=0-1' });
    expect(response.status).toBe(404);
  });
});
