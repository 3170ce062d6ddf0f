// The clause category taxonomy: slugs, names, descriptions and the corpus codes they come from.
// The eight CLAUDETTE categories (plus pinc) are learned from the annotated corpus; the others are
// detected by hand-written rules because the corpus does not annotate them.

export type Severity = 'critical' | 'high' | 'medium' | 'low';

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const satisfies readonly Severity[];

export interface Category {
  slug: string;
  name: string;
  description: string;
  /** Code in the unfair-ToS corpus, when the corpus annotates this category. */
  corpusCode?: string;
  /** Severity before aggravating or mitigating cues are applied (see rate.ts). */
  baseSeverity: Severity;
}

export const CATEGORIES: readonly Category[] = [
  {
    slug: 'arbitration',
    name: 'Forced arbitration',
    description: 'Disputes must go to a private arbitrator instead of a court.',
    corpusCode: 'a',
    baseSeverity: 'high',
  },
  {
    slug: 'class-action-waiver',
    name: 'Class action waiver',
    description: 'You give up the right to join class actions, class arbitrations or jury trials.',
    baseSeverity: 'high',
  },
  {
    slug: 'unilateral-change',
    name: 'Unilateral changes',
    description: 'The provider may change the terms, the service or prices at will.',
    corpusCode: 'ch',
    baseSeverity: 'medium',
  },
  {
    slug: 'content-removal',
    name: 'Content removal',
    description: 'The provider may delete, edit or block your content.',
    corpusCode: 'cr',
    baseSeverity: 'medium',
  },
  {
    slug: 'jurisdiction',
    name: 'Distant jurisdiction',
    description: 'Disputes must be brought in courts chosen by the provider, possibly far from you.',
    corpusCode: 'j',
    baseSeverity: 'medium',
  },
  {
    slug: 'choice-of-law',
    name: 'Foreign governing law',
    description: "The contract is governed by a law chosen by the provider rather than your home country's.",
    corpusCode: 'law',
    baseSeverity: 'low',
  },
  {
    slug: 'limitation-of-liability',
    name: 'Limited liability',
    description: 'The provider excludes or caps its liability for losses you suffer.',
    corpusCode: 'ltd',
    baseSeverity: 'medium',
  },
  {
    slug: 'unilateral-termination',
    name: 'Account termination at will',
    description: 'The provider may suspend or close your account or end the service.',
    corpusCode: 'ter',
    baseSeverity: 'medium',
  },
  {
    slug: 'contract-by-using',
    name: 'Bound by using',
    description: 'Merely using the service binds you to the terms.',
    corpusCode: 'use',
    baseSeverity: 'low',
  },
  {
    slug: 'privacy-by-reference',
    name: 'Privacy policy by reference',
    description: 'The privacy policy is made part of the contract by reference.',
    corpusCode: 'pinc',
    baseSeverity: 'low',
  },
  {
    slug: 'content-licence',
    name: 'Broad licence to your content',
    description: 'You grant the provider a broad (often worldwide, royalty-free, sublicensable) licence to your content.',
    baseSeverity: 'medium',
  },
  {
    slug: 'automatic-renewal',
    name: 'Automatic renewal',
    description: 'Subscriptions renew and charge you automatically until you cancel.',
    baseSeverity: 'medium',
  },
  {
    slug: 'data-sharing',
    name: 'Data sharing',
    description: 'Your personal data may be shared with or sold to third parties, affiliates or advertisers.',
    baseSeverity: 'medium',
  },
  {
    slug: 'indemnification',
    name: 'You indemnify the provider',
    description: "You must pay the provider's losses and legal costs arising from your use or breach.",
    baseSeverity: 'medium',
  },
  {
    slug: 'claim-time-limit',
    name: 'Shortened time to sue',
    description: 'Claims must be brought within a period shorter than the law would normally allow.',
    baseSeverity: 'high',
  },
  {
    slug: 'automated-access',
    name: 'Bots and scraping forbidden',
    description:
      'You may not use bots, scrapers, crawlers or other automated means to access the service or collect its content, or use its content to train AI.',
    baseSeverity: 'high',
  },
];

/** The eight categories of the standard UNFAIR-ToS evaluation (macro-F1 is computed over these). */
export const EVAL_SLUGS = [
  'arbitration',
  'unilateral-change',
  'content-removal',
  'jurisdiction',
  'choice-of-law',
  'limitation-of-liability',
  'unilateral-termination',
  'contract-by-using',
] as const;

/** Categories the learned model predicts: the eight evaluated ones plus privacy-by-reference. */
export const LEARNED_SLUGS = [...EVAL_SLUGS, 'privacy-by-reference'] as const;

export const CATEGORY_SLUGS: readonly string[] = CATEGORIES.map((c) => c.slug);

const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

export const CORPUS_CODE_TO_SLUG: Readonly<Record<string, string>> = Object.fromEntries(
  CATEGORIES.filter((c) => c.corpusCode).map((c) => [c.corpusCode as string, c.slug]),
);

export function getCategory(slug: string): Category {
  const category = bySlug.get(slug);
  if (!category) throw new Error(`unknown category slug: ${slug}`);
  return category;
}

export function isCategorySlug(slug: string): boolean {
  return bySlug.has(slug);
}
