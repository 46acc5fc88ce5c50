/**
 * Who may talk to the local inbox. It holds what visitors typed and can be told to fail sends, and
 * it runs on the agency's own machines, so only the site it belongs to may use it:
 * - The Host header must name this machine, by the rule of Vite's dev server (`server.allowedHosts`).
 *   Else a page on a rebinding domain (attacker.example resolving to 127.0.0.1) is "same-origin"
 *   with the inbox and can read and delete every message.
 * - A browser's request must come from a page of the site itself. Browsers name the page in the
 *   `Origin` header on every POST and every cross-origin request; tools (curl, the tests) send none.
 * - Bodies are JSON, declared as `application/json`: a page elsewhere can only send that after a
 *   CORS preflight, which the inbox refuses it; a `no-cors` `text/plain` POST needs none.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** As Vite's `server.allowedHosts`: `true` allows any host. */
export type AllowedHosts = true | readonly string[];

/**
 * Vite's host check (`isHostAllowedWithoutCache` in Vite 6 and 7): IP addresses, which no rebinding
 * domain can pose as; `localhost` and its subdomains; and the names in `allowedHosts`, where
 * `.example.com` stands for that domain and its subdomains. `host` is the Host header.
 */
export function isAllowedHost(host: string | undefined, allowedHosts: AllowedHosts) {
  if (allowedHosts === true) return true;
  if (!host) return false;
  const trimmed = host.trim();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end > 0 && isIP(trimmed.slice(1, end)) === 6;
  }
  const colon = trimmed.indexOf(':');
  const hostname = colon < 0 ? trimmed : trimmed.slice(0, colon);
  if (isIP(hostname) === 4 || hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  return allowedHosts.some(
    (allowed) =>
      allowed === hostname ||
      (allowed.startsWith('.') && (allowed.slice(1) === hostname || hostname.endsWith(allowed))),
  );
}

/** This machine's own names: a built site opens as one and reaches the inbox as another. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

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

const isJson = (request: IncomingMessage) =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

/** Why the inbox refuses a request, as a status and a text, or undefined when it may go on. */
export function refusal(request: IncomingMessage, allowedHosts: AllowedHosts): [number, string] | undefined {
  const { host, origin } = request.headers;
  if (!isAllowedHost(host, allowedHosts)) {
    const hostname = JSON.stringify(host?.replace(/:\d+$/, '') ?? '');
    return [403, `Blocked request. This host (${hostname}) is not allowed to reach the local inbox.`];
  }
  if (origin !== undefined && !isOwnOrigin(origin, host ?? '')) {
    return [403, `Blocked request. The local inbox answers only pages of its own site, not ${origin}.`];
  }
  if (request.method === 'POST' && !isJson(request)) {
    return [415, 'The request body must be JSON, sent as Content-Type: application/json'];
  }
  return undefined;
}
