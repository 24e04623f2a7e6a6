import { NotFoundError, ValidationError } from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Enrollment, User, UserAgent } from '../src/index';
import type { PlatformMock } from './harness';

/** `lk.rostering.*` against the mock. */
export function rosteringSuite(ctx: PlatformMock): void {
  const roster = () => ctx.platform.fixtures.roster;

  describe('rostering.users', () => {
    it('gets a user with its roles; an id outside the org scope is a NotFoundError', async () => {
      const client = ctx.client();
      const user = await client.rostering.users.get(roster().student.sourcedId);
      expect(user).toMatchObject({ sourcedId: roster().student.sourcedId, email: roster().student.email });
      expect(user.roles?.map((role) => role.role)).toContain('student');
      // The reference's shapes: `enabledUser` a string, roles with their org as a GUIDRef, agents as GUIDRefs.
      expect(user.enabledUser).toBe('true');
      expect(user.roles?.[0]?.org).toEqual({
        href: expect.stringMatching(/^https?:\/\//),
        sourcedId: 'org-maple-elementary',
        type: 'org',
      });
      expect(user.agents?.map((agent) => agent.sourcedId)).toEqual([roster().parent.sourcedId]);
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
      expect(created.roles?.map((role) => role.role)).toEqual(['student']);
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
      expect(before.data.map((role) => role.org.sourcedId)).toContain('org-maple-elementary');
      const role = await client.rostering.roles.upsert(student, 'role-ada-middle', {
        orgId: 'org-maple-middle',
        role: 'student',
        beginDate: '2026-01-05',
      });
      expect(role).toMatchObject({ roleId: 'role-ada-middle', org: { sourcedId: 'org-maple-middle' } });
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
        {
          agentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          relationshipType: 'parent',
          user: expect.objectContaining({ sourcedId: parent.sourcedId, type: 'user' }),
        },
      ]);
      expectTypeOf(agents).toEqualTypeOf<UserAgent[]>();
      const linked = await client.rostering.linkedUsers.list(parent.sourcedId).toArray({ max: 1000 });
      expect(linked).toEqual([
        { agentId: agents[0]!.agentId, relationshipType: 'parent', userId: student.sourcedId },
      ]);
    });

    it("upserts a student's agent by its id (201, then 200) and deletes it; a body without user is refused before sending", async () => {
      const client = ctx.client();
      const { student, teacher } = roster();
      const agentId = '0b5f3c1e-7d3a-4c2b-9f41-2a6d8e9b1c07';
      const user = { href: 'https://example.com/users/x', sourcedId: teacher.sourcedId, type: 'user' };
      const created = await client.rostering.agents.upsert(student.sourcedId, agentId, {
        relationshipType: 'guardian',
        user,
      });
      expect(created).toMatchObject({
        agentId,
        relationshipType: 'guardian',
        user: { sourcedId: teacher.sourcedId },
      });
      const updated = await client.rostering.agents
        .upsert(student.sourcedId, agentId, { relationshipType: 'relative', user })
        .withResponse();
      expect(updated.response.status).toBe(200);
      expect(updated.data.relationshipType).toBe('relative');
      const open = await client.rostering.agents.list(student.sourcedId).toArray({ max: 100 });
      expect(open.map((agent) => agent.agentId)).toContain(agentId);
      await client.rostering.agents.remove(student.sourcedId, agentId);
      const after = await client.rostering.agents.list(student.sourcedId).toArray({ max: 100 });
      expect(after.map((agent) => agent.agentId)).not.toContain(agentId);
      await expect(client.rostering.agents.remove(student.sourcedId, agentId)).rejects.toBeInstanceOf(
        NotFoundError,
      );

      const sent = ctx.sent.length;
      await expect(
        client.rostering.agents.upsert(student.sourcedId, agentId, { relationshipType: 'parent' } as never),
      ).rejects.toThrow(/agent\.user: is required/);
      expect(ctx.sent).toHaveLength(sent);
    });
  });

  describe('rostering.enrollments', () => {
    it('lists the enrollments in scope and gets one; an unknown id is a NotFoundError', async () => {
      const client = ctx.client();
      const all: Enrollment[] = [];
      for await (const enrollment of client.rostering.enrollments.list()) all.push(enrollment);
      expect(all.length).toBeGreaterThan(1);
      expect(all.some((enrollment) => enrollment.user.sourcedId === roster().student.sourcedId)).toBe(true);
      const first = all[0]!;
      // OneRoster-shaped (OneRosterEnrollmentOutput): user, class and school are GUIDRefs; no classId.
      expect(first).toMatchObject({
        sourcedId: expect.any(String),
        status: 'active',
        role: expect.any(String),
        primary: expect.any(Boolean),
        user: { href: expect.any(String), sourcedId: expect.any(String), type: 'user' },
        class: { href: expect.any(String), sourcedId: expect.any(String), type: 'class' },
        school: { href: expect.any(String), sourcedId: expect.any(String), type: 'org' },
      });
      expect(first).not.toHaveProperty('classId');
      expect(await client.rostering.enrollments.get(first.sourcedId)).toEqual(first);
      await expect(client.rostering.enrollments.get('enr-none')).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('rostering.orgs.config', () => {
    it('reads and writes an org config; a config that is not an object is refused before sending', async () => {
      const client = ctx.client();
      const config = await client.rostering.orgs.config.get(roster().districtId);
      expect(config).toMatchObject({ timezone: 'America/Chicago', cameraMicDefault: 'at_school' });
      // A flat map: null deletes a key, absent keys are untouched.
      const stored = await client.rostering.orgs.config.update(roster().districtId, {
        theme: 'dark',
        cameraMicDefault: null,
        privacyPolicyUrl: 'https://maple.example.com/privacy',
      });
      expect(stored).toEqual({
        timezone: 'America/Chicago',
        appStoreEnabled: true,
        theme: 'dark',
        privacyPolicyUrl: 'https://maple.example.com/privacy',
      });
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
      // Registered keys are typed, other keys are strings, and keys have a shape.
      await expect(
        client.rostering.orgs.config.update(roster().districtId, { cameraMicDefault: 'sometimes' } as never),
      ).rejects.toThrow(/config\.cameraMicDefault/);
      await expect(
        client.rostering.orgs.config.update(roster().districtId, { appStoreEnabled: 'yes' } as never),
      ).rejects.toThrow(/config\.appStoreEnabled/);
      await expect(
        client.rostering.orgs.config.update(roster().districtId, { theme: { dark: true } } as never),
      ).rejects.toThrow(/config\.theme/);
      expect(ctx.sent).toHaveLength(sent);
    });
  });

  describe('rostering.orgs', () => {
    it('lists the organizations of the sandbox tenant a page at a time, as GUIDRef trees', async () => {
      const client = ctx.client();
      const orgs = await client.rostering.orgs.list().toArray({ max: 100 });
      expect(orgs.map((org) => org.sourcedId).sort()).toEqual([
        'org-maple-district',
        'org-maple-elementary',
        'org-maple-middle',
      ]);
      const school = orgs.find((org) => org.sourcedId === 'org-maple-elementary')!;
      expect(school).toMatchObject({
        type: 'school',
        parent: { sourcedId: 'org-maple-district', type: 'org' },
      });
      const page = await client.rostering.orgs.list({ limit: 2, offset: 1 });
      expect(page.data).toHaveLength(2);
      expect(page.total).toBe(3);
      expect(page.hasNextPage()).toBe(false);
    });
  });

  describe('rostering.students', () => {
    it('upserts a student from { student } (201, then 200) and refuses one without names before sending', async () => {
      const client = ctx.client();
      const student = {
        sourcedId: 'stu-sofia-kovalevskaya',
        status: 'active' as const,
        username: 'sofia.k',
        enabledUser: 'true' as const,
        givenName: 'Sofia',
        familyName: 'Kovalevskaya',
        email: 'sofia.k@maple.learnkit.test',
        grades: ['5'],
        primaryOrg: { sourcedId: 'org-maple-elementary', type: 'org' },
      };
      const created = await client.rostering.students.upsert(student).withResponse();
      expect(created.response.status).toBe(201);
      expect(created.data).toMatchObject({
        sourcedId: student.sourcedId,
        enabledUser: 'true',
        grades: ['5'],
      });
      expect(created.data.roles?.map((role) => [role.role, role.org.sourcedId])).toEqual([
        ['student', 'org-maple-elementary'],
      ]);
      const again = await client.rostering.students.upsert({ ...student, givenName: 'Sonya' }).withResponse();
      expect(again.response.status).toBe(200);
      const puts = ctx.apiRequests().filter((request) => request.method === 'PUT');
      expect(JSON.parse(puts[0]!.body!)).toEqual({ student });

      const sent = ctx.sent.length;
      await expect(client.rostering.students.upsert({ sourcedId: 'stu-x' } as never)).rejects.toThrow(
        /student\.givenName: is required/,
      );
      expect(ctx.sent).toHaveLength(sent);
    });
  });

  describe('paging (getting-started/oneroster-api-conventions)', () => {
    it('asks for 100 a page unless told, walks every page by offset, and refuses a limit over 100 naming 1-100', async () => {
      const client = ctx.client();
      const walked = await client.rostering.enrollments.list().toArray({ max: 10_000 });
      expect(walked).toHaveLength(36);
      const first = ctx
        .apiRequests()
        .find((request) => request.url.pathname === '/rostering/1.0/enrollments')!;
      expect(Object.fromEntries(first.url.searchParams)).toEqual({ limit: '100', offset: '0' });

      const small: string[] = [];
      for await (const enrollment of client.rostering.enrollments.list({ limit: 7 }))
        small.push(enrollment.sourcedId);
      expect(small).toEqual(walked.map((enrollment) => enrollment.sourcedId));
      const sizes = ctx
        .apiRequests()
        .filter((request) => request.url.searchParams.get('limit') === '7')
        .map((request) => request.url.searchParams.get('offset'));
      expect(sizes).toEqual(['0', '7', '14', '21', '28', '35']);

      const sent = ctx.sent.length;
      const error = await client.rostering.enrollments.list({ limit: 101 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toMatch(
        /query\.limit: must be a whole number in the range 1-100/,
      );
      await expect(client.applications.applications.list({ limit: 0 })).rejects.toThrow(/range 1-100/);
      expect(ctx.sent).toHaveLength(sent);
    });
  });
}
