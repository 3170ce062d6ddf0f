// The last line of `tos-ratings track` and `tos-ratings catalogue check` when fetches failed: the
// most common cause among the errors and what it likely means, so that "92 failed" does not end
// the story.

interface Cause {
  readonly label: string;
  readonly pattern: RegExp;
  readonly hint: string;
  /** A cause on this machine's side (its network), not on the sites'. */
  readonly local?: boolean;
}

// First match wins: a robots.txt that could not be read on DNS is a DNS failure.
const CAUSES: readonly Cause[] = [
  { label: 'DNS', pattern: /\bDNS\b|no such host/i, hint: 'is this machine offline?', local: true },
  { label: 'an internal address', pattern: /internal network/i, hint: 'set FETCH_ALLOW_PRIVATE=true to fetch from internal addresses', local: true },
  {
    label: 'the connection',
    pattern: /connection refused|connection reset|unreachable|could not connect/i,
    hint: 'is a firewall or proxy in the way?',
    local: true,
  },
  { label: 'a timeout', pattern: /timed out|no answer within|within \d+ s|took longer/i, hint: 'is the network slow or filtered?', local: true },
  { label: 'TLS', pattern: /\bTLS\b|certificate/i, hint: "is the system's certificate store up to date?", local: true },
  { label: 'robots.txt', pattern: /robots\.txt/i, hint: 'the sites keep robots away from these pages (npx tos-ratings catalogue check)' },
  { label: 'the HTTP status', pattern: /\bHTTP \d{3}\b|\bstatus \d{3}\b/i, hint: 'the pages moved or refuse us (npx tos-ratings catalogue check)' },
];

const OTHER: Cause = { label: 'other errors', pattern: /$^/, hint: 'see the errors above (npx tos-ratings tracking --failed)' };

interface Outcome {
  readonly outcome: string;
  readonly error: string | null;
}

function mostCommonCause(outcomes: readonly Outcome[]): { cause: Cause; n: number } | null {
  const errors = outcomes.filter((o) => o.outcome === 'failed').map((o) => o.error ?? '');
  if (errors.length === 0) return null;
  const counts = new Map<Cause, number>();
  for (const error of errors) {
    const cause = CAUSES.find((c) => c.pattern.test(error)) ?? OTHER;
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  const [cause, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return { cause, n };
}

/** "92 of 92 failed on DNS: is this machine offline?", or null when nothing failed. */
export function failureSummary(outcomes: readonly Outcome[]): string | null {
  const found = mostCommonCause(outcomes);
  return found && `${found.n} of ${outcomes.length} failed on ${found.cause.label}: ${found.cause.hint}`;
}

/**
 * The same when the likely cause is this machine's network (offline, a firewall): `catalogue
 * check` lists the sites' own problems entry by entry, and says this once.
 */
export function localFailureSummary(outcomes: readonly Outcome[]): string | null {
  const found = mostCommonCause(outcomes);
  return found?.cause.local ? `${found.n} of ${outcomes.length} failed on ${found.cause.label}: ${found.cause.hint}` : null;
}

/** Non-zero when there was something to fetch and nothing could be. */
export function trackExitCode(outcomes: readonly { outcome: string }[]): number {
  return outcomes.length > 0 && outcomes.every((o) => o.outcome === 'failed') ? 1 : 0;
}
