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
import { z } from 'astro/zod';
import { loadEmailTemplates } from '../src/emails/templates.ts';
import { renderInboxPage, renderProblemPage, renderTemplatesPage, type InboxMessage } from './inbox-page.ts';
import { refusal } from './request-guard.ts';

export const SEND_PATH = '/api/v1.0/email/send';
export const INBOX_PATH = '/inbox';
/** Where `npm start` and `npm run dev` keep the messages, one JSON object per line. */
export const INBOX_FILE = '.inbox/messages.jsonl';
/** Far above the longest message the form can send (its fields' `maxlength`s), far below harm. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A failure a test asks for. One the inbox cannot apply (`null`, a status of "500", a rule without a
 * status, a misspelt field) is refused, never kept to break later sends.
 */
const failureRule = z.strictObject({
  /**
   * An HTTP status of 400–599; `drop` closes the connection without an answer (the browser's network
   * error); `hang` never answers, like a stalled connection: the request ends when the browser gives up.
   */
  status: z.union([z.int().min(400).max(599), z.literal(['drop', 'hang'])]),
  text: z.string().optional(),
  /** `email` / `templateId` limit the rule to matching calls, so parallel tests do not meet each other's. */
  email: z.string().min(1).optional(),
  templateId: z.string().min(1).optional(),
  /** How many matching calls it fails: 1 unless given. */
  times: z.int().min(1).max(100).optional(),
});
export type FailureRule = z.infer<typeof failureRule>;

/** A field the real API requires, refused as it refuses it. */
const required = (field: string) => {
  const error = `The ${field} parameter is required`;
  return z.string({ error }).refine((value) => value.trim() !== '', { error });
};

/** A send request as the real API checks it, each refusal with its reason. */
const sendRequest = z.object(
  {
    lib_version: z.unknown(),
    user_id: required('user_id'),
    service_id: required('service_id'),
    template_id: required('template_id'),
    template_params: z
      .record(z.string(), z.unknown(), { error: 'The template_params parameter has to be an object' })
      .optional(),
  },
  { error: 'The request body must be a JSON object' },
);
export type SendRequest = z.infer<typeof sendRequest>;

export const FAILURE_RULE_PROBLEM =
  'A failure rule is a JSON object { status: 400–599, "drop" or "hang", text?, email?, templateId?, times?: 1–100 }';

/**
 * A line of the inbox file that can be shown: what the handler writes. Anything else (a line cut
 * off by a crash, an edit by hand) is skipped and counted, never a reason to fail the whole inbox.
 */
const inboxLine = z.looseObject({
  receivedAt: z.string(),
  template_id: z.string(),
  template_params: z.record(z.string(), z.unknown()),
});

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/**
 * Answers the send API and the inbox's own paths, keeping messages in `inboxFile`; hands anything
 * else to `next`. The server in front of it has checked the Host header.
 */
