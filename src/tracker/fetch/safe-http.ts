// One GET of a resource on the web, within limits: http(s) only, a time limit on connecting and
// on the whole exchange, a size limit enforced while reading (after decompression, not after
// the fact), at most 5 redirects, each followed by hand with the same checks. Unless allowed, no
// address on a private, loopback, link-local or otherwise internal network is ever connected to:
// the check runs on the addresses DNS gives at connection time (so a name cannot be re-pointed
// between check and use) and again on every redirect. Conditional requests (ETag,
// Last-Modified) answer "not modified" without a body. Failures say whether trying again later
// may help (FetchFailure.retryable), for the tracker's retries.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import { DomainError, invalidInput } from '../../core/errors.js';

export const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

export interface ResourceRequest {
  readonly maxBytes?: number;
  /** The whole exchange, redirects and body included. */
  readonly timeoutMs?: number;
  /** Connecting, and any silence on the socket afterwards. */
  readonly connectTimeoutMs?: number;
  /** Allow internal addresses (an operator's own network; tests). Off for the server by default. */
  readonly allowPrivateAddresses?: boolean;
  readonly userAgent?: string;
  readonly accept?: string;
  /** Validators of the copy we hold: a 304 answer becomes `not-modified`. */
  readonly etag?: string | null;
  readonly lastModified?: string | null;
  /** Cancels the request (a server shutting down). */
  readonly signal?: AbortSignal;
}

export interface FetchedResource {
  readonly kind: 'fetched';
  /** The final URL, after redirects. */
  readonly url: string;
  readonly contentType: string;
  readonly body: Buffer;
  readonly etag: string | null;
  readonly lastModified: string | null;
  /** The response headers as Node gives them (lower-case names). */
  readonly headers: Readonly<http.IncomingHttpHeaders>;
}

export interface NotModified {
  readonly kind: 'not-modified';
  readonly url: string;
}

/** A fetch that did not give a document: `unprocessable` for the admin API, an error to record for the tracker. */
export class FetchFailure extends DomainError {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** What the server asked for (Retry-After), in milliseconds. */
    readonly retryAfterMs: number | null = null,
    /** The HTTP status of an answer that was not a success, if one came. */
    readonly httpStatus: number | null = null,
  ) {
    super('unprocessable', message);
  }
}

const INTERNAL = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['64:ff9b:1::', 48],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');
// NAT64 (RFC 6052): 64:ff9b::a.b.c.d reaches the IPv4 address a.b.c.d, so it is judged by it.
const NAT64 = new net.BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** True for addresses on internal networks (IPv4-mapped and NAT64 IPv6 judged by their IPv4 address). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true; // not an address: refuse rather than guess
  if (family === 6 && NAT64.check(address, 'ipv6')) return INTERNAL.check(embeddedIpv4(address), 'ipv4');
  // IPv6 forms that carry an IPv4 address a host may route to it: IPv4-compatible (::a.b.c.d,
  // ::7f00:1), mapped written in hex (::ffff:7f00:1), SIIT (::ffff:0:a.b.c.d) and 6to4 (2002:AABB:CCDD::).
  if (family === 6) {
    const inside = carriedIpv4(ipv6Groups(address));
    if (inside !== null && INTERNAL.check(inside, 'ipv4')) return true;
  }
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail is two groups). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address.replace(/%.*$/, '');
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, text.length - dotted[0].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...middle, ...tailGroups].map((g) => parseInt(g || '0', 16));
}

function carriedIpv4(g: number[]): string | null {
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 6)) return v4(g[6]!, g[7]!); // ::a.b.c.d
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!); // ::ffff:a.b.c.d in any notation
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return v4(g[6]!, g[7]!); // ::ffff:0:a.b.c.d
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!); // 6to4
  return null;
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIpv4(address: string): string {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) return dotted[1]!;
  const groups = address.split('::');
  const head = groups[0] ? groups[0].split(':') : [];
  const tail = groups.length > 1 && groups[1] ? groups[1].split(':') : [];
  const full = [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail].map((g) => parseInt(g || '0', 16));
  const [hi, lo] = [full[6]!, full[7]!];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

class RefusedAddress extends Error {}

