import {
  AuthenticationError,
  InternalServerError,
  LearnKitError,
  NotFoundError,
  ValidationError,
} from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPlatformClient, type EnforcementState } from '../src/index';
import { startSession } from './fixtures';
import type { PlatformMock } from './harness';

/** `lk.events.sessions`, `lk.insights.*`, `lk.beyond.grades` and `lk.discountCodes` against the mock. */
export function insightsSuite(ctx: PlatformMock): void {
  const student = () => ctx.platform.fixtures.roster.student.sourcedId;
  const open = () => startSession(ctx.http(), ctx.baseUrl, student());

  describe('events.sessions', () => {
    it('reads a Caliper session and its events, the IRI id percent-encoded in the path', async () => {
      const sessionId = await open();
      const client = ctx.client();
      const session = await client.events.sessions.get(sessionId);
      expect(session).toMatchObject({ sessionId, endedAtTime: null });
      expect(session.events).toHaveLength(1);
      expect(ctx.apiRequests()[0]?.url.pathname).toBe(
        `/events/1.0/sessions/${encodeURIComponent(sessionId)}/events`,
      );
      await expect(
        client.events.sessions.get('https://app.example.com/sessions/none'),
      ).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('insights.sessions', () => {
    it('lists sessions, gets the summary and the enforcement state of one', async () => {
      const sessionId = await open();
      const client = ctx.client();
      const { data } = await client.insights.sessions.list();
      expect(data.map((session) => session.id)).toEqual([sessionId]);
      // The reference's session: `id`, `durationInSeconds` (null while open), `webcamEnabled`, ...
      expect(data[0]).toMatchObject({
        id: sessionId,
        endedAtTime: null,
        durationInSeconds: null,
        isProctored: false,
      });
      expect(await client.insights.sessions.get(sessionId)).toMatchObject({ sessionId });
      const state = await client.insights.sessions.getEnforcementState(sessionId);
      expect(state).toMatchObject({ sessionId, lockedOut: false });
      expectTypeOf(state).toEqualTypeOf<EnforcementState>();
      await expect(client.insights.sessions.getEnforcementState('nope')).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('writes session metadata, retried after a 500 (the same write twice is harmless)', async () => {
      const sessionId = await open();
      const client = ctx.client();
      ctx.platform.faults.inject({ method: 'POST', path: '/insights/1.0/sessions', status: 500 });
      const session = await client.insights.sessions.writeMetadata({
        sessionId,
        isProctored: true,
        webcamUsed: true,
        storageKey: 'rec/42',
      });
      expect(session).toMatchObject({
        id: sessionId,
        isProctored: true,
        webcamEnabled: true,
        recordingS3Key: 'rec/42',
      });
      expect(ctx.apiRequests().filter((request) => request.method === 'POST')).toHaveLength(2);
      await expect(
        client.insights.sessions.writeMetadata({ sessionId: 'https://app.example.com/sessions/none' }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('refuses metadata the document forbids before sending', async () => {
      const client = ctx.client();
      const error = await client.insights.sessions
        .writeMetadata({ isProctored: 'yes', recordingEndedAtTime: 'soon' } as never)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      const message = (error as ValidationError).message;
      expect(message).toMatch(/metadata\.sessionId: is required/);
      expect(message).toMatch(/metadata\.isProctored: must be a boolean \(got "yes"\)/);
      expect(message).toMatch(/metadata\.recordingEndedAtTime: must be an RFC 3339 date-time/);
      expect(ctx.sent).toHaveLength(0);
    });
  });

  describe('insights.users', () => {
    it("lists a user's insights and sessions a page at a time, and reads the overview", async () => {
      const sessionId = await open();
      const client = ctx.client();
      const insights = await client.insights.users.list(student());
      expect(insights.data).toEqual([]);
      expect(insights.total).toBe(0);
      const sessions = await client.insights.users.sessions(student()).toArray({ max: 100 });
      expect(sessions.map((session) => session.id)).toEqual([sessionId]);
      const overview = await client.insights.users.overview(student());
      expect(overview).toMatchObject({ trend: expect.any(Array), breakdown: expect.any(Array) });
      const sent = ctx.apiRequests().map((request) => `${request.url.pathname}${request.url.search}`);
      expect(sent).toEqual([
        `/insights/1.0/users/${student()}?limit=100&offset=0`,
        `/insights/1.0/users/${student()}/sessions?limit=100&offset=0`,
        `/insights/1.0/users/${student()}/overview`,
      ]);
      await expect(
        client.insights.users.overview(ctx.platform.fixtures.roster.otherStudent.sourcedId),
      ).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('insights.types and insights.groups', () => {
    it('list the catalogue, deprecated types with their sunset, and the groups with their counts', async () => {
      const client = ctx.client();
      const types = await client.insights.types.list().toArray({ max: 1000 });
      expect(types.find((type) => type.slug === 'IgnoringHelp')).toMatchObject({
        deprecated: true,
        sunsetAt: '2027-01-01T00:00:00Z',
      });
      expect(types.every((type) => typeof type.deprecated === 'boolean')).toBe(true);
      const groups = await client.insights.groups.list().toArray({ max: 1000 });
      const engagement = groups.find((group) => group.slug === 'engagement');
      expect(engagement?.visibleTypeCount).toBe(types.filter((t) => t.insightGroup === 'engagement').length);
    });
  });

  describe('beyond.grades', () => {
    it('gets the mastered grade of a student in a subject, null where nothing is mastered', async () => {
      const client = ctx.client();
      expect(await client.beyond.grades.get({ studentId: student(), subject: 'Math' })).toEqual({
        studentId: student(),
        subject: 'Math',
        masteredGrade: '03',
      });
      const reading = await client.beyond.grades.get({ studentId: student(), subject: 'Reading' });
      expect(reading.masteredGrade).toBeNull();
      expect(ctx.apiRequests()[0]?.url.searchParams.toString()).toBe(`studentId=${student()}&subject=Math`);
      await expect(
        client.beyond.grades.get({ studentId: 'usr-none', subject: 'Math' }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('refuses a missing parameter before sending', async () => {
      const client = ctx.client();
      await expect(client.beyond.grades.get({ studentId: student() } as never)).rejects.toThrow(
        /query\.subject: is required: a non-empty string \(got undefined\)/,
      );
      await expect(
        client.beyond.grades.get({ studentId: student(), subject: 'Math', grade: '03' } as never),
      ).rejects.toThrow(/query\.grade: is not a parameter of this read/);
      expect(ctx.sent).toHaveLength(0);
    });
  });

  describe('discountCodes', () => {
    it('validates a code as an app, retried after a 500; a blank code is refused before sending', async () => {
      const client = ctx.client();
      ctx.platform.faults.inject({ method: 'POST', path: '/apps/v1/discount-codes/validate', status: 500 });
      expect(await client.discountCodes.validateForApp('WELCOME10')).toMatchObject({ valid: true });
      expect(await client.discountCodes.validateForApp('NOPE')).toMatchObject({ valid: false });
      expect(ctx.apiRequests()).toHaveLength(3);
      await expect(client.discountCodes.validateForApp(' ')).rejects.toThrow(/code: must be a non-empty/);
      await expect(client.discountCodes.validateForApp(10 as never)).rejects.toThrow(
        /request\.code: must be a string \(got 10\)/,
      );
      expect(ctx.apiRequests()).toHaveLength(3);
    });

    it('validates a code at a parent checkout with the parent session as the bearer token', async () => {
      const client = ctx.client();
      const parentSession = ctx.platform.accessToken(ctx.platform.clients.otherPartner);
      const result = await client.discountCodes.validateForParentCheckout('LEARNKIT', { parentSession });
      expect(result).toMatchObject({ valid: true });
      // The parent session is the call's token: no client token was fetched, and a wrong one is refused.
      expect(ctx.sent.map((request) => request.url.pathname)).toEqual(['/store/v1/discount-codes/validate']);
      await expect(
        client.discountCodes.validateForParentCheckout('LEARNKIT', { parentSession: 'expired-session' }),
      ).rejects.toBeInstanceOf(AuthenticationError);
    });

    it('refuses a call without a parent session, and says how to give a shared client one', async () => {
      const client = ctx.client();
      await expect(client.discountCodes.validateForParentCheckout('LEARNKIT', {} as never)).rejects.toThrow(
        /options\.parentSession: is required: the parent's session token/,
      );
      const shared = createPlatformClient(ctx.http());
      const error = await shared.discountCodes
        .validateForParentCheckout('LEARNKIT', { parentSession: 'session' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LearnKitError);
      expect((error as Error).message).toMatch(/parentSessionHttp/);
      expect(ctx.sent).toHaveLength(0);
    });
  });

  describe('typed errors of the platform', () => {
    it('a 500 of a read is retried, then an InternalServerError', async () => {
      const client = ctx.client();
      ctx.platform.faults.inject({
        path: '/insights/1.0/types',
        status: 500,
        times: Number.POSITIVE_INFINITY,
      });
      await expect(client.insights.types.list()).rejects.toBeInstanceOf(InternalServerError);
      expect(ctx.apiRequests().length).toBeGreaterThan(1);
    });
  });
}
