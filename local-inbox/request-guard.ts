/**
 * Who may talk to the local inbox. It holds what visitors typed and can be told to fail sends, and
 * it runs on the agency's own machines, so only the site it belongs to may use it:
 * - The Host header must name this machine (`isLocalHost`), which the server checks before anything
 *   else: Vite's own check on the dev server, site-server.ts's for a built site. Else a page on a
 *   rebinding domain (attacker.example resolving to 127.0.0.1) is "same-origin" with the inbox and
 *   can read and delete every message.
 * - A browser's request must come from a page of the site itself. Browsers name the page in the
 *   `Origin` header on every POST and every cross-origin request; tools (curl, the tests) send none.
 * - Bodies are JSON, declared as `application/json`: a page elsewhere can only send that after a
 *   CORS preflight, which the inbox refuses it; a `no-cors` `text/plain` POST needs none.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * Vite's host check with no `server.allowedHosts`: IP addresses, which no rebinding domain can pose
 * as, and `localhost` with its subdomains. `host` is the Host header.
 */
export function isLocalHost(host: string | undefined) {
  const hostname = /^\[(.+)\](:\d+)?$/.exec(host ?? '')?.[1] ?? host?.replace(/:\d+$/, '') ?? '';
  return isIP(hostname) !== 0 || hostname === 'localhost' || hostname.endsWith('.localhost');
}

/**
 * This machine's own names, as a URL (`[::1]`) or a server's `host` setting (`::1`) writes them: a
 * built site opens as one and reaches the inbox as another; a dev server on one is on no network.
 */
export const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Whether a browser request from the page at `origin` comes from the site the inbox at `host`
 * belongs to: the page is on that very origin (the dev server), or both are this machine's loopback
 * names on the same port (a built site, which reaches its inbox at 127.0.0.1 as another origin,
 * the way it reaches api.emailjs.com). `origin` is the Origin header, `host` the Host header,
 * already allowed.
 */
export function isOwnOrigin(origin: string, host: string) {
  let page: URL;
  let target: URL;
  try {
    page = new URL(origin);
    target = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
  if (page.host === target.host) return true;
  return LOOPBACK.has(page.hostname) && LOOPBACK.has(target.hostname) && page.port === target.port;
}

/** Why the inbox refuses a request from a host already allowed, as a status and a text, or undefined. */
export function refusal({ headers, method }: IncomingMessage): [number, string] | undefined {
  if (headers.origin !== undefined && !isOwnOrigin(headers.origin, headers.host ?? '')) {
    return [403, `Blocked request. The local inbox answers only pages of its own site, not ${headers.origin}.`];
  }
  const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (method === 'POST' && type !== 'application/json') {
    return [415, 'The request body must be JSON, sent as Content-Type: application/json'];
  }
  return undefined;
}
