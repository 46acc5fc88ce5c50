/**
 * A static host for a built site with the local inbox on the same port: what `npm start`, the
 * end-to-end tests and `npm run perf` serve.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import { extname, join, normalize, resolve } from 'node:path';
import { createInboxHandler, send } from './handler.ts';
import { headersFor, parseHeadersFile } from './headers-file.ts';
import { isLocalHost } from './request-guard.ts';

/** Where local-inbox builds go (npm start, the tests, npm run perf), so dist/ stays deployable. */
export const LOCAL_BUILD_DIR = 'dist-local';

const contentTypes: Partial<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

/**
 * The part of a file that a `Range` header asks for (RFC 9110 § 14): Safari plays an MP4 only from a
 * server that answers `Range: bytes=0-1` with 206. One range of bytes is served as asked; anything
 * else the RFC lets a server ignore (several ranges, another unit, a malformed header, a last byte
 * before the first) gets the whole file. The answer is the first and last byte (inclusive), the
 * whole file, or nothing of it (416).
 */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  const [, first = '', last = ''] = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '') ?? [];
  if (first === '' && last === '') return 'whole';
  // `bytes=-n` asks for the last n bytes.
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? 'whole' : { start, end };
}

/**
 * Sends a file as it is, or the one range of it that the request asks for (206), as static hosts do.
 * This server sends no validators, so a conditional range (`If-Range`) can never be known to still
 * match: it gets the whole file, as RFC 9110 § 13.1.5 requires.
 */
function sendFile(request: IncomingMessage, response: ServerResponse, file: string, type: string, size: number) {
  const range = request.headers['if-range'] === undefined ? byteRange(request.headers.range, size) : 'whole';
  if (range === 'unsatisfiable') {
    response.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes' });
    return response.end();
  }
  const whole = range === 'whole';
  const { start, end } = whole ? { start: 0, end: size - 1 } : range;
  response.writeHead(whole ? 200 : 206, {
    'Content-Type': type,
    'Content-Length': end - start + 1,
    'Accept-Ranges': 'bytes',
    ...(!whole && { 'Content-Range': `bytes ${start}-${end}/${size}` }),
  });
  return createReadStream(file, whole ? {} : { start, end }).pipe(response);
}

/** `root`: a built site; `inboxFile`: where the inbox keeps messages, one JSON object per line. */
export function createSiteServer({ root: siteRoot, inboxFile }: { root: string; inboxFile: string }) {
  const root = resolve(siteRoot);
  const headerRules = parseHeadersFile(readFileSync(join(root, '_headers'), 'utf-8'));
  const inbox = createInboxHandler({ inboxFile });

  /**
   * Serves the built site like a static host: /x/ → x/index.html, /x → x/index.html, else 404.html with 404.
   * Text is gzipped as any production host does, so sizes and Lighthouse timings measured here are real.
   */
  const serveStatic = async (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'Method Not Allowed');
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // A malformed escape such as `/%` names no file; it is the client's mistake, not a server error.
      return send(response, 400, 'Bad Request');
    }
    for (const [name, value] of headersFor(headerRules, pathname)) response.appendHeader(name, value);
    const safe = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    for (const candidate of [safe, join(safe, 'index.html')]) {
      const file = join(root, candidate);
      if (!file.startsWith(root)) break;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) continue;
      const type = contentTypes[extname(file)] ?? 'application/octet-stream';
      // A request for part of a file gets that part of the file itself, never of its gzipped form.
      const compress =
        /^(text\/|application\/(json|xml)|image\/svg)/.test(type) &&
        /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') &&
        request.headers.range === undefined;
      if (!compress) return sendFile(request, response, file, type, info.size);
      response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
      return void createReadStream(file).pipe(createGzip()).pipe(response);
    }
    response.writeHead(404, { 'Content-Type': contentTypes['.html'] });
    response.end(await readFile(join(root, '404.html')).catch(() => 'Not Found'));
  };

  return createServer((request, response) => {
    // As Vite's servers do: a page on a rebinding domain (attacker.example resolving to 127.0.0.1)
    // reaches nothing here, the inbox above all (request-guard.ts).
    if (!isLocalHost(request.headers.host)) {
      const hostname = JSON.stringify(request.headers.host?.replace(/:\d+$/, '') ?? '');
      return send(response, 403, `Blocked request. This host (${hostname}) is not allowed.`);
    }
    void inbox(request, response, () =>
      serveStatic(request, response).catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) send(response, 500, 'Internal Server Error');
      }),
    );
  });
}
