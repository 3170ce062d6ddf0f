// The nine contract facts of a terms document (issue 31, item 5): each null when the terms say nothing
// of it, else its fields and the offsets of the sentence(s) it was read from in the analysed text.

/** Offsets into the analysed (normalised) text: text.slice(start, end) is a sentence the fact was read from, and `quote` is that sentence. */
export interface Evidence {
  start: number;
  end: number;
  quote: string;
}

interface Fact {
  evidence: Evidence[];
}

export interface GoverningLaw extends Fact {
  /** The state or country whose law the terms choose ("California", "England and Wales"). */
  place: string;
}

export interface Courts extends Fact {
  place: string;
  /** Users must sue there, not at home. */
  exclusive: boolean;
}

export interface Arbitration extends Fact {
  /** Binding on the user, not an option either side may elect. */
  mandatory: boolean;
  class_action_waiver: boolean;
  /** Days to opt out; null when there is no opt-out. */
  opt_out_days: number | null;
}

export interface LiabilityCap extends Fact {
  /** The fixed sum (100 for "$100"). */
  amount: number | null;
  /** ISO 4217. */
  currency: string | null;
  /** N when the cap is, or includes, what the user paid in the last N months. */
  fees_paid_months: number | null;
}

export type ChangeNotice = 'none' | 'posted' | 'notified';

export interface TermsChanges extends Fact {
  notice: ChangeNotice;
  notice_days: number | null;
}

export interface ProviderTermination extends Fact {
  without_notice: boolean;
  without_cause: boolean;
}

export interface ClaimTimeLimit extends Fact {
  days: number;
}

export interface MinimumAge extends Fact {
  years: number;
}

export interface AutomatedAccess extends Fact {
  forbidden: true;
}

export interface ContractFacts {
  governing_law: GoverningLaw | null;
  courts: Courts | null;
  arbitration: Arbitration | null;
  liability_cap: LiabilityCap | null;
  terms_changes: TermsChanges | null;
  provider_termination: ProviderTermination | null;
  claim_time_limit: ClaimTimeLimit | null;
  minimum_age: MinimumAge | null;
  automated_access: AutomatedAccess | null;
}

export type FactName = keyof ContractFacts;

export const FACT_NAMES: readonly FactName[] = [
  'governing_law',
  'courts',
  'arbitration',
  'liability_cap',
  'terms_changes',
  'provider_termination',
  'claim_time_limit',
  'minimum_age',
  'automated_access',
];
