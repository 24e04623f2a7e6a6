import type { LearnKit, RecordResult } from '@learnkit/sdk';
import { type GradeResult, postGrade } from './grade';
import type { Print } from './output';

/** The example's `learnkit.config.json` (sensor, app and courses), used wherever the example runs from. */
export const CONFIG_FILE = new URL('../learnkit.config.json', import.meta.url);

/** The activity the example completes: Math Grade 3 is a course of the configuration. */
export const ACTIVITY = {
  id: 'fractions-1',
  name: 'Fractions 1',
  course: { subject: 'Math', grade: 3 },
} as const;

/** What the student did in it. */
export const METRICS = { xpEarned: 12, totalQuestions: 10, correctQuestions: 8, masteredUnits: 1 } as const;

/**
 * Record an activity from the back end: a completion with its metrics for a student known by email. The SDK
 * finds the student's rostering id, builds the Caliper events of the configured course and sends them.
 */
export async function recordActivity(lk: LearnKit, print: Print, email: string): Promise<RecordResult> {
  const result = await lk.activity.record({
    user: { email },
    activity: { id: ACTIVITY.id, name: ACTIVITY.name, course: ACTIVITY.course },
    metrics: METRICS,
  });
  const pct = result.pctComplete === undefined ? '' : `, ${result.pctComplete}% of the course`;
  print(
    `completion of "${ACTIVITY.name}" for ${email}: ${result.accepted} event(s) accepted${pct} (run ${result.runId})`,
  );
  return result;
}

/** What completing the activity did: the Caliper completion, then the grade in the class's gradebook. */
export interface ActivityResult {
  recorded: RecordResult;
  grade: GradeResult;
  /** One line saying what the step did. */
  summary: string;
}

/**
 * An activity completes: record it (Caliper), then post its score, the share of questions right, as a result in
 * the OneRoster gradebook of the student's class (docs/decisions.md#d-oneroster-backend-grade).
 */
export async function completeActivity(lk: LearnKit, print: Print, email: string): Promise<ActivityResult> {
  const recorded = await recordActivity(lk, print, email);
  const score = Math.round((METRICS.correctQuestions / METRICS.totalQuestions) * 100);
  const grade = await postGrade(lk, print, { email, activity: ACTIVITY, recorded, score });
  return {
    recorded,
    grade,
    summary: `${recorded.accepted} Caliper event accepted; ${grade.summary}`,
  };
}
