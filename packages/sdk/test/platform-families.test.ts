import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../src/index';
import { type Mode, useSdkMock } from './harness';

// The platform's own families on the umbrella: built on first use over lk.http, one transport and one token.
describe.each<Mode>(['msw', 'loopback'])('lk.rostering, lk.insights, ... (%s)', (mode) => {
  const ctx = useSdkMock(mode);

  it('are built on first use and kept', () => {
    const lk = ctx.lk();
    expect(lk.rostering).toBe(lk.rostering);
    expect(lk.rostering.users).toBe(lk.rostering.users);
    expect(lk.insights.types).toBe(lk.insights.types);
    expect(lk.discountCodes).toBe(lk.discountCodes);
  });

  it('share the instance token with lk.case and the other families', async () => {
    const lk = ctx.lk();
    const { student } = ctx.platform.fixtures.roster;
    const [user, doc, types, apps, grade] = await Promise.all([
      lk.rostering.users.get(student.sourcedId),
      lk.case.documents.get(ctx.platform.fixtures.case.documentId),
      lk.insights.types.list(),
      lk.applications.applications.list(),
      lk.beyond.grades.get({ studentId: student.sourcedId, subject: 'Math' }),
    ]);
    expect(user.email).toBe(student.email);
    expect(doc.sourcedId).toBe(ctx.platform.fixtures.case.documentId);
    expect(types.data.length).toBeGreaterThan(0);
    expect(apps.data.map((app) => app.sourcedId)).toContain(ctx.platform.fixtures.application.applicationId);
    expect(grade.masteredGrade).toBe('03');
    await ctx.flush();
    expect(ctx.tokenRequests()).toHaveLength(1);
    await expect(lk.events.sessions.get('https://app.example.com/sessions/none')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('send the parent session, not the instance token, for the store discount-code check', async () => {
    const lk = ctx.lk();
    const parentSession = ctx.platform.accessToken(ctx.platform.clients.otherPartner);
    const result = await lk.discountCodes.validateForParentCheckout('WELCOME10', { parentSession });
    expect(result.valid).toBe(true);
    await ctx.flush();
    expect(ctx.tokenRequests()).toEqual([]);
    const [store] = ctx.sent;
    expect(store?.headers.get('authorization')).toBe(`Bearer ${parentSession}`);
    await expect(lk.discountCodes.validateForApp('')).rejects.toBeInstanceOf(ValidationError);
  });
});
