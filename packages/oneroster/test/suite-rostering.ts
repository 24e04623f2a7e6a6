import { NotFoundError, where } from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OneRosterUser } from '../src/index';
import type { OneRosterMock } from './harness';

/** Rostering reads: every listing and read of `/ims/oneroster/rostering/v1p2`, and the relationship routes. */
export function rosteringReadTests(ctx: OneRosterMock): void {
  const roster = () => ctx.platform.fixtures.roster;

  describe('rostering reads', () => {
    it('users: lists a page at a time, walks every page, and gets one', async () => {
      const client = ctx.client();
      const first = await client.users.list({ limit: 5 });
      expect(first.data).toHaveLength(5);
      expect(first.hasNextPage()).toBe(true);
      const walked: string[] = [];
      for await (const user of client.users.list({ limit: 10 })) walked.push(user.sourcedId);
      expect(walked.length).toBe(first.total);
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked).toContain(roster().student.sourcedId);
      // The other district's student is outside the partner's org scope.
      expect(walked).not.toContain(roster().otherStudent.sourcedId);

      const ada = await client.users.get(roster().student.sourcedId);
      expect(ada.email).toBe(roster().student.email);
      expect(ada.enabledUser).toBe(true);
      expectTypeOf(ada).toEqualTypeOf<OneRosterUser>();
      const narrow = await client.users.get(roster().student.sourcedId, { fields: ['givenName', 'roles'] });
      expect(Object.keys(narrow).sort()).toEqual(['givenName', 'roles']);
      expectTypeOf(narrow).toEqualTypeOf<Pick<OneRosterUser, 'givenName' | 'roles'>>();
      expect(ctx.apiRequests().at(-1)?.url.searchParams.get('fields')).toBe('givenName,roles');
    });

    it('the page members the platform states: totalCount, pageCount, pageNumber, offset, limit', async () => {
      const page = await ctx.client().users.list({ limit: 10, offset: 10 });
      const http = ctx.http() as unknown as import('../src/internal/http').OneRosterHttp;
      const raw = await http.call('GET', '/ims/oneroster/rostering/v1p2/users/', {
        params: { query: { limit: 10, offset: 10 } },
      });
      expect(raw).toMatchObject({ offset: 10, limit: 10, pageNumber: 2, totalCount: page.total });
      expect(raw.pageCount).toBe(Math.ceil(page.total! / 10));
      expect(raw.users.map((user) => user.sourcedId)).toEqual(page.data.map((user) => user.sourcedId));
    });

    it('users: filters (string and builder), searches the search fields, sorts and selects fields', async () => {
      const client = ctx.client();
      const byString = await client.users.list({ filter: `email='${roster().student.email}'` });
      const byBuilder = await client.users.list({ filter: where.eq('email', roster().student.email) });
      expect(byString.data.map((u) => u.sourcedId)).toEqual([roster().student.sourcedId]);
      expect(byBuilder.data).toEqual(byString.data);
      const searched = await client.users.list({ search: 'LOVELACE' });
      expect(searched.data.map((u) => u.sourcedId)).toEqual([roster().student.sourcedId]);
      const sorted = await client.users.list({ sort: 'familyName', orderBy: 'desc', limit: 3000 });
      const names = sorted.data.map((u) => u.familyName);
      expect(names).toEqual([...names].sort().reverse());
      const narrow = await client.users.list({ fields: ['sourcedId', 'email'] });
      for (const user of narrow.data) expect(Object.keys(user).sort()).toEqual(['email', 'sourcedId']);
      expectTypeOf(narrow.data[0]!).toEqualTypeOf<Pick<OneRosterUser, 'sourcedId' | 'email'>>();
      const sent = ctx.apiRequests().map((r) => r.url);
      expect(sent.every((url) => url.pathname === '/ims/oneroster/rostering/v1p2/users/')).toBe(true);
      expect(sent.some((url) => url.searchParams.get('search') === 'LOVELACE')).toBe(true);
      expect(sent.some((url) => url.searchParams.get('fields') === 'sourcedId,email')).toBe(true);
    });

    it('users: an unknown or out-of-scope user is a NotFoundError', async () => {
      const error = await ctx
        .client()
        .users.get(roster().otherStudent.sourcedId)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
    });

    it('students and teachers: the users of each role, one of them, and their classes', async () => {
      const client = ctx.client();
      const students = await client.students.list({ limit: 3000 });
      expect(students.data.every((u) => u.roles.some((r) => r.role === 'student'))).toBe(true);
      expect(students.data.map((u) => u.sourcedId)).toContain(roster().student.sourcedId);
      expect((await client.students.get(roster().student.sourcedId)).familyName).toBe('Lovelace');
      // A teacher is no student.
      await expect(client.students.get(roster().teacher.sourcedId)).rejects.toBeInstanceOf(NotFoundError);
      const classes = await client.students.classes.list(roster().student.sourcedId);
      expect(classes.data.map((c) => c.sourcedId).sort()).toEqual(['class-math-g3', 'class-reading-g3']);
      const teachers = await client.teachers.list({ search: 'hopper' });
      expect(teachers.data.map((u) => u.sourcedId)).toEqual([roster().teacher.sourcedId]);
      expect((await client.teachers.get(roster().teacher.sourcedId)).givenName).toBe('Grace');
      const taught = await client.teachers.classes.list(roster().teacher.sourcedId);
      expect(taught.data.map((c) => c.sourcedId).sort()).toEqual(['class-math-g3', 'class-reading-g3']);
      const ofUser = await client.users.classes.list(roster().teacher.sourcedId, { fields: ['sourcedId'] });
      expect(ofUser.data).toHaveLength(2);
    });

    it('academic sessions, terms and grading periods are one table seen by type', async () => {
      const client = ctx.client();
      const all = await client.academicSessions.list({ sort: 'startDate' });
      expect(all.data.map((s) => s.type)).toContain('gradingPeriod');
      expect((await client.academicSessions.get('as-2025-2026')).schoolYear).toBe(2026);
      const terms = await client.terms.list({ sort: 'startDate' });
      expect(terms.data.map((t) => t.sourcedId)).toEqual(['as-2025-fall', 'as-2026-spring']);
      expect((await client.terms.get('as-2025-fall')).title).toBe('Fall 2025');
      await expect(client.terms.get('as-2025-2026')).rejects.toBeInstanceOf(NotFoundError);
      const periods = await client.gradingPeriods.list({ filter: where.eq('parent', 'as-2025-fall') });
      expect(periods.data.map((p) => p.sourcedId)).toEqual(['gp-2025-fall-q1', 'gp-2025-fall-q2']);
      expect((await client.gradingPeriods.get('gp-2025-fall-q1')).endDate).toBe('2025-10-17');
      const inTerm = await client.terms.gradingPeriods.list('as-2026-spring');
      expect(inTerm.data.map((p) => p.sourcedId)).toEqual(['gp-2026-spring-q3', 'gp-2026-spring-q4']);
      const termClasses = await client.terms.classes.list('as-2025-fall', { limit: 3000 });
      expect(termClasses.data.map((c) => c.sourcedId)).toContain('class-math-g3');
      expect((await client.academicSessions.list({ search: 'spring' })).data.map((s) => s.sourcedId)).toEqual(
        ['as-2026-spring', 'gp-2026-spring-q3', 'gp-2026-spring-q4'],
      );
    });

    it('demographics and enrollments list with their search fields, and read one', async () => {
      const client = ctx.client();
      const demographics = await client.demographics.list({ search: 'springfield' });
      expect(demographics.data.map((d) => d.sourcedId)).toEqual([roster().student.sourcedId]);
      expect((await client.demographics.get(roster().student.sourcedId)).cityOfBirth).toBe('Springfield');
      const teachers = await client.enrollments.list({ search: 'teacher', limit: 3000 });
      expect(teachers.data.length).toBeGreaterThan(0);
      expect(teachers.data.every((e) => e.role === 'teacher' && typeof e.primary === 'boolean')).toBe(true);
      const one = await client.enrollments.get(teachers.data[0]!.sourcedId);
      expect(one.user.sourcedId).toBe(teachers.data[0]!.user.sourcedId);
    });

    it("classes: list, one, and a class's students and teachers", async () => {
      const client = ctx.client();
      const math = await client.classes.list({ search: 'math grade 3' });
      expect(math.data.map((c) => c.sourcedId)).toEqual(['class-math-g3']);
      expect((await client.classes.get('class-math-g3')).school?.sourcedId).toBe('org-maple-elementary');
      const students = await client.classes.students.list('class-math-g3', { limit: 3000 });
      expect(students.data.map((u) => u.sourcedId)).toContain(roster().student.sourcedId);
      expect(students.data.every((u) => u.roles.some((r) => r.role === 'student'))).toBe(true);
      const found = await client.classes.students.list('class-math-g3', {
        search: 'lovelace',
        fields: ['email'],
      });
      expect(found.data).toEqual([{ email: roster().student.email }]);
      const teachers = await client.classes.teachers.list('class-math-g3');
      expect(teachers.data.map((u) => u.sourcedId)).toEqual([roster().teacher.sourcedId]);
      const paths = ctx.apiRequests().map((r) => r.url.pathname);
      expect(paths).toContain('/ims/oneroster/rostering/v1p2/classes/class-math-g3/students');
      expect(paths).toContain('/ims/oneroster/rostering/v1p2/classes/class-math-g3/teachers');
      await expect(client.classes.students.list('class-nope')).rejects.toBeInstanceOf(NotFoundError);
    });

    it("courses: list, one, a course's classes, its components and their resources", async () => {
      const client = ctx.client();
      const byCode = await client.courses.list({ search: 'math-7' });
      expect(byCode.data.map((c) => c.sourcedId)).toEqual(['course-math-g7']);
      expect((await client.courses.get('course-math-g3')).org.sourcedId).toBe('org-maple-elementary');
      const classes = await client.courses.classes.list('course-math-g7');
      expect(classes.data.map((c) => c.sourcedId)).toEqual(['class-math-g7']);
      expect(classes.data[0]?.course?.sourcedId).toBe('course-math-g7');
      const units = await client.courses.components.list({
        filter: where.eq('course', 'course-math-g3'),
        sort: 'sortOrder',
      });
      expect(units.data.map((u) => u.title)).toEqual([
        'Unit 1: Place value',
        'Unit 2: Fractions and multiplication',
        'Unit 3: Measurement',
      ]);
      expect((await client.courses.components.get('component-math-g3-unit-2')).sortOrder).toBe(2);
      const placed = await client.courses.componentResources.list({
        filter: where.eq('courseComponent', 'component-math-g3-unit-2'),
      });
      expect(placed.data.map((p) => p.resource.sourcedId)).toEqual([
        'res-fractions-video',
        'res-multiplication-game',
      ]);
      expect((await client.courses.componentResources.get('cr-fractions-video')).title).toBe(
        'Fractions on a number line',
      );
    });

    it('orgs and schools: the orgs in scope, schools among them, and what a school holds', async () => {
      const client = ctx.client();
      const [elementary, middle] = roster().schoolIds as [string, string];
      const orgs = await client.orgs.list({ sort: 'sourcedId' });
      expect(orgs.data.map((o) => o.sourcedId)).toEqual(['org-maple-district', elementary, middle].sort());
      const district = await client.orgs.get('org-maple-district');
      expect(district.children.map((c) => c.sourcedId).sort()).toEqual([elementary, middle].sort());
      const schools = await client.schools.list();
      expect(schools.data.map((s) => s.sourcedId).sort()).toEqual([elementary, middle].sort());
      expect((await client.schools.get(elementary)).parent?.sourcedId).toBe('org-maple-district');
      await expect(client.schools.get('org-maple-district')).rejects.toBeInstanceOf(NotFoundError);
      await expect(client.schools.get(roster().otherSchoolId)).rejects.toBeInstanceOf(NotFoundError);

      const classes = await client.schools.classes.list(elementary);
      expect(classes.data.every((c) => c.school?.sourcedId === elementary)).toBe(true);
      const students = await client.schools.classes.students.list(elementary, 'class-math-g3', {
        search: 'ada',
      });
      expect(students.data.map((u) => u.sourcedId)).toEqual([roster().student.sourcedId]);
      expect(ctx.apiRequests().at(-1)?.url.pathname).toBe(
        `/ims/oneroster/rostering/v1p2/schools/${elementary}/classes/class-math-g3/students`,
      );
      await expect(client.schools.classes.students.list(middle, 'class-math-g3')).rejects.toBeInstanceOf(
        NotFoundError,
      );
      const teachers = await client.schools.classes.teachers.list(elementary, 'class-math-g3');
      expect(teachers.data.map((u) => u.sourcedId)).toEqual([roster().teacher.sourcedId]);
      const enrollments = await client.schools.classes.enrollments.list(elementary, 'class-math-g3', {
        limit: 3000,
      });
      expect(enrollments.data.every((e) => e.class.sourcedId === 'class-math-g3')).toBe(true);
      const courses = await client.schools.courses.list(middle);
      expect(courses.data.map((c) => c.sourcedId).sort()).toEqual([
        'course-language-g7',
        'course-math-g7',
        'course-science-g7',
      ]);
      const all = await client.schools.enrollments.list(middle, { limit: 3000 });
      expect(all.data.length).toBeGreaterThan(0);
      const schoolStudents = await client.schools.students.list(elementary, { limit: 3000 });
      expect(schoolStudents.data.map((u) => u.sourcedId)).toContain(roster().student.sourcedId);
      const schoolTeachers = await client.schools.teachers.list(middle);
      expect(schoolTeachers.data.map((u) => u.familyName)).toEqual(['Turing', 'Jemison', 'Ramanujan']);
      // A district's terms are its schools' terms.
      const terms = await client.schools.terms.list(elementary);
      expect(terms.data.map((t) => t.sourcedId).sort()).toEqual(['as-2025-fall', 'as-2026-spring']);
    });
  });
}
