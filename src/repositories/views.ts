// The shapes the API shows, taken from the generated contract: what a repository returns for an
// operation is typed by the document's components, not written again. Times stay the Date
// objects the database gives (the operations write them as ISO strings).
import type { components } from '../../generated/openapi.js';

type Schemas = components['schemas'];
/** `T` with the fields `K` (ISO strings in the contract) as the database's Dates. */
type WithDates<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Date | null : Date };

export type ProviderSummary = Schemas['Provider'];
export type ClauseView = Schemas['Clause'];
export type ProtectionView = Schemas['Protection'];
export type RatingPointView = Schemas['RatingPoint'];
export type BandView = Schemas['Band'];
export type ContractFactsView = Schemas['ContractFacts'];
export type FavourableClauseView = Schemas['FavourableClause'];
export type ProviderDetailView = Omit<Schemas['ProviderDetail'], 'attribution'>;
export type AdminProviderView = Schemas['AdminProvider'];
export type OpinionView = WithDates<Schemas['Opinion'], 'created_at'>;
export type TrackingStatusRow = WithDates<Schemas['TrackingStatus'], 'last_attempt_at' | 'last_fetched_at' | 'next_attempt_at'>;
export type TrackingCounts = Schemas['TrackingCounts'];
/** A protection guide as given (the admin API's replaceProtections, the library, the demo seed). */
export type GuideInput = Readonly<Schemas['Protection']>;
