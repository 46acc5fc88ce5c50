/**
 * A static host for a built site with the local inbox on the same port: what `npm start`, the
 * end-to-end tests and `npm run perf` serve.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import { extname, join, normalize, resolve } from 'node:path';
import { byteRange } from './byte-range.ts';
import { createInboxHandler, sendText } from './handler.ts';
import { headersFor, parseHeadersFile } from './headers-file.ts';

/** Where local-inbox builds go (npm start, the tests, npm run perf), so dist/ stays deployable. */
export const LOCAL_BUILD_DIR = 'dist-local';

const contentTypes: Partial<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.ico': 'image/x-icon',
};

/**
 * Sends a file as it is, or the one range of it that the request asks for (206), as static hosts do.
 * This server sends no validators, so a conditional range (`If-Range`) can never be known to still
 * match: it gets the whole file, as RFC 9110 § 13.1.5 requires.
 */
function sendFile(request: IncomingMessage, response: ServerResponse, file: string, type: string, size: number) {
  const range = request.headers['if-range'] === undefined ? byteRange(request.headers.range, size) : 'whole';
  if (range === 'unsatisfiable') {
    response.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes' });
    return void response.end();
  }
  if (range === 'whole') {
    response.writeHead(200, { 'Content-Type': type, 'Content-Length': size, 'Accept-Ranges': 'bytes' });
    return void createReadStream(file).pipe(response);
  }
  const { start, end } = range;
  response.writeHead(206, {
    'Content-Type': type,
    'Content-Length': end - start + 1,
    'Content-Range': `bytes ${start}-${end}/${size}`,
    'Accept-Ranges': 'bytes',
  });
  createReadStream(file, { start, end }).pipe(response);
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
  const serveStatic = async (request: IncomingMessage, response: ServerResponse, pathname: string) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // A malformed escape such as `/%` names no file; it is the client's mistake, not a server error.
      sendText(response, 400, 'Bad Request');
      return;
    }
    for (const [name, value] of headersFor(headerRules, pathname)) response.appendHeader(name, value);
    const safe = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    for (const candidate of [safe, join(safe, 'index.html')]) {
      const file = join(root, candidate);
      if (!file.startsWith(root)) break;
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        const type = contentTypes[extname(file)] ?? 'application/octet-stream';
        // A request for part of a file gets that part of the file itself, never of its gzipped form.
        const compress =
          /^(text\/|application\/(json|xml)|image\/svg)/.test(type) &&
          /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') &&
          request.headers.range === undefined;
        if (!compress) {
          sendFile(request, response, file, type, info.size);
          return;
        }
        response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
        return void createReadStream(file).pipe(createGzip()).pipe(response);
      }
    }
    const notFound = await readFile(join(root, '404.html')).catch(() => Buffer.from('Not Found'));
    response.writeHead(404, { 'Content-Type': contentTypes['.html'] });
    return response.end(notFound);
  };

  return createServer(
    (request, response) =>
      void inbox(request, response, async () => {
        const { pathname } = new URL(request.url ?? '/', 'http://localhost');
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          sendText(response, 405, 'Method Not Allowed');
          return;
        }
        try {
          await serveStatic(request, response, pathname);
        } catch (error) {
          console.error(error);
          if (!response.headersSent) sendText(response, 500, 'Internal Server Error');
        }
      }),
  );
}
