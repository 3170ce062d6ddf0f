// The shipped snapshot of real terms: its manifest and documents (manifest.ts), taken in at
// start in the background (take-in.ts).
export { Snapshot, SnapshotError, type SnapshotDocument, type SnapshotManifest } from './manifest.js';
export { snapshotTakeIn, type SnapshotTakeIn, type TakeInReport } from './take-in.js';
