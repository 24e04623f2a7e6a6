import type { LearnKit, RecordResult } from '@learnkit/sdk';
import type { Print } from './output';

/** The example's `learnkit.config.json` (sensor, app and courses), used wherever the example runs from. */
export const CONFIG_FILE = new URL('../learnkit.config.json', import.meta.url);

/**
 * Record an activity from the back end: a completion with its metrics for a student known by email. The SDK
 * finds the student's rostering id, builds the Caliper events of the configured course and sends them.
 */
export async function recordActivity(lk: LearnKit, print: Print, email: string): Promise<RecordResult> {
  const result = await lk.activity.record({
    user: { email },
    activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
    metrics: { xpEarned: 12, totalQuestions: 10, correctQuestions: 8, masteredUnits: 1 },
  });
  const pct = result.pctComplete === undefined ? '' : `, ${result.pctComplete}% of the course`;
  print(
    `completion of "Fractions 1" for ${email}: ${result.accepted} event(s) accepted${pct} (run ${result.runId})`,
  );
  return result;
}
