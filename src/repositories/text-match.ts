// Case-insensitive "contains" searches: a LIKE pattern in which the searched text's own
// wildcards are taken literally.

/** LIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
