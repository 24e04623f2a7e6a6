import { InternalServerError, NotFoundError, ValidationError } from '@learnkit/core';
import { describe, expect, it } from 'vitest';
import type { PlatformMock } from './harness';

/** A draft as the reference's drafts model needs it. */
const DRAFT = {
  name: 'Fractions',
  description: 'Fractions practice for grades 3-5',
  launchUrl: 'https://fractions.example.com/lti/launch',
};

/** `lk.applications.*` against the mock. */
export function applicationsSuite(ctx: PlatformMock): void {
  const appId = () => ctx.platform.fixtures.application.applicationId;

  describe('applications.drafts', () => {
    it('registers a draft whose credentials the platform then reports in both pools, never a secret', async () => {
      const client = ctx.client();
      const draft = await client.applications.drafts.create(DRAFT);
      expect(draft).toEqual({
        applicationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        appUrn: `urn:uuid:${draft.applicationId}`,
        clientId: expect.any(String),
        clientSecret: expect.any(String),
        publisherId: null,
      });
      const credentials = await client.applications.credentials.get(draft.applicationId);
      expect(credentials).toMatchObject({
        applicationId: draft.applicationId,
        appUrn: draft.appUrn,
        productionCredentials: {
          clientId: draft.clientId,
          scopes: expect.any(Array),
          tokenUrl: expect.any(String),
        },
        sandboxCredentials: {
          clientId: expect.any(String),
          scopes: expect.any(Array),
          tokenUrl: expect.any(String),
        },
      });
      expect(JSON.stringify(credentials)).not.toContain(draft.clientSecret);
      // A draft's production client is read-only; its sandbox client has the full scopes.
      expect(credentials.productionCredentials.scopes.length).toBeLessThan(
        credentials.sandboxCredentials!.scopes.length,
      );
      const app = await client.applications.applications.get(draft.applicationId);
      expect(app).toMatchObject({ sourcedId: draft.applicationId, name: DRAFT.name, status: 'draft' });
      // The name is unique.
      await expect(client.applications.drafts.create(DRAFT)).rejects.toThrow(/name "Fractions" is taken/);
    });

    it('refuses a draft without description or launchUrl before sending, naming each field', async () => {
      const client = ctx.client();
      const error = await client.applications.drafts
        .create({ name: 'Fractions' } as never)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toMatch(/draft\.description: is required/);
      expect((error as ValidationError).message).toMatch(/draft\.launchUrl: is required/);
      await expect(client.applications.drafts.create({ ...DRAFT, launchUrl: 'not a url' })).rejects.toThrow(
        /draft\.launchUrl/,
      );
      expect(ctx.sent).toHaveLength(0);
    });

    it('refuses a body that is not an object before sending, and is not repeated after a 500', async () => {
      const client = ctx.client();
      await expect(client.applications.drafts.create('Fractions' as never)).rejects.toThrow(
        /draft: must be a JSON object \(got "Fractions"\)/,
      );
      expect(ctx.sent).toHaveLength(0);
      ctx.platform.faults.inject({ method: 'POST', path: '/applications/1.0/drafts', status: 500 });
      await expect(client.applications.drafts.create(DRAFT)).rejects.toBeInstanceOf(InternalServerError);
      // A repeat could register a second application: one request only.
      expect(ctx.apiRequests()).toHaveLength(1);
    });
  });

  describe('applications.credentials', () => {
    it('rotates the credentials: a claim URL, and the status awaits the claim', async () => {
      const client = ctx.client();
      const rotation = await client.applications.credentials.rotate(appId());
      expect(rotation.claimUrl).toMatch(/^https?:\/\/.+\/applications\/1\.0\/claims\//);
      expect(rotation.sandboxStatus).toBe('awaiting_secret_claim');
      expect((await client.applications.credentials.get(appId())).sandboxStatus).toBe(
        'awaiting_secret_claim',
      );
      await expect(client.applications.credentials.rotate('app-none')).rejects.toBeInstanceOf(NotFoundError);
      await expect(client.applications.credentials.get('')).rejects.toBeInstanceOf(ValidationError);
    });
  });

  describe('applications.applications', () => {
    it('lists, gets and upserts applications (201 then 200), with the events of each', async () => {
      const client = ctx.client();
      const { data } = await client.applications.applications.list();
      expect(data.map((app) => app.sourcedId)).toContain(appId());
      expect(await client.applications.applications.get(appId())).toMatchObject({ sourcedId: appId() });

      const created = await client.applications.applications.upsert('app-fractions', { name: 'Fractions' });
      expect(created).toMatchObject({ sourcedId: 'app-fractions', name: 'Fractions' });
      const updated = await client.applications.applications.upsert('app-fractions', {
        proctoringEnabled: true,
      });
      expect(updated).toMatchObject({ name: 'Fractions', proctoringEnabled: true });
      expect(ctx.platform.state.events.map((event) => event.envelope.type)).toEqual([
        'application.created',
        'application.updated',
      ]);
      await expect(client.applications.applications.get('app-none')).rejects.toBeInstanceOf(NotFoundError);
    });

    it('lists the LTI application records with a filter, a page at a time', async () => {
      const client = ctx.client();
      await client.applications.drafts.create(DRAFT);
      const active = await client.applications.ltiApplications
        .list({ filter: "status='active'" })
        .toArray({ max: 100 });
      expect(active.length).toBeGreaterThan(0);
      expect(active.every((app) => app.status === 'active')).toBe(true);
      const drafts = await client.applications.ltiApplications
        .list({ filter: "status='draft'" })
        .toArray({ max: 100 });
      expect(drafts.map((app) => app.name)).toEqual([DRAFT.name]);
      const sent = ctx.apiRequests().filter((request) => request.url.pathname === '/applications/1.0');
      expect(sent[0]!.url.searchParams.get('filter')).toBe("status='active'");
      expect(sent[0]!.url.searchParams.get('limit')).toBe('100');
    });

    it('refuses an upsert body that is not an object before sending', async () => {
      const client = ctx.client();
      await expect(client.applications.applications.upsert('app-x', [] as never)).rejects.toThrow(
        /application: must be a JSON object \(got an array\)/,
      );
      expect(ctx.sent).toHaveLength(0);
    });
  });
}
