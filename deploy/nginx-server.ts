/**
 * Runs the shipped deploy/nginx configuration in real nginx for deploy/nginx.test.ts and
 * deploy/tls.test.ts: unprivileged, on loopback ports chosen at run time, from a throwaway prefix,
 * with a certificate made for the run. The configuration's files are copied unchanged apart from the
 * directives that name ports, the web root and the certificate, and `differingDirectives` lets the
 * test prove that.
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

/** Where the shipped configuration lives, laid out like /etc/nginx. */
export const shippedDir = join(dirname(new URL(import.meta.url).pathname), 'nginx');

/** The directives the test may change: where nginx listens, what it serves, which certificate it shows. */
export const substitutedDirectives = ['listen', 'root', 'ssl_certificate', 'ssl_certificate_key'] as const;

/** Loopback ports for the test's nginx: a range of their own, so parallel runs and other servers don't collide. */
const PORT_RANGE = { first: 18000, last: 18999 } as const;
const STARTUP_TIMEOUT_MS = 10_000;
const STARTUP_POLL_MS = 50;
const PORT_ATTEMPTS = 5;

const onPath = (name: string) => (process.env.PATH ?? '').split(':').map((dir) => join(dir, name));
const firstExisting = (candidates: (string | undefined)[]) =>
  candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));

/** nginx from PATH, or where Debian puts it (/usr/sbin is not on a normal user's PATH); NGINX_PATH wins. */
export const findNginx = () => firstExisting([process.env.NGINX_PATH, ...onPath('nginx'), '/usr/sbin/nginx']);

export const findProgram = (name: string) => firstExisting(onPath(name));

export const hasOpenssl = () => findProgram('openssl') !== undefined;

/** What a test that runs nginx says when one of these is missing. */
export const installHint = {
  nginx: 'nginx (Debian/Ubuntu: sudo apt-get install nginx; or set NGINX_PATH)',
  openssl: 'openssl (sudo apt-get install openssl)',
};

/** Every file of the shipped configuration, by its path below deploy/nginx/. */
export function shippedFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(shippedDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(shippedDir, name);
    if (name.endsWith('.conf')) files.set(name, readFileSync(path, 'utf-8'));
  }
  return files;
}

export type Ports = { http: number; https: number };
export type Local = { ports: Ports; root: string; certificate: string; key: string; ipv6: boolean };

/** The loopback address standing in for `[::]`: IPv6's own, or a second IPv4 loopback where a machine has no ::1. */
const ipv6StandIn = (ipv6: boolean) => (ipv6 ? '::1' : '127.0.0.2');

/**
 * The shipped configuration for this machine: `listen` on loopback ports (80 → ports.http, 443 →
 * ports.https, [::] → ::1), the web root and the certificate files. Nothing else is touched.
 */
export function localConfiguration(files: Map<string, string>, local: Local): Map<string, string> {
  const localListen = (address: string) => {
    const match = /^(?:(\[[^\]]*\]|[\d.]+):)?(\d+)$/.exec(address);
    if (!match) throw new Error(`listen ${address}: expected [address:]port`);
    const [, host, port] = match;
    const localPort = port === '80' ? local.ports.http : port === '443' ? local.ports.https : undefined;
    if (localPort === undefined) throw new Error(`listen ${address}: only ports 80 and 443 are expected`);
    return `${host?.startsWith('[') ? `[${ipv6StandIn(local.ipv6)}]` : '127.0.0.1'}:${localPort}`;
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

/** A free port in the test's range (nginx may still lose it to another process: startNginx then retries). */
export async function freePort(host: string, taken: number[]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PORT_RANGE.first + Math.floor(Math.random() * (PORT_RANGE.last - PORT_RANGE.first + 1));
    if (!taken.includes(port) && (await canListen(port, host))) return port;
  }
  throw new Error(`No free port between ${PORT_RANGE.first} and ${PORT_RANGE.last} on ${host}`);
}

export const hasIpv6Loopback = () => canListen(0, '::1');

/**
 * The two kinds of certificate certbot issues: ECDSA on P-256 (its default) and RSA with 2048 bits
 * (`--key-type rsa`). Which TLS 1.2 suites nginx can offer depends on the kind.
 */
export type KeyType = 'ecdsa' | 'rsa';
const newKey: Record<KeyType, string[]> = {
  ecdsa: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
  rsa: ['-newkey', 'rsa:2048'],
};

/** A self-signed certificate for `hosts` (openssl is on every machine that has Debian's nginx). */
export async function makeCertificate(
  dir: string,
  hosts: string[],
  keyType: KeyType = 'ecdsa',
): Promise<{ certificate: string; key: string }> {
  const [certificate, key] = [join(dir, 'certificate.pem'), join(dir, 'key.pem')];
  const names = hosts.map((host) => `DNS:${host}`).join(',');
  const subject = ['-subj', `/CN=${hosts[0]}`, '-addext', `subjectAltName=${names}`];
  const args = ['req', '-x509', ...newKey[keyType], '-nodes', '-days', '2', ...subject];
  await run('openssl', [...args, '-keyout', key, '-out', certificate]);
  return { certificate, key };
}

/** nginx's own mime.types, from the folder of its compiled-in configuration (Debian: /etc/nginx). */
async function systemMimeTypes(nginx: string): Promise<string> {
  const { stderr } = await run(nginx, ['-V']);
  const confPath = /--conf-path=(\S+)/.exec(stderr)?.[1] ?? '/etc/nginx/nginx.conf';
  return join(dirname(confPath), 'mime.types');
}

