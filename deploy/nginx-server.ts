/**
 * Runs the shipped deploy/nginx configuration in real nginx, unprivileged on loopback ports, changed
 * only in the directives `substitutedDirectives` names (`differingDirectives` proves it).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { createServer, connect } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The shipped configuration, laid out like /etc/nginx. */
export const shippedDir = join(dirname(new URL(import.meta.url).pathname), 'nginx');
export const substitutedDirectives = ['listen', 'root', 'ssl_certificate', 'ssl_certificate_key'] as const;

/** A port range of the tests' own, so parallel runs and other servers don't collide. */
const PORT_RANGE = { first: 18000, last: 18999 } as const;
const STARTUP_TIMEOUT_MS = 10_000;
const PORT_ATTEMPTS = 5;

const onPath = (name: string) => (process.env.PATH ?? '').split(':').map((dir) => join(dir, name));
const firstExisting = (candidates: (string | undefined)[]) =>
  candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
/** NGINX_PATH, PATH, or Debian's /usr/sbin (not on a normal user's PATH). */
export const findNginx = () => firstExisting([process.env.NGINX_PATH, ...onPath('nginx'), '/usr/sbin/nginx']);
export const findProgram = (name: string) => firstExisting(onPath(name));
export const hasOpenssl = () => findProgram('openssl') !== undefined;
export const installHint = {
  nginx: 'nginx (Debian/Ubuntu: sudo apt-get install nginx; or set NGINX_PATH)',
  openssl: 'openssl (sudo apt-get install openssl)',
};

/** Every file of the shipped configuration, by its path below deploy/nginx/. */
export function shippedFiles(): Map<string, string> {
  const names = readdirSync(shippedDir, { recursive: true, encoding: 'utf8' }).sort();
  return new Map(
    names.filter((name) => name.endsWith('.conf')).map((name) => [name, readFileSync(join(shippedDir, name), 'utf-8')]),
  );
}

export interface Ports {
  http: number;
  https: number;
}
export interface Local {
  ports: Ports;
  root: string;
  certificate: string;
  key: string;
  ipv6: boolean;
}

/** What stands in for `[::]`: ::1, or a second IPv4 loopback on a machine without it. */
const ipv6StandIn = (ipv6: boolean) => (ipv6 ? '::1' : '127.0.0.2');

/** The shipped files with loopback ports (80, 443, [::]), the web root and the certificate of this run. */
export function localConfiguration(files: Map<string, string>, local: Local): Map<string, string> {
  const localListen = (address: string) => {
    const match = /^(?:(\[[^\]]*\]|[\d.]+):)?(\d+)$/.exec(address);
    if (!match) throw new Error(`listen ${address}: expected [address:]port`);
    const port = match[2];
    const localPort = port === '80' ? local.ports.http : port === '443' ? local.ports.https : undefined;
    if (localPort === undefined) throw new Error(`listen ${address}: only ports 80 and 443 are expected`);
    return `${address.startsWith('[') ? `[${ipv6StandIn(local.ipv6)}]` : '127.0.0.1'}:${localPort}`;
  };
  const replacements: Record<(typeof substitutedDirectives)[number], (args: string) => string> = {
    listen: (args) => args.replace(/^\S+/, localListen),
    root: () => local.root,
    ssl_certificate: () => local.certificate,
    ssl_certificate_key: () => local.key,
  };
  const directive = new RegExp(`^(\\s*)(${substitutedDirectives.join('|')})(\\s+)([^;]+);`, 'gm');
  const substitute = (_line: string, indent: string, name: keyof typeof replacements, space: string, args: string) =>
    `${indent}${name}${space}${replacements[name](args)};`;
  return new Map([...files].map(([name, text]) => [name, text.replace(directive, substitute)]));
}

/** The directive of every line where two versions of a file differ (both must have the same lines). */
export function differingDirectives(original: string, changed: string): string[] {
  const [before, after] = [original.split('\n'), changed.split('\n')];
  if (before.length !== after.length) return ['(a line was added or removed)'];
  return before
    .map((line, index) => (line === after[index] ? undefined : (/^\s*(\S+)/.exec(line)?.[1] ?? '(empty line)')))
    .filter((directive): directive is string => directive !== undefined);
}

