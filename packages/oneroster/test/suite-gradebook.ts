import { NotFoundError, where } from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OneRosterAssessmentLineItem, OneRosterLineItemInput, OneRosterResultInput } from '../src/index';
import type { OneRosterMock } from './harness';

/** A line item of the seeded Math class, in the Quizzes category. */
const quiz: OneRosterLineItemInput = {
  status: 'active',
  title: 'Fractions quiz',
  assignDate: '2025-10-01T08:00:00Z',
  dueDate: '2025-10-08T08:00:00Z',
  class: { sourcedId: 'class-math-g3' },
  school: { sourcedId: 'org-maple-elementary' },
  category: { sourcedId: 'cat-quizzes' },
};

/** A result of `studentId` on the line item `lineItemId`. */
const resultOf = (lineItemId: string, studentId: string, score: number): OneRosterResultInput => ({
  status: 'active',
  lineItem: { sourcedId: lineItemId },
  student: { sourcedId: studentId },
  score,
  scoreDate: '2025-10-08T15:00:00Z',
  scoreStatus: 'fully graded',
});

/** Gradebook: every operation of `/ims/oneroster/gradebook/v1p2`. */
export function gradebookTests(ctx: OneRosterMock): void {
  const roster = () => ctx.platform.fixtures.roster;

  describe('gradebook', () => {
    it('assessment line items: list and get, with component and componentResource', async () => {
      const client = ctx.client();
      const page = await client.gradebook.assessmentLineItems.list({ search: 'fractions' });
      expect(page.data.map((i) => i.sourcedId)).toEqual([roster().lineItemId]);
      const item = await client.gradebook.assessmentLineItems.get(roster().lineItemId);
      expect(item.component).toEqual({ sourcedId: 'component-math-g3-unit-2' });
      expect(item.componentResource).toEqual({ sourcedId: 'cr-fractions-video' });
      expectTypeOf(item).toEqualTypeOf<OneRosterAssessmentLineItem>();
      const narrow = await client.gradebook.assessmentLineItems.get(roster().lineItemId, {
        fields: ['component'],
      });
      expect(narrow).toEqual({ component: { sourcedId: 'component-math-g3-unit-2' } });
    });

    it('assessment line items: create returns the sourcedId pair; update creates, then replaces; delete', async () => {
      const lineItems = ctx.client().gradebook.assessmentLineItems;
      const pair = await lineItems.create({
        status: 'active',
        title: 'Quiz 1',
        class: { sourcedId: 'class-math-g3' },
        component: { sourcedId: 'component-math-g3-unit-3' },
        componentResource: { sourcedId: 'cr-multiplication-game' },
      });
      expect(pair.suppliedSourcedId).toBe(pair.allocatedSourcedId);
      const created = await lineItems.get(pair.allocatedSourcedId);
      expect(created.title).toBe('Quiz 1');
      expect(created.componentResource).toEqual({ sourcedId: 'cr-multiplication-game' });
      const body = JSON.parse(ctx.apiRequests().find((r) => r.method === 'POST')!.body!);
      expect(body).toEqual({ assessmentLineItem: expect.objectContaining({ title: 'Quiz 1' }) });

      const put = await lineItems.update('ali-quiz-2', {
        status: 'active',
        title: 'Quiz 2',
        component: { sourcedId: 'c-1' },
        componentResource: null,
      });
      expect(put).toMatchObject({
        sourcedId: 'ali-quiz-2',
        title: 'Quiz 2',
        component: { sourcedId: 'c-1' },
      });
      const replaced = await lineItems.update('ali-quiz-2', {
        sourcedId: 'ali-quiz-2',
        status: 'active',
        title: 'Quiz 2 (revised)',
      });
      expect(replaced.title).toBe('Quiz 2 (revised)');
      expect((await lineItems.get('ali-quiz-2')).title).toBe('Quiz 2 (revised)');
      await lineItems.delete('ali-quiz-2');
      expect((await lineItems.get('ali-quiz-2')).status).toBe('tobedeleted');
    });

    it('assessment results: list by comment, get, create, update, delete', async () => {
      const results = ctx.client().gradebook.assessmentResults;
      const commented = await results.list({ search: 'accurate' });
      expect(commented.data.map((r) => r.sourcedId)).toEqual(['ar-ada-2']);
      expect((await results.get('ar-ada-1')).score).toBe(80);
      const input = {
        status: 'active' as const,
        assessmentLineItem: { sourcedId: roster().lineItemId },
        student: { sourcedId: roster().student.sourcedId },
        score: 9,
        scoreDate: '2025-10-01T14:00:00Z',
        scoreStatus: 'fully graded' as const,
      };
      const { allocatedSourcedId: id } = await results.create(input);
      expect((await results.update(id, { ...input, score: 10 })).score).toBe(10);
      await results.delete(id);
      expect((await results.get(id)).status).toBe('tobedeleted');
    });

    it('categories and score scales: list, get, create, update, delete', async () => {
      const { categories, scoreScales } = ctx.client().gradebook;
      expect((await categories.list({ sort: 'title' })).data.map((c) => c.title)).toEqual([
        'Homework',
        'Quizzes',
      ]);
      expect((await categories.get('cat-quizzes')).weight).toBe(0.4);
      const { allocatedSourcedId: cat } = await categories.create({
        status: 'active',
        title: 'Projects',
        weight: 0.2,
      });
      expect(
        (await categories.update(cat, { status: 'active', title: 'Projects', weight: 0.25 })).weight,
      ).toBe(0.25);
      await categories.delete(cat);
      expect((await categories.get(cat)).status).toBe('tobedeleted');

      expect((await scoreScales.list({ search: 'percent' })).data.map((s) => s.sourcedId)).toEqual([
        'ss-percent',
      ]);
      expect((await scoreScales.get('ss-percent')).scoreScaleValue).toHaveLength(1);
      const scale = {
        status: 'active' as const,
        title: 'Pass/fail',
        type: 'pass-fail',
        class: { sourcedId: 'class-math-g3' },
        scoreScaleValue: [
          { itemValueLHS: '0', itemValueRHS: '59', value: 'fail' },
          { itemValueLHS: '60', itemValueRHS: '100', value: 'pass' },
        ],
      };
      const { allocatedSourcedId: ss } = await scoreScales.create(scale);
      expect((await scoreScales.update(ss, { ...scale, title: 'Pass or fail' })).title).toBe('Pass or fail');
      await scoreScales.delete(ss);
      expect((await scoreScales.get(ss)).status).toBe('tobedeleted');
    });

    it('line items and results: create, list, get, update, delete, and results for a line item', async () => {
      const { lineItems, results } = ctx.client().gradebook;
      const { allocatedSourcedId: li } = await lineItems.create(quiz);
      expect((await lineItems.get(li)).title).toBe('Fractions quiz');
      await lineItems.update(li, { ...quiz, resultValueMax: 20 });
      expect((await lineItems.get(li)).resultValueMax).toBe(20);
      expect((await lineItems.list({ filter: where.eq('class', 'class-math-g3') })).data.length).toBe(3);
      const first = await lineItems.results.create(li, [
        resultOf(li, roster().student.sourcedId, 18),
        resultOf(li, 'usr-student-001', 15),
      ]);
      expect(first.allocatedSourcedId).toMatch(/\S/);
      const ofItem = await results.list({ filter: where.eq('lineItem', li), sort: 'score' });
      expect(ofItem.data.map((r) => r.score)).toEqual([15, 18]);
      const { allocatedSourcedId: one } = await results.create(resultOf(li, 'usr-student-002', 12));
      expect((await results.get(one)).score).toBe(12);
      expect((await results.update(one, { ...resultOf(li, 'usr-student-002', 13) })).score).toBe(13);
      await results.delete(one);
      expect((await results.get(one)).status).toBe('tobedeleted');
      const graded = await results.list({ filter: where.eq('scoreStatus', 'fully graded'), limit: 3000 });
      expect(graded.data.map((r) => r.sourcedId)).toEqual(expect.arrayContaining(['res-ada-1', 'res-ada-2']));
      await lineItems.delete(li);
      expect((await lineItems.get(li)).status).toBe('tobedeleted');
    });

    it("a class's gradebook: its line items, their results, its results, categories, score scales, a student's results", async () => {
      const { classes } = ctx.client().gradebook;
      const { allocatedSourcedId: li } = await classes.lineItems.create('class-math-g3', quiz);
      const items = await classes.lineItems.list('class-math-g3');
      expect(items.data.map((i) => i.sourcedId)).toContain(li);
      await classes.academicSessions.results.create('class-math-g3', 'as-2025-fall', [
        resultOf(li, roster().student.sourcedId, 19),
      ]);
      const ofItem = await classes.lineItems.results.list('class-math-g3', li);
      expect(ofItem.data.map((r) => r.score)).toEqual([19]);
      const ofClass = await classes.results.list('class-math-g3', { sort: 'score' });
      expect(ofClass.data.map((r) => r.score)).toEqual([19, 80, 90]);
      expect((await classes.categories.list('class-math-g3')).data.map((c) => c.sourcedId)).toEqual([
        'cat-quizzes',
      ]);
      expect((await classes.scoreScales.list('class-math-g3')).data.map((s) => s.sourcedId)).toEqual([
        'ss-percent',
      ]);
      const ada = await classes.students.results.list('class-math-g3', roster().student.sourcedId, {
        sort: 'scoreDate',
        orderBy: 'desc',
      });
      expect(ada.data.map((r) => r.scoreDate)).toEqual([
        '2025-10-08T15:00:00Z',
        '2025-09-24T15:00:00Z',
        '2025-09-10T15:00:00Z',
      ]);
      expect(ctx.apiRequests().at(-1)?.url.pathname).toBe(
        `/ims/oneroster/gradebook/v1p2/classes/class-math-g3/students/${roster().student.sourcedId}/results`,
      );
      // A line item of another class is not this class's.
      await expect(classes.lineItems.results.list('class-reading-g3', li)).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it("a school's gradebook: its line items (several created at once) and score scales", async () => {
      const { schools } = ctx.client().gradebook;
      const homework = { ...quiz, title: 'Homework 1', category: { sourcedId: 'cat-homework' } };
      await schools.lineItems.create('org-maple-elementary', [quiz, homework]);
      const items = await schools.lineItems.list('org-maple-elementary', { sort: 'title' });
      expect(items.data.map((i) => i.title)).toEqual([
        'Fractions on a number line',
        'Fractions quiz',
        'Homework 1',
        'Multiplication facts',
      ]);
      const scales = await schools.scoreScales.list('org-maple-elementary');
      expect(scales.data.map((s) => s.sourcedId)).toEqual(['ss-percent']);
    });
  });
}