/** dns.lookup, refusing internal addresses: used by the socket itself, so what is checked is what is connected to. */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((a) => isInternalAddress(a.address));
    if (refused || list.length === 0) return callback(new RefusedAddress(hostname), '', 4);
    if ((options as dns.LookupAllOptions).all) return (callback as any)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidInput(`not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalidInput('only http and https URLs can be fetched');
  return parsed;
}

/** Where a redirect leads: the URL asked for was fine, so one that leads nowhere fetchable is the page's failure (422), not the caller's (400). */
function redirectTarget(location: string, from: URL): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchFailure(`fetching ${from.href} failed: it redirects to something that is not a URL`, false);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new FetchFailure(`fetching ${from.href} failed: it redirects to a non-HTTP URL (${next.protocol}); only http and https can be fetched`, false);
  }
  return next;
}

export async function fetchResource(url: string, options: ResourceRequest = {}): Promise<FetchedResource | NotModified> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const timeoutReason = () => (options.signal?.aborted ? 'cancelled' : `no answer within ${timeoutMs / 1000} s`);
  let target = parseHttpUrl(url);
  for (let redirects = 0; ; redirects++) {
    const { response, stalled } = await request(target, options, signal, timeoutReason);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if ([301, 302, 303, 307, 308].includes(status) && location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new FetchFailure(`fetching ${url} failed: more than ${MAX_REDIRECTS} redirects`, false);
      target = redirectTarget(location, target);
      continue;
    }
    if (status === 304 && (options.etag || options.lastModified)) {
      response.resume();
      return { kind: 'not-modified', url: target.href };
    }
    if (status < 200 || status > 299) {
      response.resume();
      throw new FetchFailure(
        `fetching ${target.href} failed: HTTP ${status}`,
        RETRYABLE_STATUSES.has(status),
        retryAfter(response.headers['retry-after']),
        status,
      );
    }
    const silence = `no answer within ${(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS) / 1000} s of silence`;
    const body = await readLimited(decoded(response), maxBytes, target.href, () =>
      stalled() ? silence : signal.aborted ? timeoutReason().replace('no answer', 'no complete answer') : null,
    );
    return {
      kind: 'fetched',
      url: target.href,
      contentType: String(response.headers['content-type'] ?? ''),
      body,
      etag: header(response.headers.etag),
      lastModified: header(response.headers['last-modified']),
      headers: response.headers,
    };
  }
}

function header(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 1000 ? first : null;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
function retryAfter(value: string | string[] | undefined): number | null {
  const raw = header(value);
  if (raw === null) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function request(
  target: URL,
  options: ResourceRequest,
  signal: AbortSignal,
  timeoutReason: () => string,
): Promise<{ response: http.IncomingMessage; stalled: () => boolean }> {
  const allowPrivate = options.allowPrivateAddresses === true;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const refused = () => new FetchFailure(`fetching ${target.href} refused: ${target.hostname} is on an internal network`, false);
  // A literal address is connected to without a lookup: judge it here.
  if (!allowPrivate && net.isIP(host) && isInternalAddress(host)) return Promise.reject(refused());
  const client = target.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    accept: options.accept ?? 'text/html, text/markdown, text/plain',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': options.userAgent ?? 'tos-ratings (terms fetcher)',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  let stalled = false;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target,
      {
        signal,
        // A socket of its own (no keep-alive pool): a pooled one may have been opened unchecked.
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup, agent: false }),
        headers,
      },
      (response) => resolve({ response, stalled: () => stalled }),
    );
    req.setTimeout(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, () => {
      stalled = true;
      req.destroy(new SilentSocket());
    });
    req.on('error', (error) => {
      if (error instanceof RefusedAddress || (error as { cause?: unknown }).cause instanceof RefusedAddress) return reject(refused());
      if (signal.aborted) return reject(new FetchFailure(`fetching ${target.href} failed: ${timeoutReason()}`, !options.signal?.aborted));
      const [reason, retryable] = describeNetworkError(error, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
      reject(new FetchFailure(`fetching ${target.href} failed: ${reason}`, retryable));
    });
  });
}

class SilentSocket extends Error {}

/** A person's reading of a socket error, and whether trying again later may help. */
function describeNetworkError(error: Error, connectTimeoutMs: number): [string, boolean] {
  if (error instanceof SilentSocket) return [`no answer within ${connectTimeoutMs / 1000} s of silence`, true];
  const code = (error as NodeJS.ErrnoException).code ?? '';
  switch (code) {
    case 'ENOTFOUND':
      return ['no such host (DNS)', false];
    case 'EAI_AGAIN':
      return ['DNS lookup failed (temporary)', true];
    case 'ECONNREFUSED':
      return ['connection refused', true];
    case 'ECONNRESET':
    case 'EPIPE':
      return ['connection reset', true];
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return ['host unreachable', true];
    case 'ETIMEDOUT':
      return ['connection timed out', true];
    default:
      break;
  }
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return [`TLS certificate problem (${code})`, false];
  return ['could not connect', true];
}

/** The body, decompressed as its Content-Encoding says (the size limit counts decompressed bytes). */
function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  return pipeline(response, decoder, () => {}); // an error on either side ends the read with it
}

/** `interrupted` says why reading stopped early (a silent socket, the deadline), or null. */
async function readLimited(body: Readable, maxBytes: number, url: string, interrupted: () => string | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        body.destroy();
        throw new FetchFailure(`document at ${url} is larger than ${maxBytes} bytes`, false);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    const reason = interrupted() ?? 'the body could not be read';
    throw new FetchFailure(`fetching ${url} failed: ${reason}`, true);
  }
  return Buffer.concat(chunks);
}
