import { InternalServerError, NotFoundError, ValidationError } from '@learnkit/core';
import { describe, expect, it } from 'vitest';
import type { PlatformMock } from './harness';

/** `lk.applications.*` against the mock. */
export function applicationsSuite(ctx: PlatformMock): void {
  const appId = () => ctx.platform.fixtures.application.applicationId;

  describe('applications.drafts', () => {
    it('registers a draft whose credentials the platform then reports', async () => {
      const client = ctx.client();
      const draft = await client.applications.drafts.create({ name: 'Fractions' });
      expect(draft).toEqual({
        applicationId: expect.any(String),
        clientId: expect.any(String),
        clientSecret: expect.any(String),
      });
      const status = await client.applications.credentials.get(draft.applicationId);
      expect(status).toEqual({ clientId: draft.clientId, sandboxStatus: null });
      const app = await client.applications.applications.get(draft.applicationId);
      expect(app).toMatchObject({ sourcedId: draft.applicationId, name: 'Fractions' });
    });

    it('refuses a body that is not an object before sending, and is not repeated after a 500', async () => {
      const client = ctx.client();
      await expect(client.applications.drafts.create('Fractions' as never)).rejects.toThrow(
        /draft: must be a JSON object \(got "Fractions"\)/,
      );
      expect(ctx.sent).toHaveLength(0);
      ctx.platform.faults.inject({ method: 'POST', path: '/applications/1.0/drafts', status: 500 });
      await expect(client.applications.drafts.create()).rejects.toBeInstanceOf(InternalServerError);
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

    it('refuses an upsert body that is not an object before sending', async () => {
      const client = ctx.client();
      await expect(client.applications.applications.upsert('app-x', [] as never)).rejects.toThrow(
        /application: must be a JSON object \(got an array\)/,
      );
      expect(ctx.sent).toHaveLength(0);
    });
  });
}
