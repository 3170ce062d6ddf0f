// The registry of categories, in the order they are listed and reported (taxonomy.ts derives its exports
// from it). A new category is one file beside this one plus its entry here (see ../README.md).
import { arbitration } from './arbitration.js';
import { classActionWaiver } from './class-action-waiver.js';
import { unilateralChange } from './unilateral-change.js';
import { contentRemoval } from './content-removal.js';
import { jurisdiction } from './jurisdiction.js';
import { choiceOfLaw } from './choice-of-law.js';
import { limitationOfLiability } from './limitation-of-liability.js';
import { unilateralTermination } from './unilateral-termination.js';
import { contractByUsing } from './contract-by-using.js';
import { privacyByReference } from './privacy-by-reference.js';
import { contentLicence } from './content-licence.js';
import { automaticRenewal } from './automatic-renewal.js';
import { dataSharing } from './data-sharing.js';
import { indemnification } from './indemnification.js';
import { claimTimeLimit } from './claim-time-limit.js';
import { automatedAccess } from './automated-access.js';
import type { CategoryDefinition } from './category.js';

export type { CategoryDefinition, Severity } from './category.js';

export const CATEGORY_DEFINITIONS = [
  arbitration,
  classActionWaiver,
  unilateralChange,
  contentRemoval,
  jurisdiction,
  choiceOfLaw,
  limitationOfLiability,
  unilateralTermination,
  contractByUsing,
  privacyByReference,
  contentLicence,
  automaticRenewal,
  dataSharing,
  indemnification,
  claimTimeLimit,
  automatedAccess,
] as const satisfies readonly CategoryDefinition[];

/** A category's slug: one of the registry's, checked by the compiler. */
export type CategorySlug = (typeof CATEGORY_DEFINITIONS)[number]['slug'];

const bySlug = new Map<string, CategoryDefinition>(CATEGORY_DEFINITIONS.map((c) => [c.slug, c]));

export function isCategorySlug(slug: string): slug is CategorySlug {
  return bySlug.has(slug);
}

/** The category's definition; throws on a slug that is none. */
export function definitionOf(slug: string): CategoryDefinition {
  const definition = bySlug.get(slug);
  if (!definition) throw new Error(`unknown category slug: ${slug}`);
  return definition;
}
