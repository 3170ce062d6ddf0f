// Fetches a provider's terms from its URL, within limits: http(s) only, a time limit for the
// whole exchange, a size limit enforced while reading (after decompression, not after the fact),
// a readable content type, at most 5 redirects. Unless allowed, no address on a private,
// loopback, link-local or otherwise internal network is ever connected to: the check runs on
// the addresses DNS gives at connection time (so a name cannot be re-pointed between check and
// use) and again on every redirect.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import { HttpError } from '../http/errors.js';
import type { DocumentFormat } from './ingest.js';

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;

export interface FetchOptions {
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
  /** Allow internal addresses (an operator's own network; tests). Off for the server by default. */
  readonly allowPrivateAddresses?: boolean;
}

export interface FetchedDocument {
  readonly raw: string;
  readonly format: DocumentFormat;
  readonly url: string;
}

const INTERNAL = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['64:ff9b:1::', 48],
] as const) INTERNAL.addSubnet(network, prefix, 'ipv6');
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
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((a) => isInternalAddress(a.address));
    if (refused || list.length === 0) return callback(new RefusedAddress(hostname), '', 4);
    if ((options as dns.LookupAllOptions).all) return (callback as any)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export async function fetchDocument(url: string, options: FetchOptions = {}): Promise<FetchedDocument> {
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let target = parseUrl(url);
  for (let redirects = 0; ; redirects++) {
    const response = await request(target, options.allowPrivateAddresses === true, signal, timeoutMs);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if ([301, 302, 303, 307, 308].includes(status) && location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new HttpError(422, `fetching ${url} failed: more than ${MAX_REDIRECTS} redirects`);
      target = parseUrl(new URL(location, target).href);
      continue;
    }
    if (status < 200 || status > 299) {
      response.resume();
      throw new HttpError(422, `fetching ${target.href} failed: HTTP ${status}`);
    }
    const contentType = String(response.headers['content-type'] ?? '');
    const format = formatOfContentType(contentType);
    if (!format) {
      response.resume();
      throw new HttpError(422, `fetching ${target.href} gave ${contentType || 'no content type'}, not HTML, Markdown or text`);
    }
    const raw = await readLimited(decoded(response), maxBytes, target.href, signal, timeoutMs);
    return { raw, format, url: target.href };
  }
}

function parseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HttpError(400, `not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new HttpError(400, 'only http and https URLs can be fetched');
  return parsed;
}

function request(target: URL, allowPrivate: boolean, signal: AbortSignal, timeoutMs: number): Promise<http.IncomingMessage> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const refused = () => new HttpError(422, `fetching ${target.href} refused: ${target.hostname} is on an internal network`);
  // A literal address is connected to without a lookup: judge it here.
  if (!allowPrivate && net.isIP(host) && isInternalAddress(host)) return Promise.reject(refused());
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target,
      {
        signal,
        // A socket of its own (no keep-alive pool): a pooled one may have been opened unchecked.
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup, agent: false }),
        headers: { accept: 'text/html, text/markdown, text/plain', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'tos-ratings (terms fetcher)' },
      },
      resolve,
    );
    req.on('error', (error) => {
      if (error instanceof RefusedAddress || (error as { cause?: unknown }).cause instanceof RefusedAddress) return reject(refused());
      const reason = signal.aborted ? `no answer within ${timeoutMs / 1000} s` : 'could not connect';
      reject(new HttpError(422, `fetching ${target.href} failed: ${reason}`));
    });
  });
}

/** The body, decompressed as its Content-Encoding says (the size limit counts decompressed bytes). */
function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
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

export function formatOfContentType(contentType: string): DocumentFormat | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type === 'text/plain' || type === '') return 'text';
  return null;
}

async function readLimited(body: Readable, maxBytes: number, url: string, signal: AbortSignal, timeoutMs: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        body.destroy();
        throw new HttpError(422, `document at ${url} is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const reason = signal.aborted ? `no complete answer within ${timeoutMs / 1000} s` : 'the body could not be read';
    throw new HttpError(422, `fetching ${url} failed: ${reason}`);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}