/**
 * The main nginx.conf around the site, as a distribution's would be: mime types and the sites
 * included in `http`. No gzip or TLS defaults of its own, so the site's file has to bring them.
 * Logs and temporary files stay in the prefix, so nginx needs no privileges.
 */
function mainConfiguration(siteFiles: string[]): string {
  // Only root has workers to hand to another user; its default ("nobody") could not read the prefix.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path temp/${kind};\n`)
    .join('');
  return `${user}worker_processes 1;
events { worker_connections 64; }
http {
  include mime.types;
  default_type application/octet-stream;
  access_log logs/access.log;
${temp}${siteFiles.map((file) => `  include ${file};\n`).join('')}}
`;
}

export type RunningNginx = {
  ports: Ports;
  ipv6: boolean;
  prefix: string;
  /** The certificate nginx shows, for clients to trust. */
  certificate: string;
  /** `nginx -t`'s report on the configuration. */
  configTest: string;
  /** The configuration as this nginx runs it, by its path below deploy/nginx/. */
  files: Map<string, string>;
  stop: () => Promise<void>;
};

/**
 * Lays out `prefix` like /etc/nginx (conf/sites-enabled, conf/snippets) with the local version of
 * every shipped file, checks it with `nginx -t` and starts nginx in the foreground.
 */
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
  const ipv6 = await hasIpv6Loopback();
  const shipped = shippedFiles();
  const sites = [...shipped.keys()].filter((name) => name.startsWith('sites-available/'));
  if (sites.length === 0) throw new Error(`${shippedDir} has no sites-available/*.conf`);

  let lastError: Error | undefined;
  for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
    const http = await freePort('127.0.0.1', []);
    const ports = { http, https: await freePort('127.0.0.1', [http]) };
    const files = localConfiguration(shipped, { ports, root, certificate, key, ipv6 });
    const listening = [...files.values()].join('\n');
    for (const port of [ports.http, ports.https]) {
      // Without a listen for 80 and 443, nginx would take *:80 (or *:8000) and the test would wait in vain.
      if (!listening.includes(`127.0.0.1:${port}`))
        throw new Error(`${shippedDir} has no "listen ${port === ports.http ? 80 : 443}" for nginx to answer on`);
    }
    for (const [name, text] of files) {
      const target = join(confDir, name.replace(/^sites-available\//, 'sites-enabled/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    writeFileSync(
      join(confDir, 'nginx.conf'),
      mainConfiguration(sites.map((name) => name.replace(/^sites-available\//, 'sites-enabled/'))),
    );
    const args = ['-p', `${prefix}/`, '-c', 'conf/nginx.conf', '-e', 'logs/error.log'];
    const globals = `pid ${join(prefix, 'nginx.pid')};`;
    const test = await run(nginx, [...args, '-g', globals, '-t']).catch((error: { stderr?: string }) => {
      throw new Error(`nginx -t refused the configuration:\n${error.stderr ?? String(error)}`);
    });
    const child = spawn(nginx, [...args, '-g', `${globals} daemon off;`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await waitUntilListening(child, [ports.http, ports.https], () => errorLog(prefix) + stderr);
      const stop = () => stopProcess(child);
      return { ports, ipv6, prefix, certificate, configTest: test.stderr, files, stop };
    } catch (error) {
      await stopProcess(child);
      lastError = error as Error;
      // Another process took a port between the check and nginx's bind: try other ports.
      if (!/Address already in use/.test(lastError.message)) throw lastError;
    }
  }
  throw lastError;
}

const errorLog = (prefix: string) => {
  const file = join(prefix, 'logs/error.log');
  return existsSync(file) ? readFileSync(file, 'utf-8') : '';
};

async function waitUntilListening(child: ChildProcess, ports: number[], log: () => string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log()}`);
    const open = await Promise.all(ports.map((port) => canConnect(port)));
    if (open.every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${ports.join(', ')} in time:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, STARTUP_POLL_MS));
  }
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // SIGQUIT: nginx's graceful shutdown, which also ends its worker.
    child.kill('SIGQUIT');
  });
}

export type Response = { status: number; headers: IncomingHttpHeaders; raw: [string, string][]; body: Buffer };

/** Where a client reaches the test's nginx: 127.0.0.1, or the stand-in for `[::]` when it asks for IPv6. */
const loopback = (server: RunningNginx, ipv6 = false) => (ipv6 ? ipv6StandIn(server.ipv6) : '127.0.0.1');

/** A TLS connection to the test's nginx as a browser opens one to `hostname` (its SNI, the run's certificate). */
export function connectTls(
  server: RunningNginx,
  hostname: string,
  options: ConnectionOptions & { ipv6?: boolean } = {},
): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect(
      {
        ca: readFileSync(server.certificate),
        ...options,
        host: loopback(server, options.ipv6),
        port: server.ports.https,
        servername: hostname,
      },
      () => resolve(socket),
    );
    socket.once('error', reject);
  });
}

/**
 * Requests a production URL (https://www.…/agb/) from the test's nginx: the connection goes to the
 * loopback port standing in for the URL's port, while Host, the TLS server name and the certificate
 * check keep the URL's host, as for a visitor.
 */
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

/** One request without keep-alive, answered with the headers also as sent: in order, a repeated one repeated. */
export function send(https: boolean, options: RequestOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)({ ...options, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          raw.push([response.rawHeaders[i]!, response.rawHeaders[i + 1]!]);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
