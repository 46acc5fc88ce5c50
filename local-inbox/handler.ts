/**
 * The local inbox: a stand-in for EmailJS that needs no account.
 *
 * It answers `POST /api/v1.0/email/send` the way api.emailjs.com does (JSON body, 200 "OK", CORS,
 * 400 with a plain-text reason for a malformed request), keeps every message in a JSON-lines file
 * and lists them at /inbox, each rendered through its template from src/emails (the templates,
 * ready to paste into EmailJS, are at /inbox/templates). Tests can make it fail calls (any HTTP
 * status, a dropped connection, or none at all) through /inbox/failures, to walk the whole error
 * catalogue (docs/behaviour.md › Error catalogue) through the real library.
 *
 * Unlike EmailJS it answers only the site it belongs to (see request-guard.ts), and nothing a
 * request or a line of its file holds can break it.
 *
 * One Connect-style handler serves Astro's dev server (see integrations/local-inbox.ts), `npm start` and the
 * tests (see site-server.ts).
 */
import { appendFile, mkdir, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage as Request, ServerResponse as Response } from 'node:http';
import { dirname } from 'node:path';
import { loadEmailTemplates } from '../src/emails/templates.ts';
import { renderInboxPage, renderTemplatesPage, type InboxMessage } from './inbox-page.ts';
import { refusal, type AllowedHosts } from './request-guard.ts';

export const SEND_PATH = '/api/v1.0/email/send';
export const INBOX_PATH = '/inbox';
/** Far above the longest message the form can send (its fields' `maxlength`s), far below harm. */
export const MAX_BODY_BYTES = 64 * 1024;
const MAX_FAILURE_TIMES = 100;

/**
 * A failure a test asks for:
 * - `status: 'drop'` closes the connection without an answer: the browser's network error.
 * - `status: 'hang'` never answers, like a stalled connection; the request ends when the browser gives up.
 * - An HTTP `status` is 400–599.
 * - `email` / `templateId` limit the rule to matching calls, so parallel tests do not meet each other's.
 * - `times`: how many matching calls it fails (1 unless given).
 */
export interface FailureRule {
  status?: number | 'drop' | 'hang';
  text?: string;
  email?: string;
  templateId?: string;
  times?: number;
}
/** What validateSendRequest lets through. */
export interface SendRequest {
  lib_version?: unknown;
  user_id: string;
  service_id: string;
  template_id: string;
  template_params?: Record<string, unknown>;
}
type InboxHandler = (request: Request, response: Response, next: () => void | Promise<void>) => Promise<void>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a send request the way the real API does; returns the reason it is refused, if it is. */
function validateSendRequest(body: unknown) {
  if (!isPlainObject(body)) return 'The request body must be a JSON object';
  for (const field of ['user_id', 'service_id', 'template_id']) {
    const value = body[field];
    if (typeof value !== 'string' || value.trim() === '') return `The ${field} parameter is required`;
  }
  const params = body.template_params;
  if (params !== undefined && !isPlainObject(params)) return 'The template_params parameter has to be an object';
  return undefined;
}

/**
 * Reads a failure rule a test posts, or says what is wrong with it: a rule the inbox cannot apply
 * (`null`, a status of "500", a rule without a status) is refused, never kept to break later sends.
 */
function parseFailureRule(body: unknown): { rule: FailureRule } | { problem: string } {
  if (!isPlainObject(body)) return { problem: 'A failure rule must be a JSON object' };
  const known = ['status', 'text', 'email', 'templateId', 'times'];
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length) return { problem: `Unknown field(s) in the failure rule: ${unknown.join(', ')}` };
  const { status, text, email, templateId, times } = body;
  const isInteger = (value: unknown, min: number, max: number) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
  if (status !== undefined && status !== 'drop' && status !== 'hang' && !isInteger(status, 400, 599)) {
    return { problem: 'status must be an HTTP error status (400–599), "drop" or "hang"' };
  }
  if (text !== undefined && typeof text !== 'string') return { problem: 'text must be a string' };
  for (const [name, value] of Object.entries({ email, templateId })) {
    if (value !== undefined && (typeof value !== 'string' || !value)) return { problem: `${name} must be a string` };
  }
  if (times !== undefined && !isInteger(times, 1, MAX_FAILURE_TIMES)) {
    return { problem: `times must be a whole number from 1 to ${MAX_FAILURE_TIMES}` };
  }
  if (status === undefined) return { problem: 'A failure rule needs a status' };
  return { rule: body };
}

/**
 * A line of the inbox file that can be shown: what the handler writes. Anything else (a line cut
 * off by a crash, an edit by hand) is skipped and counted, never a reason to fail the whole inbox.
 */
const isInboxMessage = (value: unknown): value is InboxMessage =>
  isPlainObject(value) &&
  typeof value.receivedAt === 'string' &&
  typeof value.template_id === 'string' &&
  isPlainObject(value.template_params);

/**
 * Answers the send API and the inbox's own paths; hands anything else to `next`. `inboxFile`: where
 * messages are kept, one JSON object per line; `allowedHosts`: which Host headers to answer besides
 * IP addresses and localhost (as Vite's `server.allowedHosts`; the dev server passes its own).
 */
