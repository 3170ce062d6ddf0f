// The last line of `tos-ratings track` when fetches failed: the most common cause among the
// errors and what it likely means, so that "92 failed" does not end the story.

interface Cause {
  readonly label: string;
  readonly pattern: RegExp;
  readonly hint: string;
}

// First match wins: a robots.txt that could not be read on DNS is a DNS failure.
const CAUSES: readonly Cause[] = [
  { label: 'DNS', pattern: /\bDNS\b|no such host/i, hint: 'is this machine offline?' },
  { label: 'an internal address', pattern: /internal network/i, hint: 'set FETCH_ALLOW_PRIVATE=true to fetch from internal addresses' },
  {
    label: 'the connection',
    pattern: /connection refused|connection reset|unreachable|could not connect/i,
    hint: 'is a firewall or proxy in the way?',
  },
  { label: 'a timeout', pattern: /timed out|no answer within|within \d+ s|took longer/i, hint: 'is the network slow or filtered?' },
  { label: 'TLS', pattern: /\bTLS\b|certificate/i, hint: "is the system's certificate store up to date?" },
  { label: 'robots.txt', pattern: /robots\.txt/i, hint: 'the sites keep robots away from these pages (npx tos-ratings catalogue check)' },
  { label: 'the HTTP status', pattern: /\bHTTP \d{3}\b|\bstatus \d{3}\b/i, hint: 'the pages moved or refuse us (npx tos-ratings catalogue check)' },
];

const OTHER: Cause = { label: 'other errors', pattern: /$^/, hint: 'see the errors above (npx tos-ratings tracking --failed)' };

/** "92 of 92 failed on DNS: is this machine offline?", or null when nothing failed. */
export function failureSummary(outcomes: readonly { outcome: string; error: string | null }[]): string | null {
  const errors = outcomes.filter((o) => o.outcome === 'failed').map((o) => o.error ?? '');
  if (errors.length === 0) return null;
  const counts = new Map<Cause, number>();
  for (const error of errors) {
    const cause = CAUSES.find((c) => c.pattern.test(error)) ?? OTHER;
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  const [cause, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return `${n} of ${outcomes.length} failed on ${cause.label}: ${cause.hint}`;
}

/** Non-zero when there was something to fetch and nothing could be. */
export function trackExitCode(outcomes: readonly { outcome: string }[]): number {
  return outcomes.length > 0 && outcomes.every((o) => o.outcome === 'failed') ? 1 : 0;
}