const canListen = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });

/** A free port in the range (nginx may still lose it to another process: startNginx then retries). */
export async function freePort(host: string, taken: number[]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PORT_RANGE.first + Math.floor(Math.random() * (PORT_RANGE.last - PORT_RANGE.first + 1));
    if (!taken.includes(port) && (await canListen(port, host))) return port;
  }
  throw new Error(`No free port between ${PORT_RANGE.first} and ${PORT_RANGE.last} on ${host}`);
}

/** certbot's two kinds of certificate (ECDSA P-256, its default; RSA 2048): they decide nginx's TLS 1.2 suites. */
export type KeyType = 'ecdsa' | 'rsa';
const newKey: Record<KeyType, string[]> = {
  ecdsa: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
  rsa: ['-newkey', 'rsa:2048'],
};

async function makeCertificate(dir: string, hosts: string[], keyType: KeyType = 'ecdsa') {
  const [certificate, key] = [join(dir, 'certificate.pem'), join(dir, 'key.pem')];
  const names = hosts.map((host) => `DNS:${host}`).join(',');
  const subject = ['-subj', `/CN=${hosts[0]}`, '-addext', `subjectAltName=${names}`];
  const files = ['-keyout', key, '-out', certificate];
  await run('openssl', ['req', '-x509', ...newKey[keyType], '-nodes', '-days', '2', ...subject, ...files]);
  return { certificate, key };
}

/** nginx's own mime.types, beside its compiled-in configuration (Debian: /etc/nginx). */
async function systemMimeTypes(nginx: string): Promise<string> {
  const { stderr } = await run(nginx, ['-V']);
  return join(dirname(/--conf-path=(\S+)/.exec(stderr)?.[1] ?? '/etc/nginx/nginx.conf'), 'mime.types');
}

/** A distribution's main nginx.conf, without gzip or TLS defaults (the site's file has to bring them); state in the prefix. */
function mainConfiguration(siteFiles: string[]): string {
  // Only root hands workers to another user; its default ("nobody") could not read the prefix.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path temp/${kind};\n`,
  );
  const includes = siteFiles.map((file) => `  include ${file};\n`);
  return `${user}worker_processes 1;
events { worker_connections 64; }
http {
  include mime.types;
  default_type application/octet-stream;
  access_log logs/access.log;
${temp.join('')}${includes.join('')}}
`;
}

export interface RunningNginx {
  ports: Ports;
  ipv6: boolean;
  /** The certificate nginx shows, for clients to trust. */
  certificate: string;
  /** `nginx -t`'s report. */
  configTest: string;
  /** The configuration as this nginx runs it, by its path below deploy/nginx/. */
  files: Map<string, string>;
  stop: () => Promise<void>;
}

