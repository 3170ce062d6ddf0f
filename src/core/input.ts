// A call's input checked against its operation's schemas, part by part in the order the HTTP
// door has always checked a request (path, body, query), with one readable message for the
// first problem ("body.rating must be <= 10"). Path and query values that arrive as text (from a
// URL or a command line) are converted to their declared types, strictly; JSON values (MCP
// arguments) are taken as they are. Bodies are never converted.
import { compileParameters, compileRequestBody, describeValidationError, type RequestValidator } from './contract/validation.js';
import { invalidInput, type DomainError } from './errors.js';
import type { OperationSpec } from './operation-table.js';
import type { Caller } from './services.js';

/** What a door hands over: the path and query parameters and the body, as they came. */
export interface CallInput {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/** The input as a handler gets it: converted, defaults filled in, the body only if the operation takes one. */
export interface CheckedInput {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

export type InputCheck = { ok: true; input: CheckedInput } | { ok: false; error: DomainError };

type Part = 'path' | 'body' | 'query';
type Validators = readonly [Part, keyof CallInput, RequestValidator | null][];

const compiled = new WeakMap<OperationSpec, Record<Caller['parameters'], Validators>>();

export function checkInput(spec: OperationSpec, input: CallInput, parameters: Caller['parameters']): InputCheck {
  const values: Record<keyof CallInput, unknown> = { params: input.params, query: input.query, body: spec.bodySchema ? input.body : undefined };
  for (const [part, field, validate] of validatorsOf(spec)[parameters]) {
    const result = validate ? validate(values[field]) : true;
    if (result === false) return { ok: false, error: invalidInput(describeValidationError(part, validate!.errors?.[0])) };
    // The handler gets objects of its own: a converted value is new, anything else is copied.
    if (typeof result === 'object') values[field] = result.value;
    else if (field !== 'body') values[field] = { ...(values[field] as object | undefined) };
  }
  return { ok: true, input: values as CheckedInput };
}

function validatorsOf(spec: OperationSpec): Record<Caller['parameters'], Validators> {
  let validators = compiled.get(spec);
  if (!validators) {
    const body = spec.bodySchema && compileRequestBody(spec.bodySchema);
    const asText = (schema: object | null) => schema && compileParameters(schema);
    const asJson = (schema: object | null) => schema && compileRequestBody(schema);
    validators = {
      text: [
        ['path', 'params', asText(spec.paramsSchema)],
        ['body', 'body', body],
        ['query', 'query', asText(spec.querySchema)],
      ],
      json: [
        ['path', 'params', asJson(spec.paramsSchema)],
        ['body', 'body', body],
        ['query', 'query', asJson(spec.querySchema)],
      ],
    };
    compiled.set(spec, validators);
  }
  return validators;
}
