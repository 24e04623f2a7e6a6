import { notFound } from '../internal/http-error.js';
import { json } from '../internal/responses.js';
import type { RequestContext } from './dispatch.js';

/**
 * Not in the documents: where a claim URL of `rotateApplicationCredentials` leads
 * (docs/decisions.md#d-i15-operation-table). Answers the secret once, then 404.
 */
export const claimRoute = {
  method: 'GET',
  pattern: '/applications/1.0/claims/:token',
  handle: ({ core }: RequestContext, params: Record<string, string>): Response => {
    const claim = core.state.secretClaims.get(params.token!);
    if (!claim || claim.claimed) throw notFound('claim not found or already used');
    claim.claimed = true;
    const client = core.state.clients.get(claim.clientId);
    if (client) client.clientSecret = claim.clientSecret;
    const application = core.state.applications.get(claim.applicationId);
    if (application) application.sandboxStatus = 'active';
    return json(200, { clientId: claim.clientId, clientSecret: claim.clientSecret });
  },
} as const;
