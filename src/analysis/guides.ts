// Our library of protection guides (written by us): what a user can do about a kind of clause,
// keyed by id. Each category names the guides it calls for (categories/<slug>.ts `guides`);
// protections.ts gives a provider those its clauses call for.
//
// A guide says what THESE terms allow or do only where a contract fact or a listed clause says
// so: such a sentence is a `stated(...)` statement, built from its evidence, and dropped when
// there is none (test/analysis/guides-follow-facts.test.ts checks it on real terms). Everything
// else a guide says is general advice, worded as such ("many arbitration clauses...").
import type { ContractFacts, FactName } from './facts/types.js';

/**
 * Allowed values of Protection.impact: how much following the guide changes the user's position.
 * high = can remove the risk or keep a right that is otherwise lost (e.g. opting out of arbitration);
 * medium = reduces the damage substantially; low = good hygiene that helps when something goes wrong.
 */
export const IMPACTS = ['high', 'medium', 'low'] as const;
export type Impact = (typeof IMPACTS)[number];

/** What a statement about the terms rests on: a contract fact or a listed clause, with its quote. */
export interface ProtectionEvidence {
  fact: FactName | null;
  clause_id: number | null;
  category: string | null;
  quote: string;
}

/** The Protection resource of the API. */
export interface Protection {
  title: string;
  description: string;
  impact: Impact;
  steps: string[];
  evidence?: ProtectionEvidence[];
}

/** A clause as the guides read it: its categories, its quote and (for a stored one) its id. */
export interface GuideClause {
  readonly id: number | null;
  readonly category: string;
  readonly categories: readonly string[];
  readonly clause_text: string;
}

/** A sentence about these terms and what it rests on. */
export interface Statement {
  readonly text: string;
  readonly evidence: ProtectionEvidence;
}

/** What a guide sees of the terms. */
export class GuideContext {
  constructor(
    readonly clauses: readonly GuideClause[],
    readonly facts: ContractFacts | null,
  ) {}

  /** The first listed clause of one of these categories, as evidence. */
  clause(...categories: string[]): ProtectionEvidence | null {
    const c = this.clauses.find((x) => categories.includes(x.category)) ?? this.clauses.find((x) => x.categories.some((k) => categories.includes(k)));
    return c
      ? {
          fact: null,
          clause_id: c.id,
          category: categories.includes(c.category) ? c.category : categories.find((k) => c.categories.includes(k))!,
          quote: cut(c.clause_text),
        }
      : null;
  }

  /** The fact, when the terms state it, as evidence (its first sentence). */
  fact(name: FactName): ProtectionEvidence | null {
    const fact = this.facts?.[name];
    return fact ? { fact: name, clause_id: null, category: null, quote: cut(fact.evidence[0]!.quote) } : null;
  }
}

const cut = (quote: string) => (quote.length > 3000 ? quote.slice(0, 3000) : quote);

/** A statement about these terms, or nothing when no evidence says it. */
export function stated(text: string, evidence: ProtectionEvidence | null): Statement | null {
  return evidence ? { text, evidence } : null;
}

/** What a guide gives for one provider's terms. */
export interface GuideText {
  readonly title: string;
  /** Sentences about these terms, each with its evidence (those without are dropped). */
  readonly statements: readonly (Statement | null)[];
  /** General advice: says nothing of what these terms allow. */
  readonly general: string;
  readonly steps: readonly string[];
}

export interface Guide {
  /** The title a guide has when nothing in the terms changes it (listings, tests). */
  readonly title: string;
  readonly impact: Impact;
  readonly text: (ctx: GuideContext) => GuideText;
}

const days = (n: number) => (n % 365 === 0 ? `${n / 365} year${n === 365 ? '' : 's'} (${n} days)` : `${n} days`);