export function createInboxHandler({ inboxFile }: { inboxFile: string }) {
  let failures: FailureRule[] = [];

  const readInbox = async () => {
    const lines = (await readFile(inboxFile, 'utf-8').catch(() => '')).split('\n').filter((line) => line.trim());
    const messages = lines.map(parseJson).filter((line): line is InboxMessage => inboxLine.safeParse(line).success);
    return { messages, unreadable: lines.length - messages.length };
  };

  const takeFailure = (body: SendRequest) => {
    const rule = failures.find(
      (candidate) =>
        (candidate.email === undefined || candidate.email === body.template_params?.email) &&
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
      return void response.end();
    }
    if (request.method !== 'POST') return send(response, 405, 'Method Not Allowed');
    const body = await readJsonBody(request, response);
    if (body === undefined) return;
    const parsed = sendRequest.safeParse(body);
    if (!parsed.success) return send(response, 400, parsed.error.issues[0].message);
    const { lib_version, user_id, service_id, template_id, template_params = {} } = parsed.data;

    const failure = takeFailure(parsed.data);
    if (failure?.status === 'hang') return;
    if (failure?.status === 'drop') return void request.socket.destroy();
    if (failure) return send(response, failure.status, failure.text ?? 'Internal Server Error');

    const message: InboxMessage = {
      receivedAt: new Date().toISOString(),
      origin: request.headers.origin ?? null,
      lib_version,
      user_id,
      service_id,
      template_id,
      template_params,
    };
    await mkdir(dirname(inboxFile), { recursive: true });
    await appendFile(inboxFile, `${JSON.stringify(message)}\n`);
    send(response, 200, 'OK');
  };

  /** The inbox for people (/inbox, /inbox/templates) and tests (/inbox/messages, /inbox/failures). */
  const handleInbox = async (request: Request, response: Response, pathname: string) => {
    if (pathname === `${INBOX_PATH}/messages` && request.method === 'DELETE') {
      await rm(inboxFile, { force: true });
      failures = [];
      send(response, 204, '');
    } else if (pathname === `${INBOX_PATH}/messages`) {
      send(response, 200, JSON.stringify((await readInbox()).messages), 'application/json');
    } else if (pathname === `${INBOX_PATH}/failures` && request.method === 'POST') {
      const body = await readJsonBody(request, response);
      if (body === undefined) return;
      const rule = failureRule.safeParse(body);
      if (!rule.success) return send(response, 400, FAILURE_RULE_PROBLEM);
      failures.push(rule.data);
      send(response, 200, JSON.stringify(failures), 'application/json');
    } else if ([INBOX_PATH, `${INBOX_PATH}/`, `${INBOX_PATH}/templates`].includes(pathname)) {
      // Templates are read on every visit, so an edited template shows on the next reload, and a
      // broken one on the page rather than as a 500.
      const { messages, unreadable } = await readInbox();
      const page = await loadEmailTemplates()
        .then((templates) =>
          pathname.endsWith('/templates')
            ? renderTemplatesPage(templates)
            : renderInboxPage(messages.reverse(), templates, unreadable),
        )
        .catch(renderProblemPage);
      send(response, 200, page, 'text/html');
    } else {
      send(response, 404, 'Not Found');
    }
  };

  return async (request: Request, response: Response, next: () => unknown) => {
    let pathname: string;
    try {
      pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    } catch {
      return send(response, 400, 'Bad Request');
    }
    const isInbox = pathname === INBOX_PATH || pathname.startsWith(`${INBOX_PATH}/`);
    if (pathname !== SEND_PATH && !isInbox) return void next();
    const refused = refusal(request);
    if (refused) return send(response, ...refused);
    try {
      await (isInbox ? handleInbox(request, response, pathname) : handleSend(request, response));
    } catch (error) {
      console.error(error);
      if (!response.headersSent) send(response, 500, 'Internal Server Error');
    }
  };
}

/**
 * The request's JSON body, or undefined once it has answered why there is none: 413 for a body
 * past MAX_BODY_BYTES (it keeps nothing past that), 400 for one that is no JSON.
 */
async function readJsonBody(request: Request, response: Response): Promise<unknown> {
  const text = await new Promise<string | undefined>((resolve, reject) => {
    if (Number(request.headers['content-length']) > MAX_BODY_BYTES) {
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else resolve(undefined);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf-8')));
    request.on('error', reject);
  });
  if (text === undefined) {
    response.setHeader('Connection', 'close');
    send(response, 413, `The request body must be at most ${MAX_BODY_BYTES} bytes`);
    return undefined;
  }
  const body = parseJson(text);
  if (body === undefined) send(response, 400, 'The request body must be valid JSON');
  return body;
}

/** Answers with `body`; nothing the inbox answers may be cached, since every answer can change. */
export function send(response: Response, status: number, body: string, type = 'text/plain') {
  response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' });
  return response.end(body);
}
