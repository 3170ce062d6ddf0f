// A small client that drives the application over real HTTP (a socket to the listening server)
// and checks every response against the contract. A client address is emulated by binding the
// client socket to it, which works for the loopback range 127.0.0.0/8; any other address (IPv6
// prefixes, documentation ranges) goes through app.inject, which sets the socket address directly.
import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { contractViolation } from './contract.js';

interface Asserts {
  fail(message: string): void;
}

export interface ApiResponse {
  status: number;
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: string;
  /** The client's address: 127.x.y.z over HTTP, anything else through app.inject. */
  remoteAddress?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export function apiClient(t: Asserts, app: FastifyInstance) {
  let port: Promise<number> | null = null;
  const listening = () => (port ??= listen(app));
  return async function call(method: Method, url: string, options: CallOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let payload: string | undefined = options.raw;
    if (payload === undefined && options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const overHttp = options.remoteAddress === undefined || isLoopbackV4(options.remoteAddress);
    const response = overHttp
      ? await httpRequest(await listening(), method, url, headers, payload, options.remoteAddress)
      : await injected(app, method, url, headers, payload, options.remoteAddress!);
    const body = response.text === '' ? null : JSON.parse(response.text);
    const violation = contractViolation(method, url, response.status, body);
    if (violation) t.fail(`contract: ${violation}`);
    return { status: response.status, body, headers: response.headers };
  };
}

async function listen(app: FastifyInstance): Promise<number> {
  const existing = app.server.address();
  if (existing && typeof existing === 'object') return existing.port;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

function isLoopbackV4(address: string): boolean {
  return net.isIPv4(address) && address.startsWith('127.');
}

interface RawResponse {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

function httpRequest(
  port: number,
  method: Method,
  path: string,
  headers: Record<string, string>,
  payload: string | undefined,
  localAddress?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers, localAddress }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text, headers: response.headers }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

async function injected(
  app: FastifyInstance,
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload: string | undefined,
  remoteAddress: string,
): Promise<RawResponse> {
  const response = await app.inject({ method, url, headers, payload, remoteAddress });
  return { status: response.statusCode, text: response.body, headers: response.headers as RawResponse['headers'] };
}

/** Registers an agent and returns its key. */
export async function registerAgent(
  call: ReturnType<typeof apiClient>,
  body: Record<string, unknown> = { name: 'Test agent', accept_terms: true },
  remoteAddress = randomAddress(),
): Promise<string> {
  const response = await call('POST', '/api/agents/register', { body, remoteAddress });
  if (response.status !== 200) throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.api_key;
}

let nextAddress = Math.floor(Math.random() * 1000) * 1000;

/** A distinct loopback client address, so that each registration has a budget of its own. */
export function randomAddress(): string {
  const n = ++nextAddress;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}
