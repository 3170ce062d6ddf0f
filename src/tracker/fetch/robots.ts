// robots.txt (RFC 9309) for the tracker: before it fetches a terms page, it reads the site's
// robots.txt with the same safe fetcher (limits, internal addresses refused, redirects checked),
// once per site per pass, and leaves the page alone if the rules for our product token (or, when
// none name it, for `*`) disallow its path. As the RFC says: a robots.txt that does not exist (4xx)
// allows everything; one that cannot be read (5xx, a network failure, too large) disallows
// everything for this pass, since the site may be unable to say no. An operator's explicit "fetch
// it now" (admin API, CLI `fetch`) is a person's request, not the tracker's, and reads no robots.txt.
import { canonicalRobots, robotsDecision } from '../../agent-access/robots-file.js';
import { fetchResource, FetchFailure, type ResourceRequest } from './safe-http.js';

/** RFC 9309 asks crawlers to read at least 500 KiB. */
const MAX_ROBOTS_BYTES = 512 * 1024;
const ROBOTS_TIMEOUT_MS = 10_000;

/**
 * The rules of one robots.txt for one product token; `allows` takes a path with its query.
 * Judged by robots-parser through src/agent-access (RFC 9309: our group, else `*`; the longest
 * match deciding, Allow on a tie; `*` and `$`).
 */
export class RobotsRules {
  static readonly allowAll = new RobotsRules(null, '*');

  private constructor(
    /** canonicalRobots() of the file; null when there is none. */
    readonly canonical: string | null,
    private readonly productToken: string,
  ) {}

  static parse(text: string, productToken: string): RobotsRules {
    return new RobotsRules(canonicalRobots(text), productToken);
  }

  allows(pathAndQuery: string): boolean {
    return this.canonical === null || robotsDecision(this.canonical, 'http://robots.invalid', pathAndQuery, this.productToken).allowed;
  }
}

/** Raised when robots.txt keeps the tracker away from a page: recorded on the provider, nothing fetched. */
export class RobotsRefusal extends FetchFailure {
  constructor(message: string) {
    super(message, false);
  }
}

/** What the file said, for the site's access signals (src/agent-access/signals.ts). */
export interface RobotsReading {
  readonly state: 'read' | 'missing' | 'unreadable';
  /** canonicalRobots() of the file when read. */
  readonly text: string | null;
  readonly detail: string | null;
  /** A failure that may pass (5xx, a network error): the last good reading still stands. */
  readonly transient: boolean;
}

interface SiteRobots {
  readonly rules: RobotsRules | FetchFailure;
  readonly reading: RobotsReading;
}

/** robots.txt of each site, read once per tracking pass (sites are told apart by scheme, host and port). */
export class RobotsCache {
  private readonly sites = new Map<string, Promise<SiteRobots>>();

  constructor(
    private readonly productToken: string,
    private readonly request: Pick<ResourceRequest, 'allowPrivateAddresses' | 'userAgent' | 'signal'>,
  ) {}

  /** Resolves if robots.txt lets the tracker fetch `url`; throws a RobotsRefusal otherwise. */
  async check(url: string): Promise<void> {
    const target = new URL(url);
    const { rules } = await this.site(target.origin);
    if (rules instanceof FetchFailure) throw new RobotsRefusal(`${target.origin}/robots.txt could not be read (${rules.message}): ${url} not fetched`);
    if (!rules.allows(`${target.pathname}${target.search}`))
      throw new RobotsRefusal(`${target.origin}/robots.txt disallows ${target.pathname}${target.search} to ${this.productToken}: not fetched`);
  }

  /** The site's robots.txt as read this pass. */
  async reading(origin: string): Promise<RobotsReading> {
    return (await this.site(origin)).reading;
  }

  private site(origin: string): Promise<SiteRobots> {
    let site = this.sites.get(origin);
    if (!site) this.sites.set(origin, (site = this.read(origin)));
    return site;
  }

  private async read(origin: string): Promise<SiteRobots> {
    try {
      const fetched = await fetchResource(`${origin}/robots.txt`, {
        ...this.request,
        accept: 'text/plain',
        maxBytes: MAX_ROBOTS_BYTES,
        timeoutMs: ROBOTS_TIMEOUT_MS,
      });
      if (fetched.kind !== 'fetched') return { rules: RobotsRules.allowAll, reading: { state: 'missing', text: null, detail: 'no answer', transient: false } };
      const rules = RobotsRules.parse(new TextDecoder().decode(fetched.body), this.productToken);
      return { rules, reading: { state: 'read', text: rules.canonical, detail: null, transient: false } };
    } catch (error) {
      if (!(error instanceof FetchFailure)) throw error;
      // 4xx: there are no rules ("unavailable"); anything else: the site could not say (disallow).
      if (error.httpStatus !== null && error.httpStatus >= 400 && error.httpStatus < 500)
        return { rules: RobotsRules.allowAll, reading: { state: 'missing', text: null, detail: `HTTP ${error.httpStatus}`, transient: false } };
      return { rules: error, reading: { state: 'unreadable', text: null, detail: shortReason(error.message), transient: error.retryable } };
    }
  }
}

/** "fetching https://x/robots.txt failed: HTTP 503" -> "HTTP 503". */
export function shortReason(message: string): string {
  return message.replace(/^fetching \S+ (?:failed|refused): /, '').replace(/^document at \S+ is /, '');
}
