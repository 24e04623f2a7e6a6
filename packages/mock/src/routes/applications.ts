import { badRequest, notFound } from '../internal/http-error.js';
import { randomHex, randomId } from '../internal/random.js';
import { json } from '../internal/responses.js';
import { ALL_SCOPES } from '../scopes.js';
import type { MockClient, StoredApplication } from '../state.js';
import { authenticate, requireClient } from '../tokens.js';
import type { RequestContext } from './context.js';
import type { OperationRoutes } from './operation.js';

const caller = (context: RequestContext) => requireClient(authenticate(context.core, context.request)).client;

/** The application's own auth client, created with the application. */
function createAppClient(context: RequestContext, applicationId: string, owner: MockClient): MockClient {
  const client: MockClient = {
    label: `app:${applicationId}`,
    clientId: `${applicationId}-client`,
    clientSecret: `lk_test_${randomHex(16)}`,
    scopes: [...ALL_SCOPES],
    tenantId: owner.tenantId,
    orgIds: owner.orgIds,
    internal: false,
    applicationId,
  };
  context.core.state.clients.set(client.clientId, client);
  // The registering tenant manages the new application's webhooks.
  context.core.state.tenants.get(owner.tenantId)?.manageWebhooks.add(applicationId);
  return client;
}

function applicationOr404(context: RequestContext, id: string): StoredApplication {
  const application = context.core.state.applications.get(id);
  if (!application) throw notFound(`application ${id} not found`);
  return application;
}

const credentials = (application: StoredApplication) => ({
  clientId: application.clientId,
  sandboxStatus: application.sandboxStatus,
});

/** Applications: drafts with credentials the token endpoint accepts, credential status and rotation, the registry. */
export const applicationRoutes: OperationRoutes = {
  createApplicationDraft: async (context) => {
    const owner = caller(context);
    const body = await context.body();
    const applicationId = `app-${randomId()}`;
    const client = createAppClient(context, applicationId, owner);
    context.core.state.applications.set(applicationId, {
      ...body,
      sourcedId: applicationId,
      name: body.name ?? 'Draft application',
      dateLastModified: context.core.iso(),
      clientId: client.clientId,
      sandboxStatus: null,
      proctoringEnabled: false,
      draft: true,
    });
    return json(201, { applicationId, clientId: client.clientId, clientSecret: client.clientSecret });
  },

  getApplicationCredentials: (context, params) => {
    caller(context);
    return json(200, credentials(applicationOr404(context, params.appId)));
  },

  rotateApplicationCredentials: (context, params) => {
    caller(context);
    const { core } = context;
    const application = applicationOr404(context, params.appId);
    const client = core.state.clients.get(application.clientId);
    if (!client) throw notFound(`application ${application.sourcedId} has no client`);
    // The new secret is surfaced only through the one-time claim URL; the old one works until it is claimed.
    const token = randomHex(16);
    core.state.secretClaims.set(token, {
      token,
      applicationId: application.sourcedId,
      clientId: client.clientId,
      clientSecret: `lk_test_${randomHex(16)}`,
      claimed: false,
    });
    application.sandboxStatus = 'awaiting_secret_claim';
    return json(200, {
      claimUrl: `${core.options.baseUrl}/applications/1.0/claims/${token}`,
      ...credentials(application),
    });
  },

  listApplications: (context) => {
    caller(context);
    return json(200, { applications: [...context.core.state.applications.values()] });
  },

  getApplication: (context, params) => {
    caller(context);
    return json(200, applicationOr404(context, params.sourcedId));
  },

  upsertApplication: async (context, params) => {
    const owner = caller(context);
    const { core } = context;
    const id = params.sourcedId;
    const body = await context.body();
    // A rule between the path and the body, which a schema of the body alone cannot state.
    if (body.sourcedId !== undefined && body.sourcedId !== id)
      throw badRequest(`sourcedId ${body.sourcedId} differs from the path's ${id}`);
    const existing = core.state.applications.get(id);
    const clientId = existing?.clientId ?? createAppClient(context, id, owner).clientId;
    const application: StoredApplication = {
      ...existing,
      ...body,
      sourcedId: id,
      name: body.name ?? existing?.name ?? id,
      dateLastModified: core.iso(),
      clientId,
      sandboxStatus: existing?.sandboxStatus ?? null,
      proctoringEnabled: body.proctoringEnabled ?? existing?.proctoringEnabled ?? false,
      draft: existing?.draft ?? false,
    };
    core.state.applications.set(id, application);
    core.raise(
      existing ? 'application.updated' : 'application.created',
      { applicationId: id },
      { originClientId: owner.clientId },
    );
    return json(existing ? 200 : 201, application);
  },
};

/**
 * Not in the documents: where a claim URL leads (docs/decisions.md#d-i15-operation-table). Answers the secret
 * once, then 404.
 */
export const claimRoute = {
  method: 'GET',
  pattern: '/applications/1.0/claims/:token',
  handle: (context: RequestContext, params: Record<string, string>): Response => {
    const { core } = context;
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
