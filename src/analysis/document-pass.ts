// Kept for importers (tests, scripts, facts/): the code lives in engine/document-pass.ts.
export * from './engine/document-pass.js';
