// Every operation of the document, keyed by operationId: a missing handler is a compile error.
import { adminHandlers } from './admin.js';
import { analysisHandlers } from './analysis.js';
import { agentHandlers } from './agents.js';
import { agentAccessHandlers } from './agent-access.js';
import { clauseHandlers } from './clauses.js';
import { compareHandlers } from './compare.js';
import { opinionHandlers } from './opinions.js';
import { providerHandlers } from './providers.js';
import { trackingHandlers } from './tracking.js';
import type { Handlers } from '../core/handler-types.js';

export const handlers: Handlers = {
  ...agentHandlers,
  ...providerHandlers,
  ...opinionHandlers,
  ...clauseHandlers,
  ...adminHandlers,
  ...compareHandlers,
  ...analysisHandlers,
  ...trackingHandlers,
  ...agentAccessHandlers,
};
