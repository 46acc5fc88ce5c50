/**
 * What a TLS server on a loopback port accepts, asked the way a scanner asks: nmap's ssl-enum-ciphers
 * (Debian's nmap; `.ci/system-packages.sh` installs it) tries every suite of every protocol version,
 * and `openssl s_client` tries key exchange groups and session resumption one handshake at a time.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findProgram } from './nginx-server';

const run = promisify(execFile);

export const findNmap = () => findProgram('nmap');

/** One protocol version as the scanner found it: the suites by their IANA names, and who picks among them. */
export type ProtocolScan = { suites: string[]; preference: string | undefined };

/**
 * nmap's ssl-enum-ciphers on 127.0.0.1:`port`, introducing itself with `servername` (SNI): each
 * protocol version the server accepts (SSLv3 … TLSv1.3), in nmap's order. nmap calls TLS 1.3's
 * suites TLS_AKE_WITH_…; they are given here by their IANA names (TLS_AES_128_GCM_SHA256).
 */
export async function enumerateSuites(
  nmap: string,
  port: number,
  servername: string,
): Promise<Map<string, ProtocolScan>> {
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
  const protocols = new Map<string, ProtocolScan>();
  for (let i = 0; i < parts.length; i += 2) {
    const table = parts[i + 1]!;
    protocols.set(parts[i]!, {
      suites: [...table.matchAll(/<elem key="name">([^<]*)<\/elem>/g)].map(([, name]) =>
        name!.replace(/^TLS_AKE_WITH_/, 'TLS_'),
      ),
      preference: /<elem key="cipher preference">([^<]*)<\/elem>/.exec(table)?.[1],
    });
  }
  return protocols;
}

export type Handshake = { ok: boolean; output: string };

/**
 * One `openssl s_client` connection to 127.0.0.1:`port` as `servername`, with s_client's `options`;
 * it sends `request` once connected and leaves at the end of it (with `-ign_eof`: once the server
 * closes). `ok`: the handshake succeeded.
 */
export async function handshake(port: number, servername: string, options: string[], request = ''): Promise<Handshake> {
  const child = run('openssl', ['s_client', '-connect', `127.0.0.1:${port}`, '-servername', servername, ...options]);
  // s_client leaves at once when nginx refuses the handshake, perhaps before it read its input: the
  // broken pipe that follows says nothing the exit status does not.
  child.child.stdin?.on('error', () => {});
  child.child.stdin?.end(request);
  return child.then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (error: { stdout?: string; stderr?: string }) => ({
      ok: false,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
}

/** The session a server hands out on a first visit, and what happens when the client comes back with it. */
export type Resumption = { session: string; resumed: boolean };

/**
 * Connects once with `protocol` (`-tls1_2`, `-tls1_3`), keeps the session nginx hands out, prints it
 * with `openssl sess_id`, then connects again offering it. TLS 1.3 hands the session out after the
 * handshake: s_client sends an HTTP/1.0 request and, with -ign_eof, reads until nginx has answered and
 * closed, instead of leaving at the end of its input, perhaps before the session arrived.
 */
export async function resumeSession(port: number, servername: string, protocol: string): Promise<Resumption> {
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
