import { NotFoundError, PermissionDeniedError, UnprocessableEntityError, where } from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  OneRosterSchoolCreated,
  OneRosterSourcedIdPairs,
  OneRosterUserCreated,
  OneRosterUserInput,
} from '../src/index';
import type { OneRosterMock } from './harness';

/** Rostering writes: create, update (PUT's upsert), soft delete, the relationship writes and their events. */
export function rosteringWriteTests(ctx: OneRosterMock): void {
  const raised = () => ctx.platform.state.events.map((event) => event.envelope.type);
  const mary: OneRosterUserInput = {
    enabledUser: true,
    givenName: 'Mary',
    familyName: 'Somerville',
    email: 'mary.somerville@maple.learnkit.test',
    roles: [{ roleType: 'primary', role: 'student', org: { sourcedId: 'org-maple-elementary' } }],
    userProfiles: [],
  };
  /** The allocated id of a create's response: the pair (2025-10), or the object itself (the description before). */
  const allocated = (rawResponse: OneRosterUserCreated | OneRosterSchoolCreated) =>
    'sourcedIdPairs' in rawResponse
      ? rawResponse.sourcedIdPairs.allocatedSourcedId
      : 'user' in rawResponse
        ? rawResponse.user.sourcedId
        : rawResponse.sourcedId;

  describe('rostering writes', () => {
    it('users: create returns the sourcedIdPairs (2025-10), update upserts, delete removes, with their events', async () => {
      const users = ctx.client().users;
      const rawResponse = await users.create(mary);
      expectTypeOf(rawResponse).toEqualTypeOf<OneRosterUserCreated>();
      expect(rawResponse).toEqual({
        sourcedIdPairs: { suppliedSourcedId: expect.any(String), allocatedSourcedId: expect.any(String) },
      });
      const created = await users.get(allocated(rawResponse));
      expect(created.sourcedId).toMatch(/\S/);
      expect(created.userProfiles).toEqual([]);
      expect(created.roles).toEqual([
        expect.objectContaining({
          role: 'student',
          org: expect.objectContaining({ sourcedId: 'org-maple-elementary' }),
        }),
      ]);
      expect(raised()).toEqual(['user.created', 'user_role.created']);
      expect((await users.get(created.sourcedId)).email).toBe(mary.email);

      const updated = await users.update(created.sourcedId, { ...mary, preferredFirstName: 'Molly' });
      expect(updated.preferredFirstName).toBe('Molly');
      // The same roles: no role event, only the user's.
      expect(raised().slice(2)).toEqual(['user.updated']);
      // PUT makes a user that does not exist.
      const upserted = await users.update('usr-caroline', {
        ...mary,
        givenName: 'Caroline',
        email: 'c@maple.learnkit.test',
      });
      expect(upserted.sourcedId).toBe('usr-caroline');
      expect(raised().slice(3)).toEqual(['user.created', 'user_role.created']);

      await users.delete(created.sourcedId);
      expect(raised().at(-1)).toBe('user.deleted');
      await expect(users.get(created.sourcedId)).rejects.toBeInstanceOf(NotFoundError);
      expect(ctx.apiRequests().map((r) => `${r.method} ${r.url.pathname}`)).toContain(
        `DELETE /ims/oneroster/rostering/v1p2/users/${created.sourcedId}`,
      );
    });

    it('users: a role in an org that does not exist is a 422; the rostering read sees a OneRoster write', async () => {
      const client = ctx.client();
      const error = await client.users
        .create({
          ...mary,
          roles: [{ roleType: 'primary', role: 'student', org: { sourcedId: 'org-nope' } }],
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnprocessableEntityError);
      const user = await client.users.create({ ...mary, sourcedId: 'usr-mary' });
      expect(user).toEqual({
        sourcedIdPairs: { suppliedSourcedId: 'usr-mary', allocatedSourcedId: 'usr-mary' },
      });
      expect(ctx.platform.state.roster.users.get(allocated(user))?.email).toBe(mary.email);
    });

    it('enrollments: create, add a student or a teacher to a class, update, soft delete, with enrollment.* events', async () => {
      const client = ctx.client();
      const pair = await client.enrollments.create({
        role: 'student',
        user: { sourcedId: 'usr-student-001' },
        class: { sourcedId: 'class-science-g5' },
        school: { sourcedId: 'org-maple-elementary' },
      });
      expectTypeOf(pair).toEqualTypeOf<OneRosterSourcedIdPairs>();
      expect(pair.allocatedSourcedId).toBe(pair.suppliedSourcedId);
      const id = pair.allocatedSourcedId;
      const enrollment = await client.enrollments.get(id);
      expect(enrollment).toMatchObject({
        role: 'student',
        primary: false,
        status: 'active',
        school: expect.objectContaining({ sourcedId: 'org-maple-elementary', type: 'org' }),
      });
      expect(raised()).toEqual(['enrollment.created']);

      await client.enrollments.update(id, { ...enrollmentInput(id), endDate: '2026-06-15' });
      expect(raised().at(-1)).toBe('enrollment.updated');
      await client.enrollments.delete(id);
      expect(raised().at(-1)).toBe('enrollment.deleted');
      // OneRoster's soft delete: the enrollment reads back with its new status.
      expect((await client.enrollments.get(id)).status).toBe('tobedeleted');

      const added = await client.classes.students.add('class-science-g5', {
        user: { sourcedId: 'usr-student-004' },
      });
      const student = await client.enrollments.get(added.allocatedSourcedId);
      expect(student).toMatchObject({
        role: 'student',
        class: expect.objectContaining({ sourcedId: 'class-science-g5' }),
      });
      const teacher = await client.classes.teachers.add('class-science-g5', {
        user: { sourcedId: 'usr-alan-turing' },
      });
      expect((await client.enrollments.get(teacher.allocatedSourcedId)).role).toBe('teacher');
      const teachers = await client.classes.teachers.list('class-science-g5');
      expect(teachers.data.map((u) => u.sourcedId)).toContain('usr-alan-turing');
      expect(raised().slice(-2)).toEqual(['enrollment.created', 'enrollment.created']);
      await expect(
        client.classes.students.add('class-nope', { user: { sourcedId: 'usr-student-004' } }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('orgs and schools: create, update, soft delete; a school is created and read back as an org', async () => {
      const client = ctx.client();
      const { allocatedSourcedId } = await client.orgs.create({
        name: 'Maple Math Department',
        type: 'department',
        parent: { sourcedId: 'org-maple-middle' },
      });
      expect((await client.orgs.get(allocatedSourcedId)).parent?.sourcedId).toBe('org-maple-middle');
      const parent = { sourcedId: 'org-maple-middle' };
      await client.orgs.update(allocatedSourcedId, { name: 'Maple Mathematics', type: 'department', parent });
      // A write that would move the org out of the client's org scope is refused.
      await expect(
        client.orgs.update(allocatedSourcedId, { name: 'Maple Mathematics', type: 'department' }),
      ).rejects.toBeInstanceOf(PermissionDeniedError);
      expect((await client.orgs.get(allocatedSourcedId)).name).toBe('Maple Mathematics');
      await client.orgs.delete(allocatedSourcedId);
      expect((await client.orgs.get(allocatedSourcedId)).status).toBe('tobedeleted');

      const rawResponse = await client.schools.create({
        name: 'Maple High School',
        type: 'school',
        parent: { sourcedId: 'org-maple-district' },
      });
      expectTypeOf(rawResponse).toEqualTypeOf<OneRosterSchoolCreated>();
      expect(rawResponse).toHaveProperty('sourcedIdPairs.allocatedSourcedId');
      const school = await client.schools.get(allocated(rawResponse));
      expect(school).toMatchObject({ name: 'Maple High School', type: 'school', children: [] });
      const renamed = await client.schools.update(school.sourcedId, {
        name: 'Maple High',
        type: 'school',
        parent: { sourcedId: 'org-maple-district' },
      });
      expect(renamed.name).toBe('Maple High');
      await client.schools.delete(school.sourcedId);
      expect((await client.schools.get(school.sourcedId)).status).toBe('tobedeleted');
    });

    it('academic sessions and grading periods: create, update, soft delete, and a grading period in a term', async () => {
      const client = ctx.client();
      const session = {
        status: 'active' as const,
        title: 'Summer 2026',
        type: 'term' as const,
        startDate: '2026-06-20',
        endDate: '2026-08-10',
        schoolYear: '2026',
        org: { sourcedId: 'org-maple-district' },
      };
      const { allocatedSourcedId: id } = await client.academicSessions.create(session);
      const stored = await client.academicSessions.get(id);
      // A string in the body, a number in the response, as the vendor states each.
      expect(stored.schoolYear).toBe(2026);
      const updated = await client.academicSessions.update(id, { ...session, title: 'Summer term 2026' });
      expect(updated.title).toBe('Summer term 2026');
      await client.academicSessions.delete(id);
      expect((await client.academicSessions.get(id)).status).toBe('tobedeleted');

      const period = await client.terms.gradingPeriods.create('as-2026-spring', {
        title: 'Spring extra',
        type: 'gradingPeriod',
        startDate: '2026-06-01',
        endDate: '2026-06-15',
        schoolYear: '2026',
        org: { sourcedId: 'org-maple-district' },
      });
      expect(period.parent?.sourcedId).toBe('as-2026-spring');
      const { allocatedSourcedId: gp } = await client.gradingPeriods.create({
        title: 'Summer Q1',
        type: 'gradingPeriod',
        startDate: '2026-06-20',
        endDate: '2026-07-15',
        schoolYear: '2026',
        org: { sourcedId: 'org-maple-district' },
      });
      await client.gradingPeriods.update(gp, {
        title: 'Summer Q1',
        type: 'gradingPeriod',
        startDate: '2026-06-20',
        endDate: '2026-07-20',
        schoolYear: '2026',
        org: { sourcedId: 'org-maple-district' },
      });
      expect((await client.gradingPeriods.get(gp)).endDate).toBe('2026-07-20');
      await client.gradingPeriods.delete(gp);
      expect((await client.gradingPeriods.get(gp)).status).toBe('tobedeleted');
    });

    it('classes: create (its school given as org), partial update, soft delete', async () => {
      const client = ctx.client();
      const { allocatedSourcedId: id } = await client.classes.create({
        title: 'Math Grade 3 - Period 2',
        course: { sourcedId: 'course-math-g3' },
        org: { sourcedId: 'org-maple-elementary' },
        terms: [{ sourcedId: 'as-2025-fall' }],
      });
      const created = await client.classes.get(id);
      expect(created.school?.sourcedId).toBe('org-maple-elementary');
      expect(created.classType).toBe('scheduled');
      const updated = await client.classes.update(id, { location: 'Room 12' });
      expect(updated).toMatchObject({ location: 'Room 12', title: 'Math Grade 3 - Period 2' });
      await client.classes.delete(id);
      expect((await client.classes.get(id)).status).toBe('tobedeleted');
      // A class of a course that does not exist is refused: a reference to nothing.
      const error = await client.classes
        .create({
          title: 'Nowhere',
          course: { sourcedId: 'course-nope' },
          org: { sourcedId: 'org-maple-elementary' },
          terms: [],
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnprocessableEntityError);
      expect((error as Error).message).toContain('course course-nope does not exist');
      await expect(client.classes.update('class-nope', { location: 'x' })).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('courses, course components and component resources: create, update, soft delete', async () => {
      const client = ctx.client();
      const { allocatedSourcedId: course } = await client.courses.create({
        status: 'active',
        title: 'Math Grade 4',
        courseCode: 'MATH-4',
        org: { sourcedId: 'org-maple-elementary' },
      });
      await client.courses.update(course, {
        status: 'active',
        title: 'Math 4',
        org: { sourcedId: 'org-maple-elementary' },
      });
      expect((await client.courses.get(course)).title).toBe('Math 4');
      const { allocatedSourcedId: unit } = await client.courses.components.create({
        status: 'active',
        title: 'Unit 1: Area',
        course: { sourcedId: course },
      });
      expect((await client.courses.components.get(unit)).sortOrder).toBe(0);
      await client.courses.components.update(unit, {
        status: 'active',
        title: 'Unit 1',
        course: { sourcedId: course },
      });
      const placement = {
        sourcedId: 'cr-area-video',
        status: 'active' as const,
        title: 'Area video',
        courseComponent: { sourcedId: unit },
        resource: { sourcedId: 'res-fractions-video' },
      };
      await client.courses.componentResources.create(placement);
      await client.courses.componentResources.update('cr-area-video', { ...placement, sortOrder: 2 });
      expect((await client.courses.componentResources.get('cr-area-video')).sortOrder).toBe(2);
      await client.courses.componentResources.delete('cr-area-video');
      await client.courses.components.delete(unit);
      await client.courses.delete(course);
      const deleted = await client.courses.list({ filter: where.eq('status', 'tobedeleted') });
      expect(deleted.data.map((c) => c.sourcedId)).toEqual([course]);
      expect((await client.courses.components.get(unit)).status).toBe('tobedeleted');
    });

    it('demographics: keyed by their user; create, update, soft delete', async () => {
      const client = ctx.client();
      await client.demographics.create({
        sourcedId: 'usr-student-001',
        birthDate: '2017-03-02',
        sex: 'female',
      });
      const updated = await client.demographics.update('usr-student-001', {
        sourcedId: 'usr-student-001',
        cityOfBirth: 'Madison',
        asian: 'false',
      });
      expect(updated).toMatchObject({ cityOfBirth: 'Madison', asian: 'false' });
      await client.demographics.delete('usr-student-001');
      expect((await client.demographics.get('usr-student-001')).status).toBe('tobedeleted');
      await expect(client.demographics.create({ sourcedId: 'usr-nobody' })).rejects.toBeInstanceOf(
        UnprocessableEntityError,
      );
    });
  });
}

/** The body of a PUT of an enrollment of the first seeded student in the Science class. */
function enrollmentInput(sourcedId: string) {
  return {
    sourcedId,
    status: 'active' as const,
    role: 'student' as const,
    user: { sourcedId: 'usr-student-001' },
    class: { sourcedId: 'class-science-g5' },
    school: { sourcedId: 'org-maple-elementary' },
  };
}
