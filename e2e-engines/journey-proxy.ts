import { readFileSync } from 'node:fs';
import { createServer, request as forwardRequest, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the page probe (page-probe.js) does besides recording frames. */
export interface ProbeOptions {
  /** Report console errors, uncaught errors and failed loads: for engines whose driver cannot see the console. */
  reportConsole: boolean;
  /** Take `requestIdleCallback` away before the site's scripts run. */
  withoutIdleCallback: boolean;
}

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

export interface PageReport {
  kind: 'csp' | 'console.error' | 'pageerror';
  message: string;
  page: string;
}

/** A page sent in two parts: up to the end of the first match of `after`, then, `pauseMs` later, the rest. */
export interface SlowPages {
  after: RegExp;
  pauseMs: number;
}

export interface ForwardedResponse {
  path: string;
  status: number;
  range: string | undefined;
  contentRange: string | undefined;
}

const PROBE_PATH = '/__journeys/probe.js';
/** No request for this long counts as the page having loaded what it asked for. */
const QUIET_MS = 100;
const SETTLE_TIMEOUT_MS = 10_000;
const REPORT_PATH = '/__journeys/report';
const probeSource = readFileSync(new URL('./page-probe.js', import.meta.url), 'utf-8');

const bodyOf = async (message: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf-8');
};

/**
 * A proxy in front of the site server that the journeys' browsers talk to. WebKitGTK's driver has
 * no way to run a script before a page's own or to see its console, and neither engine's driver
 * here can hold back a request, so the proxy does it for both: it puts the probe at the top of
 * every page's <head> (the page's policy allows scripts from its own origin), collects what the
 * probe reports, holds back requests a journey asks it to, and notes each answer's status and range.
 *
 * It answers on the port the site was built for (`port`), where a visitor of `npm start` finds it:
 * the contact form posts to its inbox there, and the inbox takes a send only from a page of its own
 * site, a loopback origin on that same port. A proxy on a port of its own would be another site.
 */
export async function startJourneyProxy(upstreamPort: number, port: number, probeOptions: ProbeOptions) {
  const reports: PageReport[] = [];
  const responses: ForwardedResponse[] = [];
  const holds = new Set<{ pattern: RegExp; released: Promise<void> }>();
  /** Requests forwarded and not yet answered in full (one path each is enough to know). */
  const pending = new Set<string>();
  const probe = { ...probeOptions };
  let slowPages: SlowPages | null = null;

  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    if (path === PROBE_PATH) {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return void response.end(probeSource);
    }
    if (path === REPORT_PATH && request.method === 'POST') {
      reports.push(JSON.parse(await bodyOf(request)) as PageReport);
      response.writeHead(204);
      return void response.end();
    }
    for (const hold of holds) if (hold.pattern.test(path)) await hold.released;
    // A clip streams for as long as the engine buffers it: it never counts as the page still loading.
    if (!path.startsWith('/videos/')) {
      pending.add(path);
      response.once('close', () => pending.delete(path));
    }

    // Uncompressed from the site server, so a page can be read and the probe put in.
    const { 'accept-encoding': _encoding, ...headers } = request.headers;
    const upstream = forwardRequest(
      { host: '127.0.0.1', port: upstreamPort, method: request.method, path, headers },
      async (answer) => {
        const status = answer.statusCode ?? 502;
        responses.push({ path, status, range: request.headers.range, contentRange: answer.headers['content-range'] });
        if (!answer.headers['content-type']?.startsWith('text/html')) {
          response.writeHead(status, answer.headers);
          return void answer.pipe(response);
        }
        const options = JSON.stringify(probe).replaceAll('"', '&quot;');
        const page = (await bodyOf(answer)).replace(
          /<head[^>]*>/,
          (head) => `${head}<script src="${PROBE_PATH}" data-options="${options}"></script>`,
        );
        const cut = slowPages && slowPages.after.exec(page);
        if (!slowPages || !cut) {
          response.writeHead(status, { ...answer.headers, 'content-length': Buffer.byteLength(page) });
          return void response.end(page);
        }
        // As over a slow line: the engine gets the page up to the cut, renders what it has, and the
        // rest arrives later.
        const { 'content-length': _length, ...streamed } = answer.headers;
        const end = cut.index + cut[0].length;
        response.writeHead(status, streamed);
        response.write(page.slice(0, end));
        await sleep(slowPages.pauseMs);
        response.end(page.slice(end));
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));

  return {
    origin: `http://localhost:${port}`,
    /** Changed options apply to the next page loaded. */
    probe,
    reports,
    responses,
    /** Sends every page from now on in two parts (null: whole again). */
    deliverPagesSlowly(how: SlowPages | null) {
      slowPages = how;
    },
    /** Whether a journey is holding requests back. */
    holding: () => holds.size > 0,
    /** Holds back every request whose path matches until the returned function is called. */
    hold(pattern: RegExp) {
      let release!: () => void;
      const hold = { pattern, released: new Promise<void>((resolve) => (release = resolve)) };
      holds.add(hold);
      return () => {
        holds.delete(hold);
        release();
      };
    },
    /**
     * Waits until nothing the page asked for is still on its way (held requests aside). Firefox
     * reports a page's module import that a navigation cuts off as an error of the page: a journey
     * leaves a page only once its islands' code has arrived.
     */
    async settled() {
      for (const deadline = Date.now() + SETTLE_TIMEOUT_MS; ; await sleep(QUIET_MS)) {
        if (pending.size === 0) {
          await sleep(QUIET_MS);
          if (pending.size === 0) return;
        }
        if (Date.now() > deadline)
          throw new Error(`Still loading after ${SETTLE_TIMEOUT_MS} ms: ${[...pending].join(', ')}`);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type JourneyProxy = Awaited<ReturnType<typeof startJourneyProxy>>;