export function createInboxHandler({
  inboxFile,
  allowedHosts = [],
}: {
  inboxFile: string;
  allowedHosts?: AllowedHosts;
}): InboxHandler {
  let failures: FailureRule[] = [];

  const readInbox = async () => {
    const text = await readFile(inboxFile, 'utf-8').catch(() => '');
    const messages: InboxMessage[] = [];
    let unreadable = 0;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const message: unknown = JSON.parse(line);
        if (isInboxMessage(message)) messages.push(message);
        else unreadable++;
      } catch {
        unreadable++;
      }
    }
    return { messages, unreadable };
  };

  const takeFailure = (body: SendRequest) => {
    const email = isPlainObject(body.template_params) ? body.template_params.email : undefined;
    const rule = failures.find(
      (candidate) =>
        (candidate.email === undefined || candidate.email === email) &&
        (candidate.templateId === undefined || candidate.templateId === body.template_id),
    );
    if (rule && (rule.times = (rule.times ?? 1) - 1) <= 0) failures = failures.filter((other) => other !== rule);
    return rule;
  };

  const handleSend = async (request: Request, response: Response) => {
    // Like EmailJS, with CORS and its preflight; unlike it, for the site's own pages only (the
    // request guard has refused any other origin by now).
    if (request.headers.origin) response.setHeader('Access-Control-Allow-Origin', request.headers.origin);
    response.setHeader('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
      });
      response.end();
      return;
    }
    if (request.method !== 'POST') {
      sendText(response, 405, 'Method Not Allowed');
      return;
    }

    const parsed = await readJsonBody(request, response);
    if (parsed === undefined) return;
    const problem = validateSendRequest(parsed);
    if (problem) {
      sendText(response, 400, problem);
      return;
    }
    const body = parsed as SendRequest;

    const failure = takeFailure(body);
    if (failure?.status === 'hang') return;
    if (failure?.status === 'drop') {
      request.socket.destroy();
      return;
    }
    if (failure?.status) {
      sendText(response, failure.status, failure.text ?? 'Internal Server Error');
      return;
    }

    const message: InboxMessage = {
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
    sendText(response, 200, 'OK');
  };

  /**
  /** The inbox for people (/inbox) and tests (/inbox/messages, /inbox/failures). */
  const handleInbox = async (request: Request, response: Response, { pathname, searchParams }: URL) => {
    if (pathname === `${INBOX_PATH}/messages`) {
      if (request.method === 'DELETE') {
        await rm(inboxFile, { force: true });
        failures = [];
        sendText(response, 204, '');
      } else {
        sendJson(response, (await readInbox()).messages);
      }
    } else if (pathname === `${INBOX_PATH}/failures` && request.method === 'POST') {
      const body = await readJsonBody(request, response);
      if (body === undefined) return;
      const parsed = parseFailureRule(body);
      if ('problem' in parsed) {
        sendText(response, 400, parsed.problem);
        return;
      }
      failures.push(parsed.rule);
      sendJson(response, failures);
    } else if (pathname === INBOX_PATH || pathname === `${INBOX_PATH}/`) {
      // Templates are read on every visit, so an edited template shows on the next reload.
      const { messages, unreadable } = await readInbox();
      const page = Number(searchParams.get('page') ?? 1);
      sendHtml(response, renderInboxPage(messages.reverse(), await loadTemplates(), { page, unreadable }));
    } else if (pathname === `${INBOX_PATH}/templates`) {
      sendHtml(response, renderTemplatesPage(await loadTemplates()));
    } else {
      sendText(response, 404, 'Not Found');
    }
  };

  return async (request, response, next) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      sendText(response, 400, 'Bad Request');
      return;
    }
    const isInbox = url.pathname === INBOX_PATH || url.pathname.startsWith(`${INBOX_PATH}/`);
    if (url.pathname !== SEND_PATH && !isInbox) {
      await next();
      return;
    }
    const refused = refusal(request, allowedHosts);
    if (refused) {
      sendText(response, ...refused);
      return;
    }
    try {
      if (url.pathname === SEND_PATH) await handleSend(request, response);
      else await handleInbox(request, response, url);
    } catch (error) {
      console.error(error);
      if (!response.headersSent) sendText(response, 500, 'Internal Server Error');
    }
  };
}

/** The body was larger than MAX_BODY_BYTES. */
class BodyTooLargeError extends Error {}

/**
 * The request's JSON body, or undefined once it has answered why there is none: 413 for a body
 * past MAX_BODY_BYTES (it stops reading there), 400 for one that is no JSON.
 */
async function readJsonBody(request: Request, response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await readBody(request);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    response.setHeader('Connection', 'close');
    sendText(response, 413, `The request body must be at most ${MAX_BODY_BYTES} bytes`);
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    sendText(response, 400, 'The request body must be valid JSON');
    return undefined;
  }
}

function readBody(request: Request) {
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) return Promise.reject(new BodyTooLargeError());
  return new Promise<string>((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      request.off('data', onData);
      reject(new BodyTooLargeError());
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf-8')));
    request.on('error', reject);
  });
}

export function sendText(response: Response, status: number, text: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/** A broken template file is shown on the page, not answered with a 500. */
const loadTemplates = () =>
  loadEmailTemplates().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));

function sendHtml(response: Response, html: string) {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(html);
}

function sendJson(response: Response, data: unknown) {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(data));
}
