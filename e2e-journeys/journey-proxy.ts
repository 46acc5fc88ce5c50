import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request as forwardRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';

/** One frame as the probe saw it before it was painted. */
export interface ProbeFrame {
  time: number;
  /** Whether the parser had reached <body>. */
  body: boolean;
  dark: boolean;
  /** <html>'s computed background colour. */
  background: string;
  /** Page coordinates of the tracked elements that existed: left, top, width, height. */
  boxes: Record<string, [number, number, number, number]>;
}

/** An answer: its path and status, the request's `Sec-Purpose` (`prefetch`: fetched ahead) and range, its range. */
type Forwarded = { path: string; status: number } & Record<'purpose' | 'range' | 'contentRange', string | undefined>;

const PROBE_PATH = '/__journeys/probe.js';
/** No request for this long counts as the page having loaded what it asked for. */
const QUIET_MS = 100;
const SETTLE_TIMEOUT_MS = 10_000;
const SLOW_LINE_PAUSE_MS = 400;
const probeSource = readFileSync(new URL('./page-probe.js', import.meta.url), 'utf-8');

export const closeServer = (server: ReturnType<typeof createServer>) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * A proxy in front of the site server that the journeys' browsers talk to. WebKitGTK's driver has
 * no way to run a script before a page's own or to see its console, and no driver here can hold
 * back a request in every engine, so the proxy does it for all: it puts the probe at the top of
 * every page's <head> (the page's policy allows scripts from its own origin), holds back requests a
 * journey asks it to, and notes each answer's status and range.
 *
 * It answers on the port the site was built for (`port`), where a visitor of `npm start` finds it:
 * the contact form posts to its inbox there, and the inbox takes a send only from a page of its own
 * site, a loopback origin on that same port. A proxy on a port of its own would be another site.
 */
export async function startJourneyProxy(upstreamPort: number, port: number) {
  const holds = new Set<{ pattern: RegExp } & PromiseWithResolvers<undefined>>();
  /** Requests forwarded and not yet answered in full. */
  const pending = new Set<IncomingMessage>();

  const proxy = {
    origin: `http://localhost:${port}`,
    /** Whether the probe makes `localStorage` throw, as where storage is disabled, from the next page on. */
    withoutStorage: false,
    responses: [] as Forwarded[],
    /** While set, a page comes in two parts: up to the end of this match, and SLOW_LINE_PAUSE_MS later the rest. */
    slowPages: null as RegExp | null,
    holding: () => holds.size > 0,
    /**
     * Holds back every request whose path matches until the returned function is called: a page
     * that waits for code on a slow line (see harness.ts › beforeHydration).
     */
    hold(pattern: RegExp) {
      const hold = { pattern, ...Promise.withResolvers<undefined>() };
      holds.add(hold);
      return () => {
        holds.delete(hold);
        hold.resolve(undefined);
      };
    },
    /**
     * Waits until nothing the page asked for is still on its way (held requests aside). Firefox
     * reports a page's module import that a navigation cuts off as an error of the page: a journey
     * leaves a page only once its islands' code has arrived.
     */
    async settled() {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      const quiet = () => pending.size === 0;
      while (!quiet() || !(await sleep(QUIET_MS).then(quiet))) {
        if (Date.now() > deadline)
          throw new Error(
            `Still loading after ${SETTLE_TIMEOUT_MS} ms: ${[...pending].map(({ url }) => url).join(', ')}`,
          );
        await sleep(QUIET_MS);
      }
    },
    close: () => closeServer(server),
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
  });
  async function answer(request: IncomingMessage, response: ServerResponse) {
    const path = request.url ?? '/';
    if (path === PROBE_PATH) {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return void response.end(probeSource);
    }
    response.once('close', () => pending.delete(request));
    for (const hold of holds) if (hold.pattern.test(path)) await hold.promise;
    // A request held back may have been given up meanwhile, its connection closed (Firefox gives up a
    // module's when a tap leaves the page): it is answered to no one.
    if (request.socket.destroyed) return;
    // A clip streams for as long as the engine buffers it: it never counts as the page still loading.
    if (!path.startsWith('/videos/')) pending.add(request);

    // Uncompressed from the site server, so a page can be read and the probe put in.
    const { 'accept-encoding': _encoding, ...headers } = request.headers;
    const upstream = forwardRequest({ host: '127.0.0.1', port: upstreamPort, method: request.method, path, headers });
    request.pipe(upstream);
    const [answer] = (await once(upstream, 'response')) as [IncomingMessage];
    const status = answer.statusCode ?? 502;
    const contentRange = answer.headers['content-range'];
    const purpose = request.headers['sec-purpose']?.toString();
    proxy.responses.push({ path, status, purpose, range: request.headers.range, contentRange });
    if (!answer.headers['content-type']?.startsWith('text/html')) {
      response.writeHead(status, answer.headers);
      return void answer.pipe(response);
    }
    const withoutStorage = proxy.withoutStorage ? ' data-without-storage' : '';
    const page = (await text(answer)).replace(
      /<head[^>]*>/,
      (head) => `${head}<script src="${PROBE_PATH}"${withoutStorage}></script>`,
    );
    // Over a slow line, the engine gets the page up to the cut, renders what it has, and the rest arrives later.
    const slowly = proxy.slowPages;
    const cut = slowly?.exec(page);
    const end = cut ? cut.index + cut[0].length : page.length;
    const { 'content-length': _length, ...streamed } = answer.headers;
    response.writeHead(status, streamed).write(page.slice(0, end));
    if (slowly) await sleep(SLOW_LINE_PAUSE_MS);
    response.end(page.slice(end));
  }
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return proxy;
}

export type JourneyProxy = Awaited<ReturnType<typeof startJourneyProxy>>;
