import { NotFoundError, ValidationError } from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Enrollment, User, UserRelationship } from '../src/index';
import type { PlatformMock } from './harness';

/** `lk.rostering.*` against the mock. */
export function rosteringSuite(ctx: PlatformMock): void {
  const roster = () => ctx.platform.fixtures.roster;

  describe('rostering.users', () => {
    it('gets a user with its roles; an id outside the org scope is a NotFoundError', async () => {
      const client = ctx.client();
      const user = await client.rostering.users.get(roster().student.sourcedId);
      expect(user).toMatchObject({ sourcedId: roster().student.sourcedId, email: roster().student.email });
      expect(user.roles.map((role) => role.role)).toContain('student');
      expectTypeOf(user).toEqualTypeOf<User>();
      await expect(client.rostering.users.get(roster().otherStudent.sourcedId)).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('creates, updates and deletes a user with the body as given', async () => {
      const client = ctx.client();
      const input = {
        email: 'mary.somerville@maple.learnkit.test',
        givenName: 'Mary',
        familyName: 'Somerville',
        primaryOrgId: 'org-maple-elementary',
        roles: [{ orgId: 'org-maple-elementary', role: 'student' }],
      };
      const created = await client.rostering.users.upsert('usr-mary-somerville', input);
      expect(created).toMatchObject({ sourcedId: 'usr-mary-somerville', givenName: 'Mary' });
      expect(created.roles.map((role) => role.role)).toEqual(['student']);
      const updated = await client.rostering.users.upsert('usr-mary-somerville', { givenName: 'Maria' });
      expect(updated).toMatchObject({ givenName: 'Maria', familyName: 'Somerville' });
      await ctx.flush();
      const puts = ctx.apiRequests().filter((request) => request.method === 'PUT');
      expect(puts.map((request) => JSON.parse(request.body!))).toEqual([input, { givenName: 'Maria' }]);

      await client.rostering.users.upsert('usr-mary-somerville', { status: 'tobedeleted' });
      await expect(client.rostering.users.get('usr-mary-somerville')).rejects.toBeInstanceOf(NotFoundError);
      expect(ctx.platform.state.events.map((event) => event.envelope.type)).toEqual(
        expect.arrayContaining(['user.created', 'user.updated', 'user.deleted']),
      );
    });

    it('refuses a body the document forbids before sending, naming each field', async () => {
      const client = ctx.client();
      const error = await client.rostering.users
        .upsert('usr-x', {
          email: 42 as never,
          roles: [{ orgId: 'org-maple-elementary', role: 'student', beginDate: '2025-02-30' }],
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toMatch(/user\.email: must be a string \(got 42\)/);
      expect((error as ValidationError).message).toMatch(
        /user\.roles\[0\]\.beginDate: must be a calendar date YYYY-MM-DD \(got "2025-02-30"\)/,
      );
      await expect(client.rostering.users.upsert('usr-x', 'Ada' as never)).rejects.toThrow(
        /user: must be a JSON object \(got "Ada"\)/,
      );
      expect(ctx.sent).toHaveLength(0);
    });
  });

  describe('rostering.roles', () => {
    it('lists a user roles and upserts one; a bad date is refused before sending', async () => {
      const client = ctx.client();
      const student = roster().student.sourcedId;
      const before = await client.rostering.roles.list(student);
      expect(before.data.map((role) => role.orgId)).toContain('org-maple-elementary');
      const role = await client.rostering.roles.upsert(student, 'role-ada-middle', {
        orgId: 'org-maple-middle',
        role: 'student',
        beginDate: '2026-01-05',
      });
      expect(role).toMatchObject({ roleId: 'role-ada-middle', userId: student, orgId: 'org-maple-middle' });
      const after = await client.rostering.roles.list(student).toArray({ max: 1000 });
      expect(after.map((r) => r.roleId)).toContain('role-ada-middle');

      const sent = ctx.sent.length;
      await expect(
        client.rostering.roles.upsert(student, 'role-ada-middle', { endDate: 'next week' }),
      ).rejects.toThrow(/role\.endDate: must be a calendar date YYYY-MM-DD \(got "next week"\)/);
      await expect(client.rostering.roles.upsert(student, '', { role: 'student' })).rejects.toThrow(
        /roleId: must be a non-empty identifier/,
      );
      expect(ctx.sent).toHaveLength(sent);
    });
  });

  describe('rostering.profiles', () => {
    it('lists and gets the profiles of a user; another user profile is a NotFoundError', async () => {
      const client = ctx.client();
      const student = roster().student.sourcedId;
      const { data } = await client.rostering.profiles.list(student);
      expect(data.map((profile) => profile.profileId)).toEqual(['prf-ada-app']);
      expect(await client.rostering.profiles.get(student, 'prf-ada-app')).toEqual(data[0]);
      await expect(
        client.rostering.profiles.get(roster().teacher.sourcedId, 'prf-ada-app'),
      ).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('rostering.agents and rostering.linkedUsers', () => {
    it('list only the open relationships, from either side', async () => {
      const client = ctx.client();
      const { student, parent } = roster();
      const agents = await client.rostering.agents.list(student.sourcedId).toArray({ max: 1000 });
      // The seeded ended guardian relationship is left out.
      expect(agents).toEqual([
        expect.objectContaining({ userId: parent.sourcedId, relationshipType: 'parent' }),
      ]);
      expectTypeOf(agents).toEqualTypeOf<UserRelationship[]>();
      const linked = await client.rostering.linkedUsers.list(parent.sourcedId).toArray({ max: 1000 });
      expect(linked.map((link) => link.userId)).toEqual([student.sourcedId]);
    });
  });

  describe('rostering.enrollments', () => {
    it('lists the enrollments in scope and gets one; an unknown id is a NotFoundError', async () => {
      const client = ctx.client();
      const all: Enrollment[] = [];
      for await (const enrollment of client.rostering.enrollments.list()) all.push(enrollment);
      expect(all.length).toBeGreaterThan(1);
      expect(all.some((enrollment) => enrollment.userId === roster().student.sourcedId)).toBe(true);
      const first = all[0]!;
      expect(await client.rostering.enrollments.get(first.enrollmentId)).toEqual(first);
      await expect(client.rostering.enrollments.get('enr-none')).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('rostering.orgs.config', () => {
    it('reads and writes an org config; a config that is not an object is refused before sending', async () => {
      const client = ctx.client();
      const config = await client.rostering.orgs.config.get(roster().districtId);
      expect(config).toMatchObject({ timezone: 'America/Chicago' });
      const stored = await client.rostering.orgs.config.update(roster().districtId, { theme: 'dark' });
      expect(stored).toMatchObject({ timezone: 'America/Chicago', theme: 'dark' });
      expect(
        ctx.platform.state.events.filter((event) => event.envelope.type === 'org.config.updated'),
      ).toHaveLength(1);
      await expect(client.rostering.orgs.config.get(roster().otherDistrictId)).rejects.toBeInstanceOf(
        NotFoundError,
      );
      const sent = ctx.sent.length;
      await expect(
        client.rostering.orgs.config.update(roster().districtId, ['dark'] as never),
      ).rejects.toThrow(/config: must be a JSON object \(got an array\)/);
      expect(ctx.sent).toHaveLength(sent);
    });
  });
}
