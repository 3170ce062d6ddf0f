// Admission to the analyzer for the operations that analyse an agent's text: a place in the
// bounded analysis pool is held once the request's body has arrived (a client that stalls its
// body holds nothing) and before its key is metered, so that a call refused for lack of room
// (503, Retry-After) spends none of the agent's budget. The place
// goes to the handler through its services, and back to the pool if the request ends without
// using it (a bad key, a bad body, a client gone).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnalysisPool } from '../analysis-pool/pool.js';
import type { Reservation } from '../analysis-pool/jobs.js';
import type { Services } from './handler-types.js';
import type { OperationId } from './contract/document.js';

/** Operations whose work is one analysis of text an agent sends. */
export const ANALYSIS_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>(['analyzeTerms']);

declare module 'fastify' {
  interface FastifyRequest {
    analysisReservation: Reservation | null;
  }
  interface FastifyInstance {
    /** The application's analyzer (its worker pool), for its state. */
    analyzer: AnalysisPool;
  }
}

export function registerAnalysisAdmission(app: FastifyInstance, analyzer: AnalysisPool): void {
  app.decorate('analyzer', analyzer);
  app.decorateRequest('analysisReservation', null);
  const release = async (request: FastifyRequest) => request.analysisReservation?.release();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

/** preValidation hook of an analysis operation: holds a place, or refuses with 503 at once. */
export function reserveAnalysis(services: Services) {
  return async (request: FastifyRequest) => {
    request.analysisReservation = services.analyzer.reserve();
  };
}

/** The services a handler sees: with the request's reserved place as its analyzer, if it holds one. */
export function servicesFor(request: FastifyRequest, services: Services): Services {
  return request.analysisReservation ? { ...services, analyzer: request.analysisReservation } : services;
}
