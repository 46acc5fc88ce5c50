// @ts-check
/**
 * Scans a host with MDN's HTTP Observatory, its own scan and scoring code, and prints the result as
 * JSON. deploy/nginx.test.ts runs it against nginx on loopback ports (observatory-scan.ts puts the
 * HSTS preload list in place first):
 *
 *   OBSERVATORY_CONNECT='{"www.example.de:80":"127.0.0.1:18080","www.example.de:443":"127.0.0.1:18443"}' \
 *   NODE_EXTRA_CA_CERTS=cert.pem node deploy/observatory/scan.mjs www.example.de
 *
 * A process of its own because the scanner trusts only the CA certificates Node starts with
 * (NODE_EXTRA_CA_CERTS; a self-signed certificate it cannot verify costs the grade), and because it
 * connects to ports 80 and 443 of the name it is given: OBSERVATORY_CONNECT sends those connections
 * to where the test's nginx listens, as a hosts file and a port forward would, while the requests,
 * the TLS server name and the certificate check keep the real host name.
 */
import net from 'node:net';

const hostname = process.argv[2];
if (!hostname) throw new Error('Usage: node deploy/observatory/scan.mjs <hostname>');

/** @type {unknown} */
const connectSetting = JSON.parse(process.env.OBSERVATORY_CONNECT ?? '{}');
/** "host:port" → "address:port" */
const connectMap = /** @type {Partial<Record<string, string>>} */ (connectSetting);

/** @param {unknown} value @returns {value is unknown[]} */
const isList = (value) => Array.isArray(value);
/** @param {unknown} value @returns {value is { host?: unknown, port?: unknown }} */
const isObject = (value) => typeof value === 'object' && value !== null;

// Every TCP connection in Node (http.Agent, tls.connect) ends in Socket#connect, which takes an options
// object, or the array net.connect normalised its arguments into.
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with each socket as `this`
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = /** @type {typeof connect} */ (
  function (/** @type {unknown[]} */ ...args) {
    const normalised = isList(args[0]) ? args[0] : undefined;
    const given = normalised ? normalised[0] : args[0];
    const options = isObject(given) ? given : {};
    const target = connectMap[`${String(options.host)}:${String(options.port)}`];
    if (!target) return connect.apply(this, /** @type {any} */ (args));
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    const callback = /** @type {() => void} */ (normalised ? normalised[1] : args[1]);
    const connectTo =
      /** @type {(options: import('node:net').TcpSocketConnectOpts, listener: () => void) => net.Socket} */ (connect);
    return connectTo.call(this, { ...options, host, port }, callback);
  }
);

const { scan } = await import('@mdn/mdn-http-observatory');
const result = await scan(hostname);
const tests = Object.fromEntries(
  Object.entries(result.tests).map(([name, test]) => [
    name,
    { pass: test.pass, result: test.result, scoreModifier: test.scoreModifier },
  ]),
);
process.stdout.write(JSON.stringify({ scan: result.scan, tests }));
