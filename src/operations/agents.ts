// Endpoints 1, 6, 7 and 8: registration and the calling agent's own key.
import { attribution } from '../core/attribution.js';
import { hashApiKey, newApiKey } from '../core/access/api-keys.js';
import { registrationSubject } from '../core/access/client-address.js';
import { unauthenticated } from '../core/errors.js';
import { findAgentById, insertAgent, replaceKeyHash, revokeAgent } from '../repositories/agents.js';
import { consumeBudget } from '../repositories/rate-limits.js';
import { registrationRule, registrationsSpent } from '../core/access/budgets.js';
import type { Handlers } from '../core/handler-types.js';

const keyGone = () => unauthenticated('invalid API key');

export const agentHandlers = {
  async registerAgent({ body, caller, services }) {
    const { db, config } = services;
    const apiKey = newApiKey();
    // The registration budget and the new agent commit together: a failed insert spends nothing.
    const agent = await db.transaction().execute(async (trx) => {
      const budget = await consumeBudget(trx, registrationSubject(caller.address), registrationRule(config.limits));
      if (!budget.admitted) throw registrationsSpent(budget);
      return insertAgent(trx, {
        name: body.name,
        description: body.description ?? '',
        contact_url: body.contact_url ?? null,
        model: body.model ?? null,
        key_hash: hashApiKey(apiKey),
      });
    });
    return {
      api_key: apiKey,
      name: agent.name,
      usage_limits: { requests_per_hour: config.limits.requestsPerHour, opinions_per_hour: config.limits.opinionsPerHour },
      attribution: attribution(config.baseUrl),
    };
  },

  async getCurrentAgent({ agent, services }) {
    const row = await findAgentById(services.db, agent.id);
    if (!row) throw keyGone();
    return {
      agent: {
        name: row.name,
        description: row.description,
        contact_url: row.contact_url,
        model: row.model,
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at?.toISOString() ?? null,
        request_count: row.request_count,
        is_active: row.is_active,
      },
      attribution: attribution(services.config.baseUrl),
    };
  },

  async regenerateKey({ agent, keyHash, services }) {
    const apiKey = newApiKey();
    if (!(await replaceKeyHash(services.db, agent.id, keyHash, hashApiKey(apiKey)))) throw keyGone();
    return {
      api_key: apiKey,
      name: agent.name,
      message: 'The previous key no longer works. Store this key now: it is not shown again.',
      attribution: attribution(services.config.baseUrl),
    };
  },

  async revokeKey({ agent, keyHash, services }) {
    if (!(await revokeAgent(services.db, agent.id, keyHash))) throw keyGone();
    return {
      success: true,
      message: 'The agent is revoked for good; its key no longer works. A new key needs a new registration.',
      attribution: attribution(services.config.baseUrl),
    };
  },
} satisfies Handlers<'registerAgent' | 'getCurrentAgent' | 'regenerateKey' | 'revokeKey'>;