/** Lays out `prefix` like /etc/nginx with the local configuration, checks it with `nginx -t` and starts nginx. */
export async function startNginx(options: {
  nginx: string;
  prefix: string;
  root: string;
  hosts: string[];
  keyType?: KeyType;
}): Promise<RunningNginx> {
  const { nginx, prefix, root, hosts, keyType } = options;
  const confDir = join(prefix, 'conf');
  for (const dir of ['logs', 'temp', 'conf']) mkdirSync(join(prefix, dir), { recursive: true });
  copyFileSync(await systemMimeTypes(nginx), join(confDir, 'mime.types'));
  const { certificate, key } = await makeCertificate(prefix, hosts, keyType);
  const ipv6 = await canListen(0, '::1');
  const shipped = shippedFiles();
  const enabled = (name: string) => name.replace(/^sites-available\//, 'sites-enabled/');
  const sites = [...shipped.keys()].filter((name) => name.startsWith('sites-available/')).map(enabled);
  if (sites.length === 0) throw new Error(`${shippedDir} has no sites-available/*.conf`);
  writeFileSync(join(confDir, 'nginx.conf'), mainConfiguration(sites));
  const args = ['-p', `${prefix}/`, '-c', 'conf/nginx.conf', '-e', 'logs/error.log'];
  const globals = `pid ${join(prefix, 'nginx.pid')};`;

  let lastError: Error | undefined;
  for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
    const http = await freePort('127.0.0.1', []);
    const ports = { http, https: await freePort('127.0.0.1', [http]) };
    const files = localConfiguration(shipped, { ports, root, certificate, key, ipv6 });
    const listening = [...files.values()].join('\n');
    for (const [port, shippedPort] of [
      [ports.http, 80],
      [ports.https, 443],
    ] as const) {
      // Without it nginx would take *:80 (or *:8000) and the test would wait in vain.
      if (!listening.includes(`127.0.0.1:${port}`)) throw new Error(`${shippedDir} has no "listen ${shippedPort}"`);
    }
    for (const [name, text] of files) {
      const target = join(confDir, enabled(name));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    const test = await run(nginx, [...args, '-g', globals, '-t']).catch((error: unknown) => {
      const { stderr } = error as { stderr?: string };
      throw new Error(`nginx -t refused the configuration:\n${stderr ?? String(error)}`);
    });
    const child = spawn(nginx, [...args, '-g', `${globals} daemon off;`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const log = () => {
      const file = join(prefix, 'logs/error.log');
      return (existsSync(file) ? readFileSync(file, 'utf-8') : '') + stderr;
    };
    try {
      await waitUntilListening(child, [ports.http, ports.https], log);
      return { ports, ipv6, certificate, configTest: test.stderr, files, stop: () => stopProcess(child) };
    } catch (error) {
      await stopProcess(child);
      lastError = error as Error;
      // Another process took a port between the check and nginx's bind: try other ports.
      if (!lastError.message.includes('Address already in use')) throw lastError;
    }
  }
  throw lastError ?? new Error('nginx did not start');
}

async function waitUntilListening(child: ChildProcess, ports: number[], log: () => string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${String(child.exitCode)}:\n${log()}`);
    if ((await Promise.all(ports.map(canConnect))).every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${ports.join(', ')} in time:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGQUIT'); // nginx's graceful shutdown, which also ends its worker
  });
}

export interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  raw: [string, string][];
  body: Buffer;
}

const loopback = (server: RunningNginx, ipv6 = false) => (ipv6 ? ipv6StandIn(server.ipv6) : '127.0.0.1');

/** A TLS connection as a browser opens one to `hostname` (its SNI, trusting the run's certificate). */
export function connectTls(
  server: RunningNginx,
  hostname: string,
  options: ConnectionOptions & { ipv6?: boolean } = {},
): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const { https: port } = server.ports;
    const ca = readFileSync(server.certificate);
    const socket = tlsConnect(
      { ca, ...options, host: loopback(server, options.ipv6), port, servername: hostname },
      () => resolve(socket),
    );
    socket.once('error', reject);
  });
}

/** Requests a production URL from the test's nginx: its loopback port, but the URL's Host, SNI and certificate check. */
export function fetchFrom(
  server: RunningNginx,
  url: string,
  options: { headers?: Record<string, string>; ipv6?: boolean } = {},
): Promise<Response> {
  const target = new URL(url);
  const https = target.protocol === 'https:';
  return send(https, {
    host: loopback(server, options.ipv6),
    port: https ? server.ports.https : server.ports.http,
    path: `${target.pathname}${target.search}`,
    headers: { host: target.host, ...options.headers },
    servername: target.hostname,
    ca: https ? readFileSync(server.certificate) : undefined,
  });
}

/** One request without keep-alive; `raw` keeps the headers as sent, in order, a repeated one repeated. */
export function send(https: boolean, options: RequestOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)({ ...options, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const { rawHeaders: h } = response;
        const raw = h.flatMap((name, i) => (i % 2 ? [] : [[name, h[i + 1]] as [string, string]]));
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
