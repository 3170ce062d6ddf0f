// The Kysely view of the database: one interface per table, as the migrations create them.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProvidersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  domain: string;
  description: string;
  tos_url: string;
  overall_rating: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  is_example: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What its current terms are (src/ingest/terms-state.ts keeps these five in step with its versions and clauses). */
  terms_state: ColumnType<TermsState, TermsState | undefined, TermsState>;
  /** ISO 639-1 guess of the current terms' language; null when unknown or not read. */
  terms_language: string | null;
  mandatory_arbitration: ColumnType<boolean, boolean | undefined, boolean>;
  class_action_waiver: ColumnType<boolean, boolean | undefined, boolean>;
  bots_forbidden: ColumnType<boolean, boolean | undefined, boolean>;
  /** Votes on its current clauses waiting for their agents' standing, and held for an operator (written with the votes). */
  votes_waiting: ColumnType<number, number | undefined, number>;
  votes_held: ColumnType<number, number | undefined, number>;
  /** Why the rating is what it is (a RatingExplained without `overall`, as JSON), written with the rating. */
  rating_explained: ColumnType<StoredRatingExplained, string | undefined, string>;
}

/** providers.rating_explained: the categories that gave points, and the critical clause that holds the floor. */
export interface StoredRatingExplained {
  reasons: { clause_id: number | null; title: string; category: string; severity: 'critical' | 'high' | 'medium' | 'low'; score: number; points: number }[];
  floor: { clause_id: number | null; title: string } | null;
}

/** `analysed`: rated from its terms (or clauses entered by hand); `not-english`: read but not rated; `not-read-yet`: no text yet. */
export type TermsState = 'analysed' | 'not-english' | 'not-read-yet';

/** Where a version's text came from: the shipped snapshot (db/snapshot/), the tracker's fetch, or an operator. */
export type VersionOrigin = 'snapshot' | 'fetched' | 'submitted';

export interface ClausesTable {
  id: Generated<number>;
  provider_id: number;
  title: string;
  clause_text: string;
  plain_english: string;
  severity: 'critical' | 'high' | 'medium' | 'low';
  category: string;
  ai_rating: number;
  is_verified: ColumnType<boolean, boolean | undefined, boolean>;
  /** Order of the clause in the provider's terms; ties broken by id. */
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** The document version the quote was found in, and where (null for hand-entered clauses). */
  document_version_id: number | null;
  start_offset: number | null;
  end_offset: number | null;
  /** Every category the analyzer gave the clause; `category` is the primary one. */
  categories: ColumnType<string[], string | undefined, string>;
  /** Set when a new version of the terms no longer contains the quote: kept for history, not shown as current. */
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Whose right, power or duty the clause states (hand-entered clauses: `provider`). */
  party: ColumnType<'provider' | 'user' | 'third-party', 'provider' | 'user' | 'third-party' | undefined, 'provider' | 'user' | 'third-party'>;
  /** `low`: the plain English is the quote made readable; read the quote in full. */
  confidence: ColumnType<'high' | 'low', 'high' | 'low' | undefined, 'high' | 'low'>;
  /** Set when a reviewer edits the clause: re-analysis then leaves its reviewed fields alone. */
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Count and sum of its counted votes (clause_votes.status = 'counted'), written with the votes. */
  community_votes: ColumnType<number, number | undefined, number>;
  community_sum: ColumnType<number, number | undefined, number>;
}

