// A small client over app.inject that checks every response against the contract.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { contractViolation } from './contract.js';

interface Asserts {
  fail(message: string): void;
}

export interface ApiResponse {
  status: number;
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

export function apiClient(t: Asserts, app: FastifyInstance) {
  return async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    options: { key?: string; body?: unknown; headers?: Record<string, string>; raw?: string; remoteAddress?: string } = {},
  ): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const inject: InjectOptions = { method, url, headers, remoteAddress: options.remoteAddress };
    if (options.raw !== undefined) inject.payload = options.raw;
    else if (options.body !== undefined) inject.payload = options.body as object;
    const response = await app.inject(inject);
    const body = response.body === '' ? null : JSON.parse(response.body);
    const violation = contractViolation(method, url, response.statusCode, body);
    if (violation) t.fail(`contract: ${violation}`);
    return { status: response.statusCode, body, headers: response.headers };
  };
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

/** A distinct client address, so that each registration has a budget of its own. */
export function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}
