// robots.txt (RFC 9309) for the tracker: before it fetches a terms page, it reads the site's
// robots.txt with the same safe fetcher (limits, internal addresses refused, redirects checked),
// once per site per pass, and leaves the page alone if the rules for our product token (or, when
// none name it, for `*`) disallow its path. As the RFC says: a robots.txt that does not exist (4xx)
// allows everything; one that cannot be read (5xx, a network failure, too large) disallows
// everything for this pass, since the site may be unable to say no. An operator's explicit "fetch
// it now" (admin API, CLI `fetch`) is a person's request, not the tracker's, and reads no robots.txt.
import { fetchResource, FetchFailure, type ResourceRequest } from './safe-http.js';

/** RFC 9309 asks crawlers to read at least 500 KiB. */
const MAX_ROBOTS_BYTES = 512 * 1024;
const ROBOTS_TIMEOUT_MS = 10_000;

interface Rule {
  readonly allow: boolean;
  readonly pattern: string;
  readonly matches: (path: string) => boolean;
}

/** The rules of one robots.txt that apply to `productToken`; `allows` takes a path with its query. */
export class RobotsRules {
  static readonly allowAll = new RobotsRules([]);

  constructor(private readonly rules: readonly Rule[]) {}

  static parse(text: string, productToken: string): RobotsRules {
    const token = productToken.toLowerCase();
    const groups: { agents: string[]; rules: Rule[] }[] = [];
    let current: { agents: string[]; rules: Rule[] } | null = null;
    for (const rawLine of text.split(/\r\n|\r|\n/)) {
      const line = rawLine.replace(/#.*/, '').trim();
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const key = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'user-agent') {
        // Consecutive user-agent lines share one group; one after rules starts the next.
        if (!current || current.rules.length > 0) groups.push((current = { agents: [], rules: [] }));
        current.agents.push(value.toLowerCase());
      } else if ((key === 'allow' || key === 'disallow') && current) {
        if (value === '') continue; // "Disallow:" with no path disallows nothing
        current.rules.push({ allow: key === 'allow', pattern: value, matches: matcher(value) });
      }
    }
    const named = groups.filter((g) => g.agents.includes(token));
    const chosen = named.length > 0 ? named : groups.filter((g) => g.agents.includes('*'));
    return new RobotsRules(chosen.flatMap((g) => g.rules));
  }

  /** The longest matching pattern decides; Allow wins a tie; no match allows. */
  allows(pathAndQuery: string): boolean {
    let best: Rule | null = null;
    for (const rule of this.rules) {
      if (!rule.matches(pathAndQuery)) continue;
      if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
    }
    return best === null || best.allow;
  }
}

/** A path pattern: `*` any characters, a final `$` the end of the path, otherwise a prefix. */
function matcher(pattern: string): (path: string) => boolean {
  const anchored = pattern.endsWith('$');
  const body = percentEncodeNonAscii(anchored ? pattern.slice(0, -1) : pattern);
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}${anchored ? '$' : ''}`);
  return (path) => regex.test(path);
}

function percentEncodeNonAscii(text: string): string {
  return text.replace(/[^\x00-\x7f]+/g, (chars) => encodeURIComponent(chars));
}

/** Raised when robots.txt keeps the tracker away from a page: recorded on the provider, nothing fetched. */
export class RobotsRefusal extends FetchFailure {
  constructor(message: string) {
    super(message, false);
  }
}

/** robots.txt of each site, read once per tracking pass (sites are told apart by scheme, host and port). */
export class RobotsCache {
  private readonly sites = new Map<string, Promise<RobotsRules | FetchFailure>>();

  constructor(
    private readonly productToken: string,
    private readonly request: Pick<ResourceRequest, 'allowPrivateAddresses' | 'userAgent' | 'signal'>,
  ) {}

  /** Resolves if robots.txt lets the tracker fetch `url`; throws a RobotsRefusal otherwise. */
  async check(url: string): Promise<void> {
    const target = new URL(url);
    let rules = this.sites.get(target.origin);
    if (!rules) this.sites.set(target.origin, (rules = this.read(target.origin)));
    const outcome = await rules;
    if (outcome instanceof FetchFailure) throw new RobotsRefusal(`${target.origin}/robots.txt could not be read (${outcome.message}): ${url} not fetched`);
    if (!outcome.allows(`${target.pathname}${target.search}`))
      throw new RobotsRefusal(`${target.origin}/robots.txt disallows ${target.pathname}${target.search} to ${this.productToken}: not fetched`);
  }

  private async read(origin: string): Promise<RobotsRules | FetchFailure> {
    try {
      const fetched = await fetchResource(`${origin}/robots.txt`, {
        ...this.request,
        accept: 'text/plain',
        maxBytes: MAX_ROBOTS_BYTES,
        timeoutMs: ROBOTS_TIMEOUT_MS,
      });
      if (fetched.kind !== 'fetched') return RobotsRules.allowAll;
      return RobotsRules.parse(new TextDecoder().decode(fetched.body), this.productToken);
    } catch (error) {
      if (!(error instanceof FetchFailure)) throw error;
      // 4xx: there are no rules ("unavailable"); anything else: the site could not say (disallow).
      return error.httpStatus !== null && error.httpStatus >= 400 && error.httpStatus < 500 ? RobotsRules.allowAll : error;
    }
  }
}
