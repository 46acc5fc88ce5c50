/**
 * Runs the shipped deploy/nginx configuration in real nginx, unprivileged on loopback ports, changed only in the
 * directives `localConfiguration` replaces: listen, root and the certificate's paths.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, onPath, send, startProgram } from './servers';

const run = promisify(execFile);

/** The shipped configuration, laid out like /etc/nginx. */
const shippedDir = join(dirname(new URL(import.meta.url).pathname), 'nginx');
const STARTUP_TIMEOUT_MS = 10_000;
const PORT_ATTEMPTS = 5;

/** NGINX_PATH, PATH, or Debian's /usr/sbin (not on a normal user's PATH). */
export const findNginx = () =>
  [process.env.NGINX_PATH, onPath('nginx'), '/usr/sbin/nginx'].find((p) => p && existsSync(p));

/**
 * Every file of the shipped configuration, by its path below deploy/nginx/, with loopback ports (80, 443, [::]), the
 * web root and the certificate of this run.
 */
function localConfiguration(local: {
  ports: { http: number; https: number };
  root: string;
  certificate: string;
  key: string;
  ipv6: string;
}) {
  const localListen = (address: string) => {
    const port = /(?:^|:)(80|443)$/.exec(address)?.[1];
    if (!port) throw new Error(`listen ${address}: only ports 80 and 443 are expected`);
    const host = address.startsWith('[') ? `[${local.ipv6}]` : '127.0.0.1';
    return `${host}:${port === '80' ? local.ports.http : local.ports.https}`;
  };
  const localized = (text: string) =>
    text
      .replace(/^(\s*listen\s+)([^\s;]+)/gm, (_line, name: string, address: string) => name + localListen(address))
      .replace(/^(\s*root\s+)[^;]+/gm, `$1${local.root}`)
      .replace(/^(\s*ssl_certificate\s+)[^;]+/gm, `$1${local.certificate}`)
      .replace(/^(\s*ssl_certificate_key\s+)[^;]+/gm, `$1${local.key}`);
  const names = readdirSync(shippedDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.conf'));
  return new Map(names.sort().map((name) => [name, localized(readFileSync(join(shippedDir, name), 'utf-8'))]));
}

/** certbot's two kinds of certificate (ECDSA P-256, its default; RSA 2048): they decide nginx's TLS 1.2 suites. */
export type KeyType = 'ecdsa' | 'rsa';
const newKey: Record<KeyType, string[]> = {
  ecdsa: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
  rsa: ['-newkey', 'rsa:2048'],
};

/** A distribution's main nginx.conf, without gzip or TLS defaults (the site's file has to bring them); state in the prefix. */
async function mainConfiguration(nginx: string, siteFiles: string[]): Promise<string> {
  // nginx's own mime.types, beside its compiled-in configuration (Debian: /etc/nginx).
  const { stderr } = await run(nginx, ['-V']);
  const mimeTypes = join(dirname(/--conf-path=(\S+)/.exec(stderr)?.[1] ?? '/etc/nginx/nginx.conf'), 'mime.types');
  // Only root hands workers to another user; its default ("nobody") could not read the prefix.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path temp/${kind};\n`,
  );
  const includes = siteFiles.map((file) => `  include ${file};\n`);
  return `${user}worker_processes 1;
events { worker_connections 64; }
http {
  include ${mimeTypes};
  default_type application/octet-stream;
  access_log logs/access.log;
${temp.join('')}${includes.join('')}}
`;
}

/**
 * Lays out `prefix` like /etc/nginx with the local configuration, checks it with `nginx -t` and starts nginx (found
 * by `findNginx`). The running nginx: its ports, the certificate it shows (for clients to trust), `nginx -t`'s report,
 * what stands in for `[::]`, a request to it, and how to stop it.
 */
export async function startNginx(options: { prefix: string; root: string; hosts: string[]; keyType: KeyType }) {
  const { prefix, root, hosts, keyType } = options;
  const nginx = findNginx() ?? 'nginx';
  const confDir = join(prefix, 'conf');
  for (const dir of ['logs', 'temp', 'conf']) mkdirSync(join(prefix, dir), { recursive: true });
  const [certificate, key] = [join(prefix, 'certificate.pem'), join(prefix, 'key.pem')];
  const names = hosts.map((host) => `DNS:${host}`).join(',');
  const request = ['req', '-x509', ...newKey[keyType], '-nodes', '-days', '2', '-keyout', key, '-out', certificate];
  await run('openssl', [...request, '-subj', `/CN=${hosts[0]}`, '-addext', `subjectAltName=${names}`]);
  /** What stands in for `[::]`: ::1, or a second IPv4 loopback on a machine without it. */
  const ipv6 = (await freePort([], '::1').catch(() => undefined)) ? '::1' : '127.0.0.2';
  // nginx writes its errors where the start sees them: a port taken by another process is tried again.
  const args = ['-p', `${prefix}/`, '-c', 'conf/nginx.conf', '-e', 'stderr', '-g'];
  const globals = `pid ${join(prefix, 'nginx.pid')};`;

  for (let attempt = 1; ; attempt++) {
    const http = await freePort();
    const ports = { http, https: await freePort([http]) };
    const files = localConfiguration({ ports, root, certificate, key, ipv6 });
    const sites = [...files.keys()].filter((name) => name.startsWith('sites-available/'));
    writeFileSync(join(confDir, 'nginx.conf'), await mainConfiguration(nginx, sites));
    for (const [name, text] of files) {
      const target = join(confDir, name);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    const test = await run(nginx, [...args, globals, '-t']).catch((error: unknown) => {
      throw new Error(`nginx -t refused the configuration:\n${(error as { stderr?: string }).stderr ?? String(error)}`);
    });
    // Any answer will do, the https port's to plain HTTP too.
    const ready = () => Promise.all([ports.http, ports.https].map((port) => send(`http://127.0.0.1:${port}/`)));
    try {
      // SIGQUIT: nginx's graceful shutdown, which also ends its worker.
      const { stop } = await startProgram(nginx, [...args, `${globals} daemon off;`], {
        ready,
        timeoutMs: STARTUP_TIMEOUT_MS,
        stopSignal: 'SIGQUIT',
      });
      /**
       * Requests a production URL from this nginx: its loopback port (for `listen [::]` if `overIpv6`), but the URL's
       * Host, SNI and certificate check.
       */
      const get = (url: string, options: { headers?: Record<string, string>; overIpv6?: boolean } = {}) => {
        const target = new URL(url);
        const https = target.protocol === 'https:';
        return send(url, {
          hostname: options.overIpv6 ? ipv6 : '127.0.0.1',
          port: https ? ports.https : ports.http,
          headers: { host: target.host, ...options.headers },
          servername: target.hostname,
          ca: https ? readFileSync(certificate) : undefined,
        });
      };
      return { ports, certificate, configTest: test.stderr, ipv6, get, stop };
    } catch (error) {
      // Another process took a port between the check and nginx's bind: try other ports.
      if (attempt === PORT_ATTEMPTS || !String(error).includes('Address already in use')) throw error;
    }
  }
}

export type RunningNginx = Awaited<ReturnType<typeof startNginx>>;
