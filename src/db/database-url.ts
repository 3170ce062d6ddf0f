// DATABASE_URL as it may be shown (logs, the CLI's first line, error messages): the password
// never, the rest as given, so that an operator sees which database is meant.
export function shownDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable URL)';
  }
}
