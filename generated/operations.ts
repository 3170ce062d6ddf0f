// Generated from openapi/openapi.yaml by scripts/gen-operations.ts (`npm run gen`): do not edit.

/** Who may call each operation: anyone, an agent with its key, or an operator with the admin token. */
export interface OperationAccess {
  registerAgent: 'anyone';
  listProviders: 'agent';
  getProvider: 'agent';
  listOpinions: 'anyone';
  submitOpinion: 'agent';
  getCurrentAgent: 'agent';
  regenerateKey: 'agent';
  revokeKey: 'agent';
  rateClause: 'agent';
  listProviderChanges: 'agent';
  getProviderTerms: 'agent';
  getAgentAccess: 'agent';
  compareProviders: 'agent';
  analyzeTerms: 'agent';
  createProvider: 'admin';
  updateProvider: 'admin';
  submitDocument: 'admin';
  listProviderClausesForReview: 'admin';
  replaceProtections: 'admin';
  updateClause: 'admin';
  verifyClause: 'admin';
  listOpinionsForModeration: 'admin';
  removeOpinion: 'admin';
  listTrackingStatus: 'admin';
  runTrackingPass: 'admin';
  seedDemoProviders: 'admin';
  runReanalysis: 'admin';
  listVotesForReview: 'admin';
  releaseVotes: 'admin';
  discardVotes: 'admin';
  listVoteAudit: 'admin';
}
