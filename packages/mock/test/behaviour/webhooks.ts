import { beforeEach, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/index.js';
import type { Harness } from '../support/harness.js';

type Subscription = {
  id: string;
  url: string;
  eventTypes: string[];
  status: string;
  dateCreated: string;
  signingSecret?: string;
};

/** The six subscription operations: scopes, grant, ownership, developer-tool path, rules, secrets. */
export function webhookTests(h: Harness): void {
  describe('webhook subscriptions', () => {
    let app = '';
    let partner = '';
    const base = () => `/webhooks/1.0/${app}/subscriptions`;
    const create = (token: string, body: unknown) => h.call('POST', base(), { token, body });
    beforeEach(async () => {
      app = h.platform.fixtures.application.applicationId;
      partner = await h.token(h.platform.clients.partner);
    });

    it('creates (201, whsec_ secret once), lists, gets, updates (200), rotates (200, new secret) and deletes (204)', async () => {
      const created = await create(partner, {
        url: 'https://hooks.partner.example/learnkit',
        eventTypes: ['enrollment.created', 'test.ping'],
      });
      expect(created.status).toBe(201);
      const subscription = created.body as Subscription;
      expect(subscription).toMatchObject({
        url: 'https://hooks.partner.example/learnkit',
        eventTypes: ['enrollment.created', 'test.ping'],
        status: 'active',
      });
      expect(subscription.signingSecret).toMatch(/^whsec_[\w-]{20,}$/);
      expect(subscription.dateCreated).toBe(
        new Date(Math.floor(h.platform.clock.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      );

      const listed = await h.call('GET', base(), { token: partner });
      expect(listed.body).toEqual(
        [{ ...subscription, signingSecret: undefined }].map(({ signingSecret: _, ...rest }) => rest),
      );
      const got = await h.call('GET', `${base()}/${subscription.id}`, { token: partner });
      expect(got.body).not.toHaveProperty('signingSecret');

      const updated = await h.call('PUT', `${base()}/${subscription.id}`, {
        token: partner,
        body: { eventTypes: ['user.created'] },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        url: subscription.url,
        eventTypes: ['user.created'],
        status: 'active',
      });
      expect(updated.body).not.toHaveProperty('signingSecret');

      const rotated = await h.call('POST', `${base()}/${subscription.id}/rotate-secret`, { token: partner });
      expect(rotated.status).toBe(200);
      expect((rotated.body as Subscription).signingSecret).toMatch(/^whsec_/);
      expect((rotated.body as Subscription).signingSecret).not.toBe(subscription.signingSecret);

      const deleted = await h.call('DELETE', `${base()}/${subscription.id}`, { token: partner });
      expect([deleted.status, deleted.text]).toEqual([204, '']);
      expect((await h.call('GET', `${base()}/${subscription.id}`, { token: partner })).status).toBe(404);
      expect(
        (await h.call('PUT', `${base()}/${subscription.id}`, { token: partner, body: { status: 'active' } }))
          .status,
      ).toBe(404);
      expect((await h.call('GET', base(), { token: partner })).body).toEqual([]);
    });

    it('needs webhooks.read, webhooks.write and webhooks.delete for the matching operations (403 otherwise)', async () => {
      const subscription = (
        await create(partner, { url: 'https://hooks.partner.example/a', eventTypes: ['test.ping'] })
      ).body as Subscription;
      const none = await h.token(h.platform.clients.noWebhookScopes);
      const readOnly = await h.token(h.platform.clients.partner, [SCOPES.webhooksRead]);
      const writeOnly = await h.token(h.platform.clients.partner, [SCOPES.webhooksWrite]);
      const one = `${base()}/${subscription.id}`;
      const body = { url: 'https://hooks.partner.example/b', eventTypes: ['test.ping'] };
      for (const token of [none, readOnly]) {
        expect((await create(token, body)).status).toBe(403);
        expect((await h.call('PUT', one, { token, body: { status: 'paused' } })).status).toBe(403);
        expect((await h.call('POST', `${one}/rotate-secret`, { token })).status).toBe(403);
      }
      for (const token of [none, writeOnly]) {
        expect((await h.call('GET', base(), { token })).status).toBe(403);
        expect((await h.call('GET', one, { token })).status).toBe(403);
        expect((await h.call('DELETE', one, { token })).status).toBe(403);
      }
      expect((await h.call('GET', one, { token: readOnly })).status).toBe(200);
      expect((await h.call('PUT', one, { token: writeOnly, body: { status: 'paused' } })).status).toBe(200);
    });

    it('needs the tenant grant app:manage_webhooks on the application (403 naming it)', async () => {
      const noGrant = await h.token(h.platform.clients.noGrant);
      const refused = await create(noGrant, {
        url: 'https://hooks.partner.example/a',
        eventTypes: ['test.ping'],
      });
      expect(refused.status).toBe(403);
      expect((refused.body as { message: string }).message).toContain(
        `app:manage_webhooks on urn:app:${app}`,
      );
      expect((await h.call('GET', base(), { token: noGrant })).status).toBe(403);
      expect(
        (await h.call('GET', '/webhooks/1.0/app-unknown/subscriptions', { token: partner })).status,
      ).toBe(403);
    });

    it('hides another auth client subscriptions: 404 on get, update, delete and rotate; absent from list', async () => {
      const mine = (
        await create(partner, { url: 'https://hooks.partner.example/a', eventTypes: ['test.ping'] })
      ).body as Subscription;
      const other = await h.token(h.platform.clients.otherPartner);
      const one = `${base()}/${mine.id}`;
      expect((await h.call('GET', one, { token: other })).status).toBe(404);
      expect((await h.call('PUT', one, { token: other, body: { status: 'paused' } })).status).toBe(404);
      expect((await h.call('POST', `${one}/rotate-secret`, { token: other })).status).toBe(404);
      expect((await h.call('DELETE', one, { token: other })).status).toBe(404);
      expect((await h.call('GET', base(), { token: other })).body).toEqual([]);
      expect((await h.call('GET', one, { token: partner })).status).toBe(200);
      expect(
        (await h.call('GET', `${base()}/8d7f3c2e-0000-4000-8000-000000000000`, { token: partner })).body,
      ).toEqual({
        error: 'not_found',
        message: 'Subscription not found.',
      });
    });

    it('keeps the developer-tool path separate: SSO-made subscriptions belong to the app client and are invisible to client-credentials callers', async () => {
      const developer = h.platform.developerToken();
      const viaTool = await create(developer, {
        url: 'https://hooks.partner.example/tool',
        eventTypes: ['test.ping'],
      });
      expect(viaTool.status).toBe(201);
      const toolSubscription = viaTool.body as Subscription;
      const viaClient = (
        await create(partner, { url: 'https://hooks.partner.example/client', eventTypes: ['test.ping'] })
      ).body as Subscription;
      const stored = h.platform.state.subscriptions.get(toolSubscription.id)!;
      expect(stored).toMatchObject({
        ownerClientId: h.platform.clients.application.clientId,
        via: 'developer',
      });

      expect(
        ((await h.call('GET', base(), { token: developer })).body as Subscription[]).map((entry) => entry.id),
      ).toEqual([toolSubscription.id]);
      expect(
        ((await h.call('GET', base(), { token: partner })).body as Subscription[]).map((entry) => entry.id),
      ).toEqual([viaClient.id]);
      const appClient = await h.token(h.platform.clients.application);
      expect((await h.call('GET', base(), { token: appClient })).body).toEqual([]);
      expect((await h.call('GET', `${base()}/${toolSubscription.id}`, { token: appClient })).status).toBe(
        404,
      );
      expect((await h.call('GET', `${base()}/${viaClient.id}`, { token: developer })).status).toBe(404);
      expect(
        (
          await h.call('PUT', `${base()}/${toolSubscription.id}`, {
            token: developer,
            body: { status: 'paused' },
          })
        ).status,
      ).toBe(200);
      expect(
        (await h.call('POST', `${base()}/${toolSubscription.id}/rotate-secret`, { token: developer })).status,
      ).toBe(200);
      expect((await h.call('DELETE', `${base()}/${toolSubscription.id}`, { token: developer })).status).toBe(
        204,
      );

      const stranger = h.platform.developerToken({ developerId: 'dev-stranger' });
      expect((await h.call('GET', base(), { token: stranger })).status).toBe(403);
      expect((await h.call('GET', '/ims/case/v1p1/CFDocuments', { token: developer })).status).toBe(403);
    });

    it('refuses URLs that are not https with a domain name (400 { error, message })', async () => {
      h.allowBadRequests();
      const before = h.platform.snapshot();
      for (const url of [
        'http://hooks.partner.example/x',
        'https://192.168.1.10/x',
        'https://[::1]/x',
        'https://[2001:db8::1]:8443/x',
        'https://2130706433/x',
        'https://user:pass@hooks.partner.example/x',
        'https://localhost/x',
        'hooks.partner.example/x',
        'not a url',
        42,
      ]) {
        const rawResponse = await create(partner, { url, eventTypes: ['test.ping'] });
        expect([url, rawResponse.status]).toEqual([url, 400]);
        expect(rawResponse.body).toMatchObject({
          error: 'bad_request',
          message: expect.stringContaining('url'),
        });
      }
      expect(h.platform.snapshot()).toEqual(before);
    });

    it('refuses empty or unknown event types with 400 naming the unknown ones', async () => {
      h.allowBadRequests();
      const empty = await create(partner, { url: 'https://hooks.partner.example/x', eventTypes: [] });
      expect(empty.status).toBe(400);
      const unknown = await create(partner, {
        url: 'https://hooks.partner.example/x',
        eventTypes: ['test.ping', 'enrollment.exploded', 'nope'],
      });
      expect(unknown.status).toBe(400);
      expect((unknown.body as { message: string }).message).toBe(
        'Unknown webhook event types: enrollment.exploded, nope',
      );
      expect((await create(partner, { url: 'https://hooks.partner.example/x' })).status).toBe(400);
      expect(
        (await create(partner, { url: 'https://hooks.partner.example/x', eventTypes: 'test.ping' })).status,
      ).toBe(400);
      expect(
        (
          await create(partner, {
            url: 'https://hooks.partner.example/x',
            eventTypes: ['test.ping'],
            extra: 1,
          })
        ).status,
      ).toBe(400);
      expect(h.platform.state.subscriptions.size).toBe(0);
    });

    it('lets a caller set only active or paused: disabled and other values are 400 and change nothing', async () => {
      h.allowBadRequests();
      const subscription = (
        await create(partner, { url: 'https://hooks.partner.example/a', eventTypes: ['test.ping'] })
      ).body as Subscription;
      const one = `${base()}/${subscription.id}`;
      const disabled = await h.call('PUT', one, { token: partner, body: { status: 'disabled' } });
      expect(disabled.status).toBe(400);
      expect((disabled.body as { message: string }).message).toContain('disabled');
      expect((await h.call('PUT', one, { token: partner, body: { status: 'archived' } })).status).toBe(400);
      expect(
        (
          await h.call('PUT', one, {
            token: partner,
            body: { url: 'https://hooks.partner.example/b', status: 'disabled' },
          })
        ).status,
      ).toBe(400);
      expect((await h.call('PUT', one, { token: partner, body: { eventTypes: ['bogus'] } })).status).toBe(
        400,
      );
      expect((await h.call('GET', one, { token: partner })).body).toMatchObject({
        url: 'https://hooks.partner.example/a',
        status: 'active',
        eventTypes: ['test.ping'],
      });
      expect((await h.call('PUT', one, { token: partner, body: {} })).status).toBe(200);
    });
  });
}