export interface DocumentVersionsTable {
  id: Generated<number>;
  provider_id: number;
  /** The normalised text every clause offset points into. */
  text: string;
  sha256: string;
  format: 'markdown' | 'text' | 'html';
  source_url: string | null;
  received_at: Timestamp;
  /** Whether the analyzer could read it (English); see analysis/language.ts. */
  is_english: ColumnType<boolean, boolean | undefined, boolean>;
  /** Its contract facts as JSON (the ContractFacts of the contract), null until read; written as a JSON string. */
  facts: ColumnType<unknown, string | null | undefined, string | null>;
  /** The version of the fact readers that read `facts` (FACTS_VERSION), null until read. */
  facts_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the terms give the user (FavourableClause[] as JSON), read with the facts; null until read. */
  in_your_favour: ColumnType<unknown, string | null | undefined, string | null>;
  /** The analyzer version (ANALYZER_VERSION) whose clauses the provider has for this version; null: before versions were recorded. */
  analyzer_version: ColumnType<string | null, string | null | undefined, string | null>;
  origin: ColumnType<VersionOrigin, VersionOrigin | undefined, VersionOrigin>;
  /** When the archive recorded the text (snapshot versions); null otherwise or when unknown. */
  recorded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Open Terms Archive's collection of a snapshot version (`contrib`, `pga`). */
  archive_collection: string | null;
  /** ISO 639-1 guess of the text's language; null when unknown. */
  language: string | null;
  /** SHA-256 of the shipped snapshot file this version was taken from: each is taken in once. */
  snapshot_sha256: string | null;
}

export interface ProviderChangesTable {
  id: Generated<number>;
  provider_id: number;
  document_version_id: number;
  created_at: Timestamp;
  added: ColumnType<ClauseRef[], string, string>;
  removed: ColumnType<ClauseRef[], string, string>;
  summary: string;
}

export interface ClauseRef {
  id: number;
  title: string;
  severity: 'critical' | 'high' | 'medium' | 'low';
}

/** How a provider's terms are tracked on the web (db/migrations/2026-11-23T00-00-00_provider-tracking.ts). */
export interface ProviderTrackingTable {
  provider_id: number;
  /** `catalogue`: declared in db/catalogue; `operator`: an active provider added by hand, tracked at its tos_url. */
  source: 'catalogue' | 'operator';
  url: string;
  /** Lowercase host name of `url`: at most one fetch per host at a time, across processes. */
  host: string;
  select_selectors: ColumnType<string[] | null, string | null | undefined, string | null>;
  remove_selectors: ColumnType<string[] | null, string | null | undefined, string | null>;
  render_js: ColumnType<boolean, boolean | undefined, boolean>;
  /** Set for providers the catalogue added: they become active with their first analysed version. */
  publish_on_first_version: ColumnType<boolean, boolean | undefined, boolean>;
  etag: string | null;
  last_modified: string | null;
  last_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_fetched_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_outcome: 'analysed' | 'unchanged' | 'not-modified' | 'failed' | null;
  last_error: string | null;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  leased_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lease_owner: string | null;
  created_at: Timestamp;
}

/** One distinct reading of a provider's access signals (db/migrations/2026-11-26T00-00-00_access-signals.ts). */
export interface AccessSignalVersionsTable {
  id: Generated<number>;
  provider_id: number;
  /** A SiteSignals (src/agent-access/signals.ts). */
  signals: ColumnType<unknown, string, string>;
  sha256: string;
  created_at: Timestamp;
  /** The last pass that read these same signals. */
  checked_at: Timestamp;
}

export interface AccessSignalChangesTable {
  id: Generated<number>;
  provider_id: number;
  version_id: number;
  created_at: Timestamp;
  summary: string;
}

export type VoteStatus = 'counted' | 'waiting' | 'held' | 'discarded';

