// The document and the code agree: every operation has a handler, the hand-kept lists of public
// and admin operations match the document's security, and the document's own rules hold.
import t from 'tap';
import { operationSpecs } from '../../src/core/operation-table.js';
import { handlers } from '../../src/operations/index.js';

const PUBLIC = ['registerAgent', 'listOpinions'];
const ADMIN = [
  'createProvider',
  'updateProvider',
  'submitDocument',
  'listProviderClausesForReview',
  'replaceProtections',
  'updateClause',
  'verifyClause',
  'listOpinionsForModeration',
  'removeOpinion',
  'listTrackingStatus',
  'runTrackingPass',
  'seedDemoProviders',
  'runReanalysis',
  'listVotesForReview',
  'releaseVotes',
  'discardVotes',
  'listVoteAudit',
];

t.test('every operation of the document has exactly one handler', async (t) => {
  const ids = operationSpecs().map((s) => s.operationId);
  t.same(new Set(ids).size, ids.length, 'operationIds are unique');
  t.same(Object.keys(handlers).sort(), [...ids].sort());
});

t.test('public and admin operations match the document (and handler-types.ts)', async (t) => {
  const specs = operationSpecs();
  t.same(
    specs
      .filter((s) => s.caller === 'anyone')
      .map((s) => s.operationId)
      .sort(),
    [...PUBLIC].sort(),
  );
  t.same(
    specs
      .filter((s) => s.caller === 'admin')
      .map((s) => s.operationId)
      .sort(),
    [...ADMIN].sort(),
  );
});

t.test('agent operations name their budget; keyed and public ones document their errors', async (t) => {
  for (const spec of operationSpecs()) {
    const statuses = Object.keys(spec.responseSchemas);
    if (spec.caller === 'agent') {
      t.ok(spec.budget, `${spec.operationId} has x-budget`);
      t.ok(statuses.includes('401') && statuses.includes('429'), `${spec.operationId} documents 401 and 429`);
    }
    if (spec.bodySchema) t.ok(statuses.includes('400') && statuses.includes('413') && statuses.includes('415'), `${spec.operationId} documents body errors`);
    t.ok(statuses.includes('500'), `${spec.operationId} documents 500`);
  }
});

// The input rules (NUL, lone surrogates, unknown or repeated query parameters) apply to every
// operation, so each must document 400: an undocumented status would be answered as a 500.
t.test('every operation documents 400 with the error shape', async (t) => {
  for (const spec of operationSpecs()) t.ok(spec.responseSchemas['400'], `${spec.operationId} documents 400`);
});