/** The library, in its stable order. */
export const GUIDES = {
  'official-interface': {
    title: 'Use the official interface, not a bot',
    impact: 'high',
    text: (ctx) => ({
      title: 'Use the official interface, not a bot',
      statements: [
        stated(
          'These terms restrict bots, scrapers, crawlers or training AI on the content (the clause below says how).',
          ctx.clause('automated-access') ?? ctx.fact('automated_access'),
        ),
      ],
      general: 'An agent that ignores such a rule risks a blocked account or a claim.',
      steps: [
        'Look for an official API, data export or feed, and use it under its own terms and rate limits.',
        'Read the site\u2019s robots.txt and any crawling or AI-use policy it links to.',
        'Ask the provider for written permission before collecting content automatically or using it to train a model.',
        'Act for one user at a time, at a human pace, through the interfaces the terms allow.',
      ],
    }),
  },
  'arbitration-opt-out': {
    title: 'Opt out of arbitration while you still can',
    impact: 'high',
    text: (ctx) => {
      const optOut = ctx.facts?.arbitration?.opt_out_days ?? null;
      const arbitration = ctx.clause('arbitration') ?? ctx.fact('arbitration');
      if (optOut !== null)
        return {
          title: 'Opt out of arbitration while you still can',
          statements: [stated(`These terms let you refuse arbitration within ${days(optOut)} of accepting them.`, ctx.fact('arbitration'))],
          general: 'After the deadline, disputes go to a private arbitrator instead of a court.',
          steps: [
            'Find the opt-out address and the deadline in the quoted sentence.',
            'Send a dated message with your name, the e-mail of your account and a clear statement that you reject arbitration.',
            'Send it before the deadline, counted from when you accepted the terms, and keep proof of sending.',
          ],
        };
      if (arbitration)
        return {
          title: 'Arbitration without an opt-out',
          statements: [
            stated('These terms send disputes to arbitration, and no way to opt out of it was found in them.', arbitration),
            stated('These terms also bar class actions.', ctx.clause('class-action-waiver')),
          ],
          general:
            'Some arbitration clauses let new users refuse arbitration within a short window; where none is offered, a court may still be open for small claims or under consumer law.',
          steps: [
            'Look in the terms for a small-claims exception before you accept them.',
            'Keep records of any dispute from the start.',
            'Ask a consumer protection body whether your country’s law lets you go to court anyway.',
          ],
        };
      return {
        title: 'Class actions barred',
        statements: [stated('These terms bar class and collective actions: each user must bring a claim alone.', ctx.clause('class-action-waiver'))],
        general: 'Claims brought alone cost more to pursue; consumer bodies can sometimes act for many users.',
        steps: ['Keep records of any dispute from the start.', 'Ask a consumer protection body whether it can act on your behalf.'],
      };
    },
  },
  'own-copy': {
    title: 'Keep your own copy of your data',
    impact: 'high',
    text: (ctx) => ({
      title: 'Keep your own copy of your data',
      statements: [
        stated('These terms let the provider remove your content.', ctx.clause('content-removal')),
        stated(
          ctx.facts?.provider_termination?.without_notice
            ? 'These terms let the provider suspend or close your account without notice.'
            : 'These terms let the provider suspend or close your account.',
          ctx.facts?.provider_termination?.without_notice ? ctx.fact('provider_termination') : ctx.clause('unilateral-termination'),
        ),
        stated('These terms limit what the provider owes you when things go wrong.', ctx.clause('limitation-of-liability')),
      ],
      general: 'A regular export means you do not lose your work.',
      steps: [
        'Use the data export or "download your information" tool in the account settings.',
        'Store the archive somewhere you control.',
        'Repeat every few months, and before any dispute.',
      ],
    }),
  },
  records: {
    title: 'Keep records of anything that goes wrong',
    impact: 'medium',
    text: (ctx) => {
      const cap = ctx.facts?.liability_cap;
      const sum = cap?.amount != null ? `${cap.currency ?? ''} ${cap.amount}`.trim() : null;
      const paid =
        cap?.fees_paid_months != null ? `what you paid in the last ${cap.fees_paid_months === 1 ? 'month' : `${cap.fees_paid_months} months`}` : null;
      // Both: the quoted sentence says how they combine (the lesser, the greater), which the fact does not keep.
      const capWords = sum && paid ? `${sum} or ${paid} (the quoted sentence says which)` : (sum ?? paid);
      const claim = ctx.facts?.claim_time_limit;
      return {
        title: 'Keep records of anything that goes wrong',
        statements: [
          capWords ? stated(`These terms cap the provider's liability at ${capWords}.`, ctx.fact('liability_cap')) : null,
          claim ? stated(`These terms give you ${days(claim.days)} to bring a claim.`, ctx.fact('claim_time_limit')) : null,
        ],
        general: 'Where liability is capped or claims must be brought quickly, evidence and prompt action matter.',
        steps: [
          'Take dated screenshots of the problem and of your account.',
          'Save receipts and e-mails from the provider.',
          'Complain in writing promptly; note any deadline the terms set for claims.',
        ],
      };
    },
  },
  'home-law': {
    title: 'Know which law and courts still protect you',
    impact: 'medium',
    text: (ctx) => {
      const law = ctx.facts?.governing_law;
      const courts = ctx.facts?.courts;
      return {
        title: 'Know which law and courts still protect you',
        statements: [
          law ? stated(`These terms choose the law of ${law.place}.`, ctx.fact('governing_law')) : null,
          courts ? stated(`These terms name the courts of ${courts.place}${courts.exclusive ? ' as the only place to sue' : ''}.`, ctx.fact('courts')) : null,
          law || courts ? null : stated('These terms choose a law or courts for disputes.', ctx.clause('choice-of-law', 'jurisdiction')),
        ],
        general: 'Consumers in many countries keep the protection of their home law and courts whatever a contract says.',
        steps: [
          'Check whether your country’s consumer law overrides the chosen law or courts.',
          'Contact a consumer protection body or small-claims service where you live before accepting a foreign forum.',
        ],
      };
    },
  },
  'term-changes': {
    title: 'Watch for changes to the terms',
    impact: 'low',
    text: (ctx) => {
      const changes = ctx.facts?.terms_changes;
      const how = !changes
        ? null
        : changes.notice === 'none'
          ? 'These terms let the provider change them without notice.'
          : changes.notice === 'posted'
            ? 'These terms let the provider change them by posting a new version, without telling you directly.'
            : `These terms let the provider change them; it says it will tell you${changes.notice_days ? ` ${changes.notice_days} days ahead` : ''}.`;
      return {
        title: 'Watch for changes to the terms',
        statements: [
          how
            ? stated(how, ctx.fact('terms_changes'))
            : stated('These terms let the provider change the terms or the service.', ctx.clause('unilateral-change')),
          stated('Using the service counts as accepting these terms.', ctx.clause('contract-by-using')),
          stated('These terms make the privacy policy part of the contract, so changes to it bind you too.', ctx.clause('privacy-by-reference')),
        ],
        general: 'Noticing a change in time is what lets you act on it.',
        steps: [
          'Turn on e-mails about policy updates in your settings.',
          'Read the summary of changes before you keep using the service.',
          'Stop using the service and export your data if a change is unacceptable.',
        ],
      };
    },
  },
  appeal: {
    title: 'Appeal a removal or a suspension',
    impact: 'medium',
    text: (ctx) => ({
      title: 'Appeal a removal or a suspension',
      statements: [
        stated('These terms let the provider remove content.', ctx.clause('content-removal')),
        stated('These terms let the provider suspend or end accounts.', ctx.clause('unilateral-termination')),
      ],
      general:
        'Providers that remove content or suspend accounts usually offer an appeal, and in the EU the Digital Services Act requires them to explain and review their decisions.',
      steps: [
        'Read the notice the provider sent: it should name the rule you are said to have broken.',
        'Use the in-app appeal or the contact form within the time it gives, and keep a copy of what you send.',
        'If you are in the EU and the appeal fails, use an out-of-court dispute settlement body or your national authority.',
      ],
    }),
  },
  'claim-deadline': {
    title: 'Act quickly on any claim',
    impact: 'high',
    text: (ctx) => {
      const limit = ctx.facts?.claim_time_limit;
      return {
        title: 'Act quickly on any claim',
        statements: [
          limit
            ? stated(`These terms give you ${days(limit.days)} to bring a claim; after that you may lose it.`, ctx.fact('claim_time_limit'))
            : stated('These terms shorten the time you have to bring a claim.', ctx.clause('claim-time-limit')),
        ],
        general: 'Once a deadline for claims passes, a claim may be lost entirely.',
        steps: [
          limit ? `Note the deadline: ${days(limit.days)} from when the claim arose.` : 'Note the deadline the quoted clause sets.',
          'Send a written complaint as soon as a problem appears.',
          'Get advice early if the amount at stake is large.',
        ],
      };
    },
  },
  'renewal-off': {
    title: 'Turn off automatic renewal',
    impact: 'medium',
    text: (ctx) => ({
      title: 'Turn off automatic renewal',
      statements: [stated('These terms renew subscriptions automatically until you cancel.', ctx.clause('automatic-renewal'))],
      general: 'Cancelling often has a deadline before the renewal date.',
      steps: [
        'Open the billing or subscription settings (or your app store’s subscriptions page).',
        'Switch off auto-renew.',
        'Set a reminder a week before the renewal date.',
      ],
    }),
  },
  'limit-sharing': {
    title: 'Limit what you share and what it can be used for',
    impact: 'medium',
    text: (ctx) => ({
      title: 'Limit what you share and what it can be used for',
      statements: [
        stated('These terms give the provider a licence to use what you post.', ctx.clause('content-licence')),
        stated('These terms let the provider share data about you with others.', ctx.clause('data-sharing')),
        stated('These terms make the privacy policy part of the contract.', ctx.clause('privacy-by-reference')),
      ],
      general: 'Settings and data-protection rights limit what is shared and how it is used.',
      steps: [
        'Review the privacy and ad settings; turn off personalised ads and data sharing where possible.',
        'Do not upload work you want to license elsewhere exclusively.',
        'Use your data-protection rights (access, deletion, objection) where your law gives them.',
      ],
    }),
  },
} as const satisfies Record<string, Guide>;

export type GuideId = keyof typeof GUIDES;
