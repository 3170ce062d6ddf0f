// Request and response validation of each route against the document, with the one Ajv.
// Responses are checked before they leave, in production too: a reply that breaks the contract
// becomes a 500 (and an error log) instead of reaching a client.
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { compileParameters, compileRequestBody, compileStrict } from '../core/contract/validation.js';
import { HttpError } from '../core/errors.js';
import type { OperationSpec } from '../core/contract/document.js';

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body' ? compileRequestBody(schema) : compileParameters(schema);

export function responseValidator(spec: OperationSpec) {
  const validators = new Map<string, ValidateFunction>(
    Object.entries(spec.responseSchemas).map(([status, schema]) => [status, compileStrict(schema)]),
  );
  return async function validateResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const status = String(reply.statusCode);
    const validate = validators.get(status);
    if (validate?.(payload)) return payload;
    if (reply.statusCode >= 500 && !validate) return payload; // never turn an error into a loop
    request.log.error(
      { status, operationId: spec.operationId, errors: validate ? validate.errors : 'status not in the contract' },
      'response does not match the contract',
    );
    // An answer that is not an error yet becomes one through the error handler (the cached
    // operations rely on this throw to never keep a bad body). An error answer is replaced here:
    // a throw from this hook while an error is being answered would reach Fastify's default
    // handler, whose body is not the documented {error}.
    if (reply.statusCode < 400) throw new HttpError(500, 'internal server error');
    reply.code(500);
    return { error: 'internal server error' };
  };
}
