// The servers the tests start (nginx, wrangler, WebKitWebDriver, the local inbox): where their programs are, a port for
// them, a start that either serves or says why not, and one HTTP request as a test makes it.
import { spawn, type SpawnOptions } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { basename, delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const executable = (path: string | undefined) => {
  try {
    accessSync(path ?? '', constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
};

export const onPath = (command: string) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((folder) => executable(join(folder, command)))
    .find(Boolean);

/** A port free on loopback `host` (rejected where there is none), none of `taken`; another process may yet take it. */
export async function freePort(taken: number[] = [], host = '127.0.0.1'): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, host, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return taken.includes(port) ? freePort(taken, host) : port;
}

export interface Program {
  stop: () => Promise<void>;
}

/**
 * Starts a program in a process group of its own, so that stopping it also stops what it started (nginx's worker,
 * wrangler's workerd, xvfb-run's display and browser), and waits until `ready`. A program that exits or is not ready
 * in time is stopped, and the error holds what it wrote.
 */
export async function startProgram(
  command: string,
  args: string[],
  /** `ready`: whether it serves yet, a truthy answer being yes and a rejection no. */
  options: SpawnOptions & { ready: () => Promise<unknown>; timeoutMs: number; stopSignal?: NodeJS.Signals },
): Promise<Program> {
  const { ready, timeoutMs, stopSignal = 'SIGTERM' } = options;
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('error', (error) => (output += String(error)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.pid !== undefined && child.exitCode === null && child.signalCode === null;
  const kill = () => {
    if (running()) process.kill(-(child.pid ?? 0), stopSignal);
  };
  // A test run that ends early leaves nothing running behind it.
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    const wasRunning = running();
    kill();
    if (wasRunning) await exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await ready().catch(() => false))) {
    if (!running() || Date.now() > deadline) {
      const why = running() ? `was not ready in ${timeoutMs} ms` : `exited with ${String(child.exitCode)}`;
      await stop();
      throw new Error(`${basename(command)} ${why}:\n${output}`);
    }
    await sleep(100);
  }
  return { stop };
}

export interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  /** The headers as sent, in order, a repeated one repeated. */
  raw: [string, string][];
  body: Buffer;
}

/**
 * One request without keep-alive or retry, which fetch cannot promise, nor send a Host header other than the URL's:
 * `options` may send it to another address (`hostname`, `port`), with the URL's Host and SNI kept.
 */
export function send(url: string, options: RequestOptions & { body?: string } = {}): Promise<Response> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent: false, ...options }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const { rawHeaders: h } = response;
        const raw = h.flatMap((name, i) => (i % 2 ? [] : [[name, h[i + 1] ?? ''] as [string, string]]));
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}
