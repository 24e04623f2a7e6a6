import { hash32, hashText } from '../internal/random.js';
import { ALL_SCOPES, WEBHOOK_SCOPES } from '../scopes.js';
import type { MockClient, MockState } from '../state.js';

/** The credentials the seeded platform accepts. */
export type MockClients = {
  /** A partner client with every scope, in a tenant holding `app:manage_webhooks` on the seeded application; org scope: the Maple district. */
  partner: MockClient;
  /** A second partner client of the same tenant, org scope: the Cedar district (another auth client, for ownership and org-scope tests). */
  otherPartner: MockClient;
  /** Like `partner` but without the webhook scopes (403 on every webhook operation). */
  noWebhookScopes: MockClient;
  /** Every scope, but its tenant holds no `app:manage_webhooks` grant (403 on the webhook operations). */
  noGrant: MockClient;
  /** A platform-internal client: every scope, every org, and it receives no-org events such as `application.*`. */
  internal: MockClient;
  /** The seeded application's own auth client (owner of subscriptions made through the developer tool). */
  application: MockClient;
};

/** Well-known ids of the seeded application and developer. */
export type ApplicationFixtures = {
  /** The seeded application's `sourcedId` (`app-learnkit-demo`): the `{appId}` of the webhook paths. */
  applicationId: string;
  /** The developer who registered the application (holds the `app:manage_webhooks` user grant). */
  developerId: string;
  /** That developer's email address, the `email` claim of their single-sign-on token. */
  developerEmail: string;
};

const secretOf = (seed: number, label: string) => {
  const h = hashText(label, seed);
  return `lk_test_${label}_${hash32(h, 1).toString(16).padStart(8, '0')}${hash32(h, 2).toString(16).padStart(8, '0')}`;
};

/** Seeds tenants, clients, the application and its registering developer. */
export function seedClients(
  state: MockState,
  seed: number,
  now: string,
): { clients: MockClients; application: ApplicationFixtures } {
  const applicationId = 'app-learnkit-demo';
  state.tenants.set('tenant-partner', { id: 'tenant-partner', manageWebhooks: new Set([applicationId]) });
  state.tenants.set('tenant-no-grant', { id: 'tenant-no-grant', manageWebhooks: new Set() });
  state.tenants.set('tenant-platform', { id: 'tenant-platform', manageWebhooks: new Set([applicationId]) });

  // Every client is the partner tenant's, with every scope, on the Maple district, unless `fields` says otherwise.
  const client = (label: string, fields: Partial<MockClient> = {}): MockClient => {
    const created: MockClient = {
      label,
      clientId: `${label}-client`,
      clientSecret: secretOf(seed, label),
      scopes: [...ALL_SCOPES],
      tenantId: 'tenant-partner',
      orgIds: ['org-maple-district'],
      internal: false,
      ...fields,
    };
    state.clients.set(created.clientId, created);
    return created;
  };
  const clients: MockClients = {
    partner: client('partner'),
    otherPartner: client('other-partner', { orgIds: ['org-cedar-district'] }),
    noWebhookScopes: client('no-webhook-scopes', {
      scopes: ALL_SCOPES.filter((scope) => !WEBHOOK_SCOPES.includes(scope)),
    }),
    noGrant: client('no-grant', { tenantId: 'tenant-no-grant' }),
    internal: client('internal', { tenantId: 'tenant-platform', orgIds: 'all', internal: true }),
    application: client('application', { applicationId }),
  };

  state.applications.set(applicationId, {
    sourcedId: applicationId,
    name: 'LearnKit Demo App',
    description: 'The application the mock platform is seeded with.',
    launchUrl: 'https://demo-app.learnkit.test/launch',
    dateLastModified: now,
    clientId: clients.application.clientId,
    sandboxStatus: 'awaiting_secret_claim',
    proctoringEnabled: true,
    draft: false,
  });
  const developerId = 'dev-registering';
  const developerEmail = 'developer@partner.learnkit.test';
  state.developers.set(developerId, {
    id: developerId,
    email: developerEmail,
    manageWebhooks: new Set([applicationId]),
  });
  return { clients, application: { applicationId, developerId, developerEmail } };
}
