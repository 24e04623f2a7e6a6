import type { Core } from '../core.js';
import type { components as PlatformComponents } from '../generated/openapi/platform-types.js';
import { badRequest, notFound } from '../internal/http-error.js';
import { randomHex, randomId } from '../internal/random.js';
import { found, type OperationContext, type OperationRoutes } from '../operations/dispatch.js';
import { platformPage } from '../roster/platform-views.js';
import { ALL_SCOPES } from '../scopes.js';
import type { MockClient, StoredApplication } from '../state.js';

/** The application's own auth client, created with the application. */
function createAppClient(core: Core, applicationId: string, owner: MockClient): MockClient {
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
  core.state.clients.set(client.clientId, client);
  // The registering tenant manages the new application's webhooks.
  core.state.tenants.get(owner.tenantId)?.manageWebhooks.add(applicationId);
  return client;
}

/** The only scope of a draft's production client (app-lifecycle: read-only until promoted). */
const DRAFT_PRODUCTION_SCOPES = ['https://scopes.example.com/lti/lti.readonly'];

/**
 * The credentials of an application in both pools, never a secret (api-reference credentials model): a draft's
 * production client is read-only, its sandbox client has every scope; `sandboxStatus` as spec/001 states it.
 */
function credentials(core: Core, application: StoredApplication) {
  const tokenUrl = `${core.options.authUrl}/auth/1.0/token`;
  const all = [...ALL_SCOPES];
  return {
    applicationId: application.sourcedId,
    appUrn: `urn:uuid:${application.sourcedId}`,
    productionCredentials: {
      clientId: application.clientId,
      scopes: application.draft ? DRAFT_PRODUCTION_SCOPES : all,
      tokenUrl,
    },
    sandboxCredentials: { clientId: `${application.clientId}-sandbox`, scopes: all, tokenUrl },
    sandboxStatus: application.sandboxStatus,
  };
}

/** An application as the registry lists it: its tier as `status`, its proctoring as `proctoringMode`. */
const applicationView = (application: StoredApplication): Application => ({
  ...application,
  status: application.draft ? 'draft' : 'active',
  proctoringMode: application.proctoringEnabled ? 'on' : 'off',
});

type Application = PlatformComponents['schemas']['Application'];

/** Applications: drafts, credentials and their rotation (the claim route is in operations/index.ts), the registry. */
/** The applications, a page at a time (d-platform-paging). */
const listAll = (context: OperationContext<'listApplications' | 'listLtiApplications'>) =>
  platformPage(
    'applications',
    [...context.core.state.applications.values()],
    applicationView,
    context.query,
    'Application',
  );

export const handlers: OperationRoutes = {
  createApplicationDraft: async (context) => {
    const { core, client: owner } = context;
    // `name`, `description` and `launchUrl` are required by the document: the dispatcher refused a body without.
    const body = await context.body();
    const taken = [...core.state.applications.values()].some((app) => app.name === body.name);
    if (taken) throw badRequest(`name "${body.name}" is taken by another application; choose a unique name`);
    const applicationId = randomId();
    const client = createAppClient(core, applicationId, owner);
    const now = core.iso();
    core.state.applications.set(applicationId, {
      ...body,
      sourcedId: applicationId,
      name: body.name,
      applicationType: body.applicationType ?? 'learning_app',
      dateCreated: now,
      dateLastModified: now,
      clientId: client.clientId,
      sandboxStatus: null,
      proctoringEnabled: false,
      draft: true,
    });
    return context.json(201, {
      applicationId,
      appUrn: `urn:uuid:${applicationId}`,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      publisherId: body.publisherId ?? null,
    });
  },

  getApplicationCredentials: (context, { appId }) =>
    context.json(
      200,
      credentials(context.core, found(context.core.state.applications, appId, 'application')),
    ),

  rotateApplicationCredentials: (context, { appId }) => {
    const { core } = context;
    const application = found(core.state.applications, appId, 'application');
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
    return context.json(200, {
      claimUrl: `${core.options.baseUrl}/applications/1.0/claims/${token}`,
      clientId: application.clientId,
      sandboxStatus: application.sandboxStatus,
    });
  },

  listApplications: listAll,

  // The filtered listing of the reference reads the same records, a page at a time.
  listLtiApplications: listAll,

  getApplication: (context, { sourcedId }) =>
    context.json(200, applicationView(found(context.core.state.applications, sourcedId, 'application'))),

  upsertApplication: async (context, { sourcedId: id }) => {
    const { core, client: owner } = context;
    const body = await context.body();
    // A rule between the path and the body, which a schema of the body alone cannot state.
    if (body.sourcedId !== undefined && body.sourcedId !== id)
      throw badRequest(`sourcedId ${body.sourcedId} differs from the path's ${id}`);
    const existing = core.state.applications.get(id);
    const clientId = existing?.clientId ?? createAppClient(core, id, owner).clientId;
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
    return context.json(existing ? 200 : 201, applicationView(application));
  },
};
