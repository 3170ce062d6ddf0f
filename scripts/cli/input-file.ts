// Files the operator names on the command line: read whole, or refused with one line that says why
// in words ("no such file"), never a stack trace.
import fs from 'node:fs';

/** A failure to report as one line (the operation's own error message, or why it could not run). */
export class CliError extends Error {}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a directory',
};

export function readInputFile(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`cannot read ${file}: ${code && REASONS[code] ? `${REASONS[code]} (${code})` : (code ?? (error as Error).message)}`);
  }
}

export function readInputText(file: string): string {
  return readInputFile(file).toString('utf8');
}
