// Request and response validation of each route against the document, with the one Ajv.
// Responses are checked before they leave, in production too: a reply that breaks the contract
// becomes a 500 (and an error log) instead of reaching a client.
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { compileCoercing, compileStrict } from './ajv.js';
import { HttpError } from './errors.js';
import type { OperationSpec } from './openapi.js';

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body' ? compileStrict(schema) : compileCoercing(schema);

export function responseValidator(spec: OperationSpec) {
  const validators = new Map<string, ValidateFunction>(
    Object.entries(spec.responseSchemas).map(([status, schema]) => [status, compileStrict(schema)]),
  );
  return async function validateResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const status = String(reply.statusCode);
    const validate = validators.get(status);
    if (!validate) {
      if (reply.statusCode >= 500) return payload; // never turn an error into a loop
      request.log.error({ status, operationId: spec.operationId }, 'response status not in the contract');
      throw new HttpError(500, 'internal server error');
    }
    if (validate(payload)) return payload;
    request.log.error({ status, operationId: spec.operationId, errors: validate.errors }, 'response does not match the contract');
    if (reply.statusCode >= 500) return { error: 'internal server error' };
    throw new HttpError(500, 'internal server error');
  };
}
