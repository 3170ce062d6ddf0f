// One reading of a site's access signals, as the tracker stores it (a version) and the verdict
// engine reads it. Each part says whether it was read; what could not be read stays `unreadable`,
// never a guess. Plain JSON: it is stored as jsonb and compared for changes.

/** `read`: fetched and understood; `missing`: the site has none (HTTP 4xx); `unreadable`: anything else. */
export type PartState = 'read' | 'missing' | 'unreadable';

export interface SiteSignals {
  /** Scheme, host and port of the site (the terms page's). */
  readonly origin: string;
  readonly robots: {
    readonly state: PartState;
    /** canonicalRobots() of the file when read. */
    readonly text: string | null;
    /** Why it is unreadable or missing ("HTTP 503", "larger than 512 KiB"). */
    readonly detail: string | null;
  };
  /** The terms page: its signal headers (lower-case names) and meta tags. */
  readonly page: {
    readonly state: 'read' | 'unreadable';
    readonly url: string;
    readonly headers: Record<string, string>;
    readonly meta: Record<string, string>;
    readonly detail: string | null;
  };
  readonly tdmrep: {
    readonly state: PartState;
    /** The file's rules when read (`location`, 0/1 reservation, policy). */
    readonly rules: { location: string; reservation: 0 | 1; policy: string | null }[] | null;
    readonly detail: string | null;
  };
  /** Whether /llms.txt exists: a guide for models; it grants and refuses nothing. */
  readonly llmsTxt: 'present' | 'missing' | 'unreadable';
}

/** The response headers that carry access signals, as stored. */
export const SIGNAL_HEADERS = ['content-usage', 'tdm-reservation', 'tdm-policy', 'x-robots-tag'] as const;

/** Only the signal headers, each bounded (a header is evidence, not a document). */
export function signalHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of SIGNAL_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    kept[name] = (Array.isArray(value) ? value.join(', ') : value).slice(0, 2000);
  }
  return kept;
}

export const robotsUrl = (signals: Pick<SiteSignals, 'origin'>) => `${signals.origin}/robots.txt`;
export const tdmrepUrl = (signals: Pick<SiteSignals, 'origin'>) => `${signals.origin}/.well-known/tdmrep.json`;

/** JSON with sorted keys: equal readings hash and compare equally, whatever order they were built or stored in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}
