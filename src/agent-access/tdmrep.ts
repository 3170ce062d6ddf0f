// TDMRep (W3C Community Group, TDM Reservation Protocol): `tdm-reservation: 1` reserves text and
// data mining rights (0 does not), `tdm-policy` points to a licence offer. Sent as HTTP headers,
// as HTML meta tags, or site-wide in /.well-known/tdmrep.json: an array of rules with a
// `location` path pattern (`*` any characters, matched against the whole path).

export interface TdmRule {
  readonly location: string;
  readonly reservation: 0 | 1;
  readonly policy: string | null;
}

export type TdmFile = { readonly ok: true; readonly rules: TdmRule[] } | { readonly ok: false; readonly problem: string };

const MAX_RULES = 1000;

/** tdmrep.json read strictly enough to act on: an array of objects with a location and a 0/1 reservation. */
export function parseTdmRepFile(text: string): TdmFile {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, problem: 'not valid JSON' };
  }
  if (!Array.isArray(data)) return { ok: false, problem: 'not a JSON array' };
  const rules: TdmRule[] = [];
  for (const item of data.slice(0, MAX_RULES)) {
    if (typeof item !== 'object' || item === null) return { ok: false, problem: 'an entry is not an object' };
    const { location, 'tdm-reservation': reservation, 'tdm-policy': policy } = item as Record<string, unknown>;
    const bit = reservation === 1 || reservation === '1' ? 1 : reservation === 0 || reservation === '0' ? 0 : null;
    if (typeof location !== 'string' || bit === null) return { ok: false, problem: 'an entry lacks a location or a 0/1 tdm-reservation' };
    rules.push({ location: location.slice(0, 2000), reservation: bit, policy: typeof policy === 'string' ? policy.slice(0, 2000) : null });
  }
  return { ok: true, rules };
}

/** The first rule whose location matches `path` (a leading "/" is optional in the pattern). */
export function tdmRuleFor(rules: readonly TdmRule[], path: string): TdmRule | null {
  return rules.find((rule) => locationMatches(rule.location, path)) ?? null;
}

function locationMatches(location: string, path: string): boolean {
  const pattern = location.startsWith('/') ? location : `/${location}`;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/** `tdm-reservation` as written in a header or meta tag: 0, 1, or null when absent or not 0/1. */
export function reservationBit(value: string | null | undefined): 0 | 1 | null {
  const v = value?.trim();
  return v === '1' ? 1 : v === '0' ? 0 : null;
}