export interface ClauseVotesTable {
  id: Generated<number>;
  clause_id: number;
  agent_id: number;
  rating: number;
  created_at: Timestamp;
  /** `counted` in the rating; `waiting` for its agent's standing; `held` for an operator; `discarded` by one. */
  status: ColumnType<VoteStatus, VoteStatus | undefined, VoteStatus>;
  held_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The agent had no standing when it cast this vote (the burst rule counts such agents). */
  cast_without_standing: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A provider's overall rating at a moment (db/migrations/2026-11-27T04-10-00_...). */
export interface RatingHistoryTable {
  id: Generated<number>;
  provider_id: number;
  at: Timestamp;
  /** UTC day of `at`: votes leave one point a day. */
  day: ColumnType<Date, string | undefined, string>;
  cause: 'terms' | 'votes' | 'review' | 'analysis';
  overall_rating: number;
  band: string;
  /** The band of the point before, null for the first: a point whose band differs is a feed entry. */
  previous_band: string | null;
}

export interface VoteAuditTable {
  id: Generated<number>;
  action: 'hold' | 'release' | 'discard';
  actor: 'service' | 'operator';
  provider_id: number | null;
  vote_ids: ColumnType<number[], string, string>;
  note: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface ProtectionsTable {
  id: Generated<number>;
  provider_id: number;
  title: string;
  description: string;
  impact: 'high' | 'medium' | 'low';
  steps: ColumnType<string[], string, string>;
  position: ColumnType<number, number | undefined, number>;
  /** What the guide's statements about the terms rest on (ProtectionEvidence[] as JSON); null for an operator's guide. */
  evidence: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface AgentsTable {
  id: Generated<number>;
  name: string;
  description: string;
  contact_url: string | null;
  model: string | null;
  /** SHA-256 of the current key, lowercase hex. The key itself is never stored. */
  key_hash: string;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  request_count: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The agent's budget windows (written only by src/repositories/metering.ts), one set per bucket. */
  data_window_start: ColumnType<Date | null, never, never>;
  data_used: ColumnType<number, never, never>;
  data_last_admitted: ColumnType<number, never, never>;
  opinion_window_start: ColumnType<Date | null, never, never>;
  opinion_used: ColumnType<number, never, never>;
  opinion_last_admitted: ColumnType<number, never, never>;
  /** Rating requests it made (POST .../rating), to tell use beyond voting (src/core/votes/standing.ts). */
  vote_requests: ColumnType<number, number | undefined, number>;
}

export interface OpinionsTable {
  id: Generated<number>;
  agent_id: number;
  provider_id: number;
  rating: number;
  take: string;
  created_at: Timestamp;
}

export interface RateWindowsTable {
  /** Whose budget: `agent:<id>` or `ip:<address or /64 prefix>`. */
  subject: string;
  /** Which budget: `data`, `opinion` or `registration`. */
  bucket: string;
  window_start: Timestamp;
  used: number;
  /** How many requests the last batch that touched this window admitted (src/repositories/metering.ts). */
  last_admitted: ColumnType<number, number | undefined, number>;
}

export interface Database {
  providers: ProvidersTable;
  clauses: ClausesTable;
  clause_votes: ClauseVotesTable;
  protections: ProtectionsTable;
  agents: AgentsTable;
  opinions: OpinionsTable;
  rate_windows: RateWindowsTable;
  document_versions: DocumentVersionsTable;
  provider_changes: ProviderChangesTable;
  provider_tracking: ProviderTrackingTable;
  access_signal_versions: AccessSignalVersionsTable;
  access_signal_changes: AccessSignalChangesTable;
  rating_history: RatingHistoryTable;
  vote_audit: VoteAuditTable;
}

export type Provider = Selectable<ProvidersTable>;
export type NewProvider = Insertable<ProvidersTable>;
export type ProviderUpdate = Updateable<ProvidersTable>;
export type Clause = Selectable<ClausesTable>;
export type NewClause = Insertable<ClausesTable>;
export type Protection = Selectable<ProtectionsTable>;
export type NewProtection = Insertable<ProtectionsTable>;
export type Agent = Selectable<AgentsTable>;
export type NewAgent = Insertable<AgentsTable>;
export type Opinion = Selectable<OpinionsTable>;
export type DocumentVersion = Selectable<DocumentVersionsTable>;
export type ProviderChange = Selectable<ProviderChangesTable>;
export type ProviderTracking = Selectable<ProviderTrackingTable>;
