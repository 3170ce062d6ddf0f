// While the fuzz suite runs, this process connects to loopback only. The server under test runs
// in this process, and the suite calls every operation of the document with valid requests,
// including any that make the server fetch from the web (a terms URL, a tracking pass): those
// must fail here (as the document's 422s and the like), never reach past this machine.
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.']);

export function isLoopback(host: string): boolean {
  if (LOOPBACK_NAMES.has(host.toLowerCase())) return true;
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./i.test(bare);
  return false;
}

let installed = false;

export function connectToLoopbackOnly(): void {
  if (installed) return;
  installed = true;
  const connect = net.Socket.prototype.connect as (...args: unknown[]) => net.Socket;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    // net.connect() and http agents pass Node's normalized [options, callback] array as the first argument.
    const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    const options = (typeof first === 'object' && first !== null ? first : { port: first, host: typeof second === 'string' ? second : undefined }) as {
      host?: string;
      port?: unknown;
      path?: unknown;
    };
    const host = options.host ?? 'localhost';
    // A Unix socket (a path and no port) stays on this machine; http's options carry the URL's path beside a port.
    const unixSocket = typeof options.path === 'string' && options.port === undefined;
    if (!unixSocket && !isLoopback(host)) {
      process.nextTick(() =>
        this.destroy(Object.assign(new Error(`connect ECONNREFUSED ${host} (the fuzz suite allows loopback only)`), { code: 'ECONNREFUSED' })),
      );
      return this;
    }
    return connect.apply(this, args);
  } as typeof net.Socket.prototype.connect;
  const lookup = dns.lookup as (...args: unknown[]) => void;
  (dns as { lookup: unknown }).lookup = function guardedLookup(hostname: string, ...rest: unknown[]) {
    const callback = rest[rest.length - 1] as (error: Error) => void;
    if (!isLoopback(hostname)) {
      return process.nextTick(() =>
        callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (the fuzz suite allows loopback only)`), { code: 'ENOTFOUND' })),
      );
    }
    return lookup.call(dns, hostname, ...rest);
  };
}
