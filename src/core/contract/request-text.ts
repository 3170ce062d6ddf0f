// Text that no request may carry, whatever its schema: NUL characters (U+0000) and unpaired
// UTF-16 surrogates (a JSON `\ud800` escape without its partner). PostgreSQL refuses NUL in text
// outright (a 500 if it got that far) and cannot store a lone surrogate as UTF-8 (it would be
// replaced, so what was stored would not be what was sent). Both are refused with 400 instead,
// in field names as well as values, for bodies, query strings and paths alike.
import type { ErrorObject } from 'ajv';

export const NUL_MESSAGE = 'must not contain NUL characters (U+0000)';
export const UNDECODABLE_MESSAGE = 'must be percent-encoded UTF-8 (its bytes are not valid UTF-8)';
/** What query-string.ts makes of a query component whose bytes are not UTF-8: two unpaired surrogates, never valid text. */
export const UNDECODABLE_TEXT = '\udfff\ud800';
export const SURROGATE_MESSAGE = 'must not contain unpaired UTF-16 surrogates (text must be valid Unicode)';

interface Frame {
  readonly value: unknown;
  readonly parent: Frame | null;
  readonly key: string;
}

/**
 * The first string (or field name) in `value` that breaks the rules above, as an Ajv-style error;
 * null when all is well. Iterative, so that no nesting depth can exhaust the stack.
 */
export function illFormedText(value: unknown, instancePath = ''): ErrorObject | null {
  const stack: Frame[] = [{ value, parent: null, key: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value: node } = frame;
    if (typeof node === 'string') {
      const problem = textProblem(node, false);
      if (problem) return error(instancePath + pointer(frame), problem);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], parent: frame, key: String(i) });
    } else if (node !== null && typeof node === 'object') {
      const keys = Object.keys(node);
      for (const key of keys) {
        const problem = textProblem(key, true);
        if (problem) return error(instancePath + pointer(frame), problem);
      }
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (node as Record<string, unknown>)[keys[i]!], parent: frame, key: keys[i]! });
    }
  }
  return null;
}

function pointer(frame: Frame): string {
  const keys: string[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) keys.push(at.key.replaceAll('~', '~0').replaceAll('/', '~1'));
  return keys
    .reverse()
    .map((k) => `/${k}`)
    .join('');
}

function error(instancePath: string, message: string): ErrorObject {
  return { instancePath, schemaPath: '#/text', keyword: 'text', params: {}, message };
}

function textProblem(text: string, isKey: boolean): string | null {
  // Both tests are native and stop at the first hit: cheap enough for every request.
  const message = text.includes('\u0000') ? NUL_MESSAGE : isWellFormed(text) ? null : text === UNDECODABLE_TEXT ? UNDECODABLE_MESSAGE : SURROGATE_MESSAGE;
  return message === null ? null : isKey ? `field names ${message}` : message;
}

// String.prototype.isWellFormed (Node 20) is not in the ES2022 library types this project compiles against.
const isWellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();
