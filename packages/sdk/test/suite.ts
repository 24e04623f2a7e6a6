import { timeSpentEvent } from '@learnkit/activity/caliper';
import { timeSpentInput } from '@learnkit/test-utils';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  createTokenCache,
  NotFoundError,
  SigningSecret,
  ValidationError,
  verifyWebhook,
  where,
} from '../src/index';
import { type Mode, TEST_CONFIG, useSdkMock } from './harness';

/** The behaviour of `new LearnKit()` against the mock platform, run once per transport. */
export function sdkSuite(mode: Mode): void {
  const ctx = useSdkMock(mode);
  const app = () => ctx.platform.fixtures.application.applicationId;

  describe(`LearnKit against the mock (${mode})`, () => {
    it('gets a token with HTTP Basic at <baseUrl>/auth/1.0/token and reads CASE', async () => {
      const lk = ctx.lk();
      const { documentId, standardIds } = ctx.platform.fixtures.case;
      const doc = await lk.case.documents.get(documentId);
      expect(doc.sourcedId).toBe(documentId);
      const item = await lk.case.items.get(standardIds[0] as string, { fields: ['sourcedId', 'CFItemType'] });
      expect(item).toEqual({ sourcedId: standardIds[0], CFItemType: 'Standard' });
      const page = await lk.case.items.list({ filter: where.eq('CFItemType', 'Standard'), limit: 10 });
      expect(page.data).toHaveLength(10);
      expect(page.hasNextPage()).toBe(true);

      await ctx.flush();
      const [token, ...rest] = ctx.tokenRequests();
      expect(rest).toEqual([]);
      expect(token?.url.href).toBe(`${ctx.baseUrl}/auth/1.0/token`);
      const { clientId, clientSecret } = ctx.platform.clients.partner;
      expect(token?.headers.get('authorization')).toBe(`Basic ${btoa(`${clientId}:${clientSecret}`)}`);
      expect(token?.body).not.toContain('client_secret');
    });

    it('gets a token with form fields at <authUrl>/oauth2/token when authUrl is given', async () => {
      const lk = ctx.lk({ authUrl: ctx.authUrl });
      await lk.case.documents.list({ limit: 1 });
      await ctx.flush();
      const [token, ...rest] = ctx.tokenRequests();
      expect(rest).toEqual([]);
      expect(token?.url.href).toBe(`${ctx.authUrl}/oauth2/token`);
      expect(token?.headers.get('authorization')).toBeNull();
      const form = new URLSearchParams(token?.body ?? '');
      expect(form.get('grant_type')).toBe('client_credentials');
      expect(form.get('client_id')).toBe(ctx.platform.clients.partner.clientId);
      expect(form.get('client_secret')).toBe(ctx.platform.clients.partner.clientSecret);
    });

    it('asks for the scopes given', async () => {
      const lk = ctx.lk({ scopes: ['https://scopes.example.com/webhooks/webhooks.read'] });
      await expect(lk.webhooks.subscriptions.list(app())).resolves.toEqual([]);
      await ctx.flush();
      expect(new URLSearchParams(ctx.tokenRequests()[0]?.body ?? '').get('scope')).toBe(
        'https://scopes.example.com/webhooks/webhooks.read',
      );
    });

    // A thousand exchanges, each checked against openapi/ by the harness: about 10 s on a quiet machine, so it gets
    // a minute rather than the default 20 s, which a loaded machine came within a second of.
    it('shares one token request among 1,000 concurrent calls across case, webhooks and lk.http', {
      timeout: 60_000,
    }, async () => {
      const lk = ctx.lk();
      const { standardIds } = ctx.platform.fixtures.case;
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < 1000; i++) {
        switch (i % 4) {
          case 0:
            calls.push(lk.case.items.get(standardIds[i % standardIds.length] as string));
            break;
          case 1:
            calls.push(lk.webhooks.subscriptions.list(app()));
            break;
          case 2:
            calls.push(
              lk.http.call('GET', '/ims/oneroster/rostering/v1p2/users/', { params: { query: {} } }),
            );
            break;
          default:
            calls.push(lk.case.documents.list({ limit: 1 }));
        }
      }
      await Promise.all(calls);
      await ctx.flush();
      expect(ctx.tokenRequests()).toHaveLength(1);
      expect(ctx.platform.state.tokens.length).toBe(1);
      // Later calls, of any client, reuse the same token.
      await lk.webhooks.subscriptions.list(app());
      await lk.case.documents.list({ limit: 1 });
      expect(ctx.tokenRequests()).toHaveLength(1);
    });

    it('validates ids and uploads a package', async () => {
      const lk = ctx.lk();
      const { standardIds, courseSequenceItemIds } = ctx.platform.fixtures.case;
      const ids = [standardIds[0] as string, courseSequenceItemIds[0] as string];
      expect(await lk.case.items.validate(ids)).toEqual({ valid: [ids[0]], invalid: [ids[1]] });
      await expect(lk.case.items.validate(['K.CC.1'])).rejects.toBeInstanceOf(ValidationError);
      await expect(lk.case.items.get('00000000-0000-0000-0000-00000000abcd')).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('creates, pauses, rotates and deletes a subscription, and verifies a delivery with its secret', async () => {
      const lk = ctx.lk();
      const url = 'https://hooks.partner.example/learnkit';
      const created = await lk.webhooks.subscriptions.create(app(), { url, eventTypes: ['test.ping'] });
      expect(created).toMatchObject({ url, eventTypes: ['test.ping'], status: 'active' });
      expect(created.signingSecret).toBeInstanceOf(SigningSecret);
      expect(await lk.webhooks.subscriptions.list(app())).toHaveLength(1);
      const paused = await lk.webhooks.subscriptions.update(app(), created.id, { status: 'paused' });
      expect(paused.status).toBe('paused');
      const rotated = await lk.webhooks.subscriptions.rotateSecret(app(), created.id);
      expect(rotated.signingSecret.reveal()).not.toBe(created.signingSecret.reveal());

      const body = JSON.stringify({
        id: crypto.randomUUID(),
        type: 'test.ping',
        timestamp: new Date().toISOString(),
        data: { message: 'hi' },
      });
      const headers = await lk.webhooks.sign({ body, secret: rotated.signingSecret });
      const event = await verifyWebhook({ body, headers, secret: rotated.signingSecret });
      expect(event.type).toBe('test.ping');
      await expect(
        lk.webhooks.verify({ body, headers, secret: created.signingSecret }),
      ).rejects.toMatchObject({
        reason: 'signature_mismatch',
      });

      await lk.webhooks.subscriptions.delete(app(), created.id);
      expect(await lk.webhooks.subscriptions.list(app())).toEqual([]);
    });

    it('calls any platform path through lk.http, typed, on the same token', async () => {
      const lk = ctx.lk();
      const { student } = ctx.platform.fixtures.roster;
      const user = await lk.http.call('GET', '/rostering/1.0/users/{sourcedId}', {
        params: { path: { sourcedId: student.sourcedId } },
      });
      expect(user.email).toBe(student.email);
      const { users } = await lk.http.call('GET', '/ims/oneroster/rostering/v1p2/users/', {
        params: { query: { limit: 5 } },
      });
      expect(users.length).toBeGreaterThan(0);
      // openapi-fetch's own methods go through the same transport.
      const { data, error } = await lk.http.GET('/ims/case/v1p1/CFDocuments', {
        params: { query: { limit: 1 } },
      });
      expect(error).toBeUndefined();
      expect(data?.CFDocuments).toHaveLength(1);
      await ctx.flush();
      expect(ctx.tokenRequests()).toHaveLength(1);
    });

    it('sends Caliper events with the sensor of the activity configuration', async () => {
      const lk = ctx.lk();
      const { student } = ctx.platform.fixtures.roster;
      const event = timeSpentEvent({
        ...timeSpentInput({
          baseUrl: ctx.baseUrl,
          student,
          app: TEST_CONFIG.app,
          activity: { id: 'fractions-1', name: 'Fractions 1' },
          sensor: TEST_CONFIG.sensor,
        }),
        runId: crypto.randomUUID(),
      });
      expect(await lk.caliper.send([event])).toMatchObject({ accepted: 1, duplicates: 0, requests: 1 });
      // Idempotent: an event this client had accepted is not sent again; another client's resend is a duplicate.
      expect(await lk.caliper.send(event)).toMatchObject({ accepted: 0, skipped: [event.id], requests: 0 });
      expect(await ctx.lk().caliper.send(event)).toMatchObject({ accepted: 0, duplicates: 1 });
      const stored = ctx.platform.state.caliperEvents;
      expect(stored).toHaveLength(1);
      expect(stored[0]?.sensor).toBe(TEST_CONFIG.sensor);
      await expect(lk.caliper.send([])).rejects.toBeInstanceOf(ValidationError);
    });

    it('records an activity for a user found by email, through lk.activity on the same token', async () => {
      const lk = ctx.lk();
      const { student, mathCourseId } = ctx.platform.fixtures.roster;
      const result = await lk.activity.record({
        user: { email: student.email },
        activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
        metrics: { xpEarned: 12, totalQuestions: 10, correctQuestions: 8 },
      });
      expect(result).toMatchObject({ accepted: 1, duplicates: 0 });
      const [stored] = ctx.platform.state.caliperEvents;
      expect(stored?.event).toMatchObject({
        type: 'ActivityEvent',
        action: 'Completed',
        actor: { id: `${ctx.baseUrl}/rostering/1.0/users/${student.sourcedId}`, email: student.email },
        object: { id: 'https://app.example.com/activities/Math/g3/fractions-1' },
        extensions: { runId: result.runId, courseId: mathCourseId },
      });
      await expect(
        lk.activity.record({
          user: { email: student.email },
          activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 4 } },
          metrics: { xpEarned: 1 },
        }),
      ).rejects.toBeInstanceOf(ValidationError);
      await ctx.flush();
      expect(ctx.tokenRequests()).toHaveLength(1);
    });

    it('serves the browser tracker with lk.activity.handler (getUser from the options)', async () => {
      const { student } = ctx.platform.fixtures.roster;
      const lk = ctx.lk({
        activity: {
          config: TEST_CONFIG,
          getUser: () => ({ email: student.email, platformId: student.sourcedId }),
        },
      });
      const id = `urn:uuid:${crypto.randomUUID()}`;
      const batch = {
        v: 1,
        events: [
          {
            kind: 'timeSpent',
            id,
            runId: crypto.randomUUID(),
            activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
            window: {
              activeMs: 15_000,
              inactiveMs: 0,
              startedAt: '2026-01-05T10:00:00.000Z',
              endedAt: '2026-01-05T10:00:15.000Z',
            },
          },
        ],
      };
      const post = () =>
        lk.activity.handler(
          new Request('https://app.example.com/api/activity', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(batch),
          }),
        );
      expect((await post()).status).toBe(202);
      expect((await post()).status).toBe(202); // a resend: deduped by event id
      expect(ctx.platform.state.caliperEvents.map((e) => e.event.id)).toEqual([id]);
    });

    it('fails with an AuthenticationError naming the fix when the credentials are wrong', async () => {
      const lk = ctx.lk({ clientSecret: 'wrong-secret-0123456789' });
      const error = await lk.case.documents.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(String((error as Error).message)).not.toContain('wrong-secret-0123456789');
      expect(JSON.stringify(error)).not.toContain('wrong-secret-0123456789');
    });

    it('gives each instance its own token cache unless one is shared', async () => {
      const shared = createTokenCache();
      await ctx.lk({ tokenCache: shared }).case.documents.list({ limit: 1 });
      await ctx.lk({ tokenCache: shared }).case.documents.list({ limit: 1 });
      await ctx.flush();
      expect(ctx.tokenRequests()).toHaveLength(1);
      await ctx.lk().case.documents.list({ limit: 1 });
      await ctx.flush();
      expect(ctx.tokenRequests()).toHaveLength(2);
    });
  });
}
