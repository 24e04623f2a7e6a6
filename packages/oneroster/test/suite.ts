import { NotFoundError, ValidationError, where } from '@learnkit/core';
import { itWorksOverASharedHttpClient } from '@learnkit/test-utils';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { OPERATIONS } from '../src/generated/operations';
import type { OneRosterAssessmentLineItem, OneRosterUser } from '../src/index';
import { type Mode, useOneRosterMock } from './harness';

/** The whole OneRoster suite against the mock through `mode`; run once per transport. */
export function oneRosterSuite(mode: Mode): void {
  const ctx = useOneRosterMock(mode);
  const roster = () => ctx.platform.fixtures.roster;

  describe('createOneRosterClient', () => {
    itWorksOverASharedHttpClient(ctx, async (client) => {
      const page = await client.academicSessions.list();
      expect(page.data.length).toBe(3);
    });
  });

  describe('rostering', () => {
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
      expectTypeOf(ada).toEqualTypeOf<OneRosterUser>();
      const narrow = await client.users.get(roster().student.sourcedId, { fields: ['givenName', 'roles'] });
      expect(Object.keys(narrow).sort()).toEqual(['givenName', 'roles']);
      expectTypeOf(narrow).toEqualTypeOf<Pick<OneRosterUser, 'givenName' | 'roles'>>();
      expect(ctx.apiRequests().at(-1)?.url.searchParams.get('fields')).toBe('givenName,roles');
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

    it('academic sessions, demographics and enrollments list with their search fields', async () => {
      const client = ctx.client();
      const terms = await client.academicSessions.list({
        filter: where.eq('type', 'term'),
        sort: 'startDate',
      });
      expect(terms.data.map((s) => s.sourcedId)).toEqual(['as-2025-fall', 'as-2026-spring']);
      expect((await client.academicSessions.list({ search: 'spring' })).data.map((s) => s.sourcedId)).toEqual(
        ['as-2026-spring'],
      );
      const demographics = await client.demographics.list({ search: 'springfield' });
      expect(demographics.data.map((d) => d.sourcedId)).toEqual([roster().student.sourcedId]);
      const teachers = await client.enrollments.list({ search: 'teacher', limit: 3000 });
      expect(teachers.data.length).toBeGreaterThan(0);
      expect(teachers.data.every((e) => e.role === 'teacher')).toBe(true);
    });

    it("classes: list, a class's students and teachers", async () => {
      const client = ctx.client();
      const math = await client.classes.list({ search: 'math grade 3' });
      expect(math.data.map((c) => c.sourcedId)).toEqual(['class-math-g3']);
      const students = await client.classes.students('class-math-g3', { limit: 3000 });
      expect(students.data.map((u) => u.sourcedId)).toContain(roster().student.sourcedId);
      expect(students.data.every((u) => u.roles.some((r) => r.role === 'student'))).toBe(true);
      const found = await client.classes.students('class-math-g3', { search: 'lovelace', fields: ['email'] });
      expect(found.data).toEqual([{ email: roster().student.email }]);
      const teachers = await client.classes.teachers('class-math-g3');
      expect(teachers.data.map((u) => u.sourcedId)).toEqual([roster().teacher.sourcedId]);
      const paths = ctx.apiRequests().map((r) => r.url.pathname);
      expect(paths).toContain('/ims/oneroster/rostering/v1p2/classes/class-math-g3/students');
      expect(paths).toContain('/ims/oneroster/rostering/v1p2/classes/class-math-g3/teachers');
      const error = await client.classes.students('class-nope').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
    });

    it("courses: list and a course's classes", async () => {
      const client = ctx.client();
      const byCode = await client.courses.list({ search: 'math-7' });
      expect(byCode.data.map((c) => c.sourcedId)).toEqual(['course-math-g7']);
      const classes = await client.courses.classes('course-math-g7');
      expect(classes.data.map((c) => c.sourcedId)).toEqual(['class-math-g7']);
      expect(classes.data[0]?.course.sourcedId).toBe('course-math-g7');
    });

    it("schools: a school's class's students, and NotFoundError for a class of another school", async () => {
      const client = ctx.client();
      const [elementary, middle] = roster().schoolIds;
      const students = await client.schools.classStudents(elementary!, 'class-math-g3', { search: 'ada' });
      expect(students.data.map((u) => u.sourcedId)).toEqual([roster().student.sourcedId]);
      expect(ctx.apiRequests().at(-1)?.url.pathname).toBe(
        `/ims/oneroster/rostering/v1p2/schools/${elementary}/classes/class-math-g3/students`,
      );
      const error = await client.schools.classStudents(middle!, 'class-math-g3').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
    });
  });

  describe('gradebook and resources', () => {
    it('assessment line items: list and get, with component and componentResource', async () => {
      const client = ctx.client();
      const page = await client.gradebook.assessmentLineItems.list({ search: 'fractions' });
      expect(page.data.map((i) => i.sourcedId)).toEqual([roster().lineItemId]);
      const item = await client.gradebook.assessmentLineItems.get(roster().lineItemId);
      expect(item.component).toEqual({ sourcedId: 'component-math-g3-unit-2' });
      expect(item.componentResource).toEqual({ sourcedId: 'res-fractions-video' });
      expectTypeOf(item).toEqualTypeOf<OneRosterAssessmentLineItem>();
      const narrow = await client.gradebook.assessmentLineItems.get(roster().lineItemId, {
        fields: ['component'],
      });
      expect(narrow).toEqual({ component: { sourcedId: 'component-math-g3-unit-2' } });
    });

    it('assessment line items: create answers the sourcedId pair; put creates, then replaces', async () => {
      const client = ctx.client();
      const lineItems = client.gradebook.assessmentLineItems;
      const pair = await lineItems.create({
        title: 'Quiz 1',
        class: { sourcedId: 'class-math-g3' },
        component: { sourcedId: 'component-math-g3-unit-3' },
        componentResource: { sourcedId: 'res-multiplication-game' },
      });
      expect(pair.suppliedSourcedId).toBe(pair.allocatedSourcedId);
      const created = await lineItems.get(pair.allocatedSourcedId);
      expect(created.title).toBe('Quiz 1');
      expect(created.componentResource).toEqual({ sourcedId: 'res-multiplication-game' });
      const body = JSON.parse(ctx.apiRequests().find((r) => r.method === 'POST')!.body!);
      expect(body).toEqual({ assessmentLineItem: expect.objectContaining({ title: 'Quiz 1' }) });

      const put = await lineItems.put('ali-quiz-2', { title: 'Quiz 2', component: { sourcedId: 'c-1' } });
      expect(put).toMatchObject({
        sourcedId: 'ali-quiz-2',
        title: 'Quiz 2',
        component: { sourcedId: 'c-1' },
      });
      const replaced = await lineItems.put('ali-quiz-2', {
        sourcedId: 'ali-quiz-2',
        title: 'Quiz 2 (revised)',
      });
      expect(replaced.title).toBe('Quiz 2 (revised)');
      expect((await lineItems.get('ali-quiz-2')).title).toBe('Quiz 2 (revised)');
    });

    it('assessment results, results and a student results in a class', async () => {
      const client = ctx.client();
      const commented = await client.gradebook.assessmentResults.list({ search: 'accurate' });
      expect(commented.data.map((r) => r.sourcedId)).toEqual(['ar-ada-2']);
      const results = await client.gradebook.results.list({
        filter: where.eq('scoreStatus', 'fully graded'),
      });
      expect(results.data.map((r) => r.sourcedId).sort()).toEqual(['res-ada-1', 'res-ada-2']);
      const ada = await client.gradebook.results.forStudentInClass(
        'class-math-g3',
        roster().student.sourcedId,
        {
          sort: 'scoreDate',
          orderBy: 'desc',
        },
      );
      expect(ada.data.map((r) => r.scoreDate)).toEqual(['2025-09-24', '2025-09-10']);
      expect(ctx.apiRequests().at(-1)?.url.pathname).toBe(
        `/ims/oneroster/gradebook/v1p2/classes/class-math-g3/students/${roster().student.sourcedId}/results`,
      );
    });

    it('resources: list with search', async () => {
      const page = await ctx.client().resources.list({ search: 'multiplication' });
      expect(page.data.map((r) => r.sourcedId)).toEqual(['res-multiplication-game']);
    });
  });

  describe('bad input is refused before anything is sent', () => {
    it('a line item that breaks the schema names each member and sends nothing', async () => {
      const lineItems = ctx.client().gradebook.assessmentLineItems;
      const error = await lineItems
        // @ts-expect-error: the schema's mistakes, as untyped code makes them
        .create({ title: 3, component: { id: 'c-1' }, colour: 'red' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      const paths = (error as ValidationError).issues.map((i) => i.path.join('.'));
      expect(paths).toEqual(
        expect.arrayContaining(['title', 'component.sourcedId', 'component.id', 'colour']),
      );
      expect((error as Error).message).toMatch(/^Invalid assessment line item: /);
      const mismatch = await lineItems
        .put('ali-a', { sourcedId: 'ali-b', title: 'Quiz' })
        .catch((e: unknown) => e);
      expect(mismatch).toBeInstanceOf(ValidationError);
      expect((mismatch as Error).message).toContain('sourcedId: is "ali-b" but the call names "ali-a"');
      expect(ctx.sent).toEqual([]);
    });

    it('bad ids, queries and options are ValidationErrors naming the field, with nothing sent', async () => {
      const client = ctx.client();
      const refusals = await Promise.all([
        client.classes.students('', { limit: 10 }).catch((e: unknown) => e),
        client.users.list({ limit: 5000 }).catch((e: unknown) => e),
        // @ts-expect-error: `search` is a list parameter, not an option of a single read
        client.users.get('usr-1', { search: 'ada' }).catch((e: unknown) => e),
        // @ts-expect-error: a typo of `fields`
        client.users.list({ feilds: ['email'] }).catch((e: unknown) => e),
      ]);
      for (const error of refusals) expect(error).toBeInstanceOf(ValidationError);
      expect(refusals.map((e) => (e as ValidationError).issues[0]?.path.join('.'))).toEqual([
        'classSourcedId',
        'limit',
        'options.search',
        'feilds',
      ]);
      expect(ctx.sent).toEqual([]);
    });
  });

  describe('coverage', () => {
    // Runs last: the tests above called every operation, and the contract checker passed each request.
    it('every operation of openapi/oneroster.yaml was called through the contract checker', () => {
      expect(Object.keys(OPERATIONS).filter((id) => !ctx.covered.has(id))).toEqual([]);
    });
  });
}
