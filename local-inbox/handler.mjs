// @ts-check
/**
 * The local inbox: a stand-in for EmailJS that needs no account.
 *
 * It answers `POST /api/v1.0/email/send` the way api.emailjs.com does (JSON body, 200 "OK", CORS,
 * 400 with a plain-text reason for a malformed request), keeps every message in a JSON-lines file
 * and lists them at /inbox, each rendered through its template from src/emails (the templates,
 * ready to paste into EmailJS, are at /inbox/templates). Tests can make it fail calls (any HTTP
 * status, or a dropped connection) through /inbox/failures, to walk the spec's whole error
 * catalogue through the real library.
 *
 * One Connect-style handler serves Astro's dev server (see integration.mjs), `npm start` and the
 * tests (see site-server.mjs).
 */
import { appendFile, mkdir, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadEmailTemplates } from '../src/emails/templates.mjs';
import { renderInboxPage, renderTemplatesPage } from './inbox-page.mjs';

export const SEND_PATH = '/api/v1.0/email/send';
export const INBOX_PATH = '/inbox';
const MAX_BODY_BYTES = 64 * 1024;

/**
 * @typedef {{ status?: number | 'drop', text?: string, delayMs?: number, email?: string, templateId?: string,
 *   times?: number }} FailureRule
 *   `status: 'drop'` closes the connection without an answer: the browser's network error. `delayMs`
 *   holds the answer that long (so a test can watch the form while it sends); without a `status` the
 *   call then succeeds as usual.
 *   `email` / `templateId` limit the rule to matching calls, so parallel tests do not meet each other's.
 * @typedef {{ receivedAt: string, origin: string | null, lib_version: unknown, user_id: string,
 *   service_id: string, template_id: string, template_params: Record<string, unknown> }} InboxMessage
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {(request: Request, response: Response, next: () => void) => Promise<void>} InboxHandler
 */

/** Checks a send request the way the real API does; returns the reason it is refused, if it is. */
export function validateSendRequest(/** @type {any} */ body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'The request body must be a JSON object';
  for (const field of ['user_id', 'service_id', 'template_id']) {
    if (typeof body[field] !== 'string' || body[field].trim() === '') return `The ${field} parameter is required`;
  }
  const params = body.template_params;
  if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params))) {
    return 'The template_params parameter has to be an object';
  }
  return undefined;
}

/**
 * @param {{ inboxFile: string }} options where messages are kept, one JSON object per line
 * @returns {InboxHandler} answers the send API and the inbox's own paths; hands anything else to `next`
 */
export function createInboxHandler({ inboxFile }) {
  /** @type {FailureRule[]} */
  let failures = [];

  const readMessages = async () => {
    const text = await readFile(inboxFile, 'utf-8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => /** @type {InboxMessage} */ (JSON.parse(line)));
  };

  /** @param {InboxMessage | any} body */
  const takeFailure = (body) => {
    const email = body?.template_params?.email;
    const rule = failures.find(
      (candidate) =>
        (candidate.email === undefined || candidate.email === email) &&
        (candidate.templateId === undefined || candidate.templateId === body?.template_id),
    );
    if (rule && (rule.times = (rule.times ?? 1) - 1) <= 0) failures = failures.filter((other) => other !== rule);
    return rule;
  };

  /** @param {Request} request @param {Response} response */
  const handleSend = async (request, response) => {
    // Like EmailJS: any site may call; the browser sends a preflight for the JSON content type.
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
      });
      return response.end();
    }
    if (request.method !== 'POST') return sendText(response, 405, 'Method Not Allowed');

    let body;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return sendText(response, 400, 'The request body must be valid JSON');
    }
    const refusal = validateSendRequest(body);
    if (refusal) return sendText(response, 400, refusal);

    const failure = takeFailure(body);
    if (failure?.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (failure?.status === 'drop') return void request.socket.destroy();
    if (failure?.status) return sendText(response, failure.status, failure.text ?? 'Internal Server Error');

    /** @type {InboxMessage} */
    const message = {
      receivedAt: new Date().toISOString(),
      origin: request.headers.origin ?? null,
      lib_version: body.lib_version,
      user_id: body.user_id,
      service_id: body.service_id,
      template_id: body.template_id,
      template_params: body.template_params ?? {},
    };
    await mkdir(dirname(inboxFile), { recursive: true });
    await appendFile(inboxFile, `${JSON.stringify(message)}\n`);
    return sendText(response, 200, 'OK');
  };

  /**
   * The inbox for people (/inbox) and tests (/inbox/messages, /inbox/failures).
   * @param {Request} request @param {Response} response @param {string} pathname
   */
  const handleInbox = async (request, response, pathname) => {
    if (pathname === `${INBOX_PATH}/messages`) {
      if (request.method === 'DELETE') {
        await rm(inboxFile, { force: true });
        failures = [];
        return sendText(response, 204, '');
      }
      return sendJson(response, await readMessages());
    }
    if (pathname === `${INBOX_PATH}/failures` && request.method === 'POST') {
      const rule = /** @type {FailureRule} */ (JSON.parse(await readBody(request)));
      failures.push(rule);
      return sendJson(response, failures);
    }
    // Templates are read on every visit, so an edited template shows on the next reload.
    if (pathname === INBOX_PATH || pathname === `${INBOX_PATH}/`) {
      return sendHtml(response, renderInboxPage((await readMessages()).reverse(), await loadTemplates()));
    }
    if (pathname === `${INBOX_PATH}/templates`) return sendHtml(response, renderTemplatesPage(await loadTemplates()));
    return sendText(response, 404, 'Not Found');
  };

  return async (request, response, next) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const isInbox = pathname === INBOX_PATH || pathname.startsWith(`${INBOX_PATH}/`);
    if (pathname !== SEND_PATH && !isInbox) return next();
    try {
      if (pathname === SEND_PATH) await handleSend(request, response);
      else await handleInbox(request, response, pathname);
    } catch (error) {
      console.error(error);
      if (!response.headersSent) sendText(response, 500, 'Internal Server Error');
    }
  };
}

/** @param {Request} request */
function readBody(request) {
  return new Promise((resolve, reject) => {
    let size = 0;
    /** @type {Buffer[]} */
    const chunks = [];
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf-8')));
    request.on('error', reject);
  });
}

/** @param {Response} response @param {number} status @param {string} text */
export function sendText(response, status, text) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/** A broken template file is shown on the page, not answered with a 500. */
const loadTemplates = () => loadEmailTemplates().catch((/** @type {Error} */ error) => error);

/** @param {Response} response @param {string} html */
function sendHtml(response, html) {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(html);
}

/** @param {Response} response @param {unknown} data */
function sendJson(response, data) {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(data));
}
