// What a TLS server on a loopback port accepts, asked as a scanner asks: nmap's ssl-enum-ciphers and openssl s_client.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Each protocol version 127.0.0.1:`port` accepts for `servername` (SNI): its suites by their IANA names, sorted, and
 * who picks among them.
 */
export async function enumerateSuites(nmap: string, port: number, servername: string) {
  // A connect scan (-sT) needs no raw sockets; -n and -Pn: no DNS lookup, no ping before it.
  const { stdout } = await run(nmap, [
    ...['-n', '-Pn', '-sT', '-p', String(port)],
    ...['--script', 'ssl-enum-ciphers', '--script-args', `tls.servername=${servername}`],
    ...['-oX', '-', '127.0.0.1'],
  ]);
  const script = /<script id="ssl-enum-ciphers"[^>]*>([\s\S]*?)<\/script>/.exec(stdout)?.[1];
  if (script === undefined) throw new Error(`nmap found no TLS on port ${port}:\n${stdout}`);
  // Each version's table holds its suites' names and its preference, up to the next version's table.
  const [, ...parts] = script.split(/<table key="(SSLv\d|TLSv1\.\d)">/);
  const protocols = new Map<string, { suites: string[]; preference: string | undefined }>();
  for (let i = 0; i < parts.length; i += 2) {
    const table = parts[i + 1];
    const names = [...table.matchAll(/<elem key="name">([^<]*)<\/elem>/g)].map(([, name]) => name);
    protocols.set(parts[i], {
      suites: names.map((name) => name.replace(/^TLS_AKE_WITH_/, 'TLS_')).sort(), // nmap's name for TLS 1.3's suites
      preference: /<elem key="cipher preference">([^<]*)<\/elem>/.exec(table)?.[1],
    });
  }
  return protocols;
}

/**
 * One `openssl s_client` connection to `host` with `options`, sending `request` (with `-ign_eof`, reading until the
 * server closes).
 */
export async function handshake(port: number, servername: string, options: string[], request = '', host = '127.0.0.1') {
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const child = run('openssl', ['s_client', '-connect', address, '-servername', servername, ...options]);
  // s_client leaves at once when nginx refuses the handshake: the broken pipe says nothing the exit status does not.
  child.child.stdin?.on('error', () => undefined);
  child.child.stdin?.end(request);
  return child.then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (error: unknown) => {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      return { ok: false, output: `${stdout ?? ''}${stderr ?? ''}` };
    },
  );
}

/**
 * The session a first `protocol` visit gets (as `openssl sess_id` prints it), and whether a second visit resumes it.
 * TLS 1.3 hands it out after the handshake: a request, read to its end, makes s_client wait for it.
 */
export async function resumeSession(port: number, servername: string, protocol: string) {
  const dir = mkdtempSync(join(tmpdir(), 'uferlicht-tls-session-'));
  const file = join(dir, 'session.pem');
  const request = `GET / HTTP/1.0\r\nHost: ${servername}\r\n\r\n`;
  const visit = (...session: string[]) => handshake(port, servername, [protocol, '-ign_eof', ...session], request);
  try {
    const first = await visit('-sess_out', file);
    if (!first.ok) throw new Error(`The first ${protocol} handshake failed:\n${first.output}`);
    const { stdout: session } = await run('openssl', ['sess_id', '-in', file, '-noout', '-text']);
    const again = await visit('-sess_in', file);
    return { session, resumed: /^Reused, /m.test(again.output) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
