import { type LearnKit, NotFoundError, type RecordResult, where } from '@learnkit/sdk';
import type { Print } from './output';

/** The gradebook category the example's line items go in: the partner's own, written with a PUT. */
export const CATEGORY = { id: 'cat-partner-activities', title: 'Practice activities' } as const;

/** What an activity's completion gives the gradebook. */
export interface Completion {
  /** The student, as the activity knows them. */
  email: string;
  /** The activity: its id names the line item. */
  activity: { id: string; name: string };
  /** What `lk.activity.record(...)` resolved with: the completion event says the course and the time. */
  recorded: RecordResult;
  /** The score, 0 to 100. */
  score: number;
}

/** What posting the grade did. */
export interface GradeResult {
  /** Whether a result was written (not when the school removed the line item, or the student has no such class). */
  posted: boolean;
  studentId?: string;
  classId?: string;
  lineItemId?: string;
  resultId?: string;
  score?: number;
  /** One line saying what the step did. */
  summary: string;
}

/**
 * The ids the example writes under, derived from what it grades (docs/decisions.md#d-oneroster-backend-grade): one line
 * item per activity and class, one result per line item and student. Writing by these ids with PUT makes a repeat
 * (a retried request, a job run again, the activity completed again) replace the same objects, never add more.
 */
export const lineItemIdOf = (activityId: string, classId: string) => `li-${activityId}-${classId}`;
export const resultIdOf = (lineItemId: string, studentId: string) => `res-${lineItemId}-${studentId}`;

/**
 * Post the grade of a completed activity to the class's OneRoster gradebook: find the student and their class of
 * the completion's course, write the activity's line item there when it is not yet (category first), then the
 * student's result on it.
 */
export async function postGrade(lk: LearnKit, print: Print, completion: Completion): Promise<GradeResult> {
  const { gradebook } = lk.oneroster;
  // The completion is the last event `record` sent (a TimeSpentEvent comes before it when time was given).
  const completed = completion.recorded.events.at(-1);
  const courseId = completed?.extensions.courseId;
  if (!completed || !courseId) {
    print('no course id on the completion (learnkit.config.json courseId): nothing to post');
    return { posted: false, summary: 'no course to post in' };
  }

  // The student's rostering id, by email, and their class of the course.
  const users = await lk.oneroster.users.list({
    filter: where.eq('email', completion.email),
    fields: ['sourcedId'],
  });
  const studentId = users.data[0]?.sourcedId;
  if (!studentId) throw new Error(`no rostering user has the email ${completion.email}`);
  const classes = await lk.oneroster.users.classes.list(studentId, {
    filter: where.eq('course', courseId),
    fields: ['sourcedId', 'title', 'school'],
  });
  const klass = classes.data[0];
  if (!klass) {
    print(`${studentId} is in no class of ${courseId}: nothing to post`);
    return { posted: false, studentId, summary: `no class of ${courseId}` };
  }
  // A line item names its school; the platform's description lets a class's school be null.
  if (!klass.school) {
    print(`class ${klass.sourcedId} names no school, which a line item needs: nothing to post`);
    return { posted: false, studentId, classId: klass.sourcedId, summary: 'class without a school' };
  }
  const classId = klass.sourcedId;

  // The activity's line item in the class: written once, the first time a student of the class completes it.
  // Later completions find it and leave its dates alone; a line item the school deleted gets no more results.
  const lineItemId = lineItemIdOf(completion.activity.id, classId);
  let lineItemStatus: string;
  try {
    // The vendor's description of 2025-10 leaves a line item's status optional: none is an active one.
    lineItemStatus = (await gradebook.lineItems.get(lineItemId)).status ?? 'active';
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await gradebook.categories.update(CATEGORY.id, { status: 'active', title: CATEGORY.title });
    await gradebook.lineItems.update(lineItemId, {
      status: 'active',
      title: completion.activity.name,
      description: `Completion of ${completion.activity.name}, posted by the partner's back end`,
      assignDate: completed.eventTime,
      dueDate: completed.eventTime,
      class: { sourcedId: classId },
      school: { sourcedId: klass.school.sourcedId },
      category: { sourcedId: CATEGORY.id },
      resultValueMin: 0,
      resultValueMax: 100,
    });
    lineItemStatus = 'active';
    print(`line item ${lineItemId} written in ${klass.title}`);
  }
  if (lineItemStatus === 'tobedeleted') {
    print(`line item ${lineItemId} was deleted by the school: no result posted`);
    return { posted: false, studentId, classId, lineItemId, summary: 'line item deleted, nothing posted' };
  }

  // The student's result: PUT by its id, so completing the activity again replaces the score.
  const resultId = resultIdOf(lineItemId, studentId);
  const result = await gradebook.results.update(resultId, {
    status: 'active',
    lineItem: { sourcedId: lineItemId },
    student: { sourcedId: studentId },
    class: { sourcedId: classId },
    score: completion.score,
    scoreStatus: 'fully graded',
    scoreDate: completed.eventTime,
    comment: `${completion.activity.name}, run ${completion.recorded.runId}`,
  });
  print(`result ${resultId}: ${result.score} for ${studentId} in ${klass.title}`);
  return {
    posted: true,
    studentId,
    classId,
    lineItemId,
    resultId,
    score: completion.score,
    summary: `${completion.score} posted on ${lineItemId}`,
  };
}
