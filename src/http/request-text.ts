// Text that no request may carry, whatever its schema: NUL characters (U+0000) and unpaired
// UTF-16 surrogates (a JSON `\ud800` escape without its partner). PostgreSQL refuses NUL in text
// outright (a 500 if it got that far) and cannot store a lone surrogate as UTF-8 (it would be
// replaced, so what was stored would not be what was sent). Both are refused with 400 instead,
// in field names as well as values, for bodies, query strings and paths alike.
import type { ErrorObject } from 'ajv';

export const NUL_MESSAGE = 'must not contain NUL characters (U+0000)';
export const SURROGATE_MESSAGE = 'must not contain unpaired UTF-16 surrogates (text must be valid Unicode)';

/** The first string (or field name) in `value` that breaks the rules above, as an Ajv-style error; null when all is well. */
export function illFormedText(value: unknown, instancePath = ''): ErrorObject | null {
  if (typeof value === 'string') return textProblem(value, instancePath, false);
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedText(value[i], `${instancePath}/${i}`);
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const keyProblem = textProblem(key, instancePath, true);
    if (keyProblem) return keyProblem;
    const found = illFormedText((value as Record<string, unknown>)[key], `${instancePath}/${escapePointer(key)}`);
    if (found) return found;
  }
  return null;
}

function textProblem(text: string, instancePath: string, isKey: boolean): ErrorObject | null {
  // Both tests are native and stop at the first hit: cheap enough for every request.
  const message = text.includes('\u0000') ? NUL_MESSAGE : isWellFormed(text) ? null : SURROGATE_MESSAGE;
  if (message === null) return null;
  return {
    instancePath,
    schemaPath: '#/text',
    keyword: 'text',
    params: {},
    message: isKey ? `field names ${message}` : message,
  };
}

// String.prototype.isWellFormed (Node 20) is not in the ES2022 library types this project compiles against.
const isWellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
