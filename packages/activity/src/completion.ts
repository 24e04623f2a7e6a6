import { isCount, isNonNegative, isRecord, show } from './check';
import { invalid } from './invalid';

/** Metrics of a completion (spec: completion data of `end`, without `time`). */
export interface CompletionMetrics {
  /** Required; 1 XP equals 1 focused minute. */
  xpEarned: number;
  /** Given together with `correctQuestions`. */
  totalQuestions?: number;
  /** Given together with `totalQuestions`; at most `totalQuestions`. */
  correctQuestions?: number;
  /** New units mastered in this activity (incremental); the server derives `pctComplete` from it when omitted. */
  masteredUnits?: number;
  /** 0 to 100; forwarded as is when given. */
  pctComplete?: number;
}

/** Completion data of `end(data)`. */
export interface CompletionData extends CompletionMetrics {
  /** Overrides automatic time tracking for this run: active and inactive milliseconds. */
  time?: {
    /** Active milliseconds, sent as one window ending at `end()` in place of the open window. */
    active: number;
    /** Inactive milliseconds of that window. */
    inactive: number;
  };
}

// Each metric: its largest value (correctQuestions: totalQuestions) and whether it counts (an integer).
const METRICS = (total: unknown) =>
  [
    ['xpEarned', Infinity],
    ['totalQuestions', Infinity, 1],
    ['correctQuestions', total, 1],
    ['masteredUnits', Infinity, 1],
    ['pctComplete', 100],
  ] as const;

/** A problem of completion data: the path of the bad field (empty for the data as a whole) and a message naming it. */
export type CompletionProblem = [path: string[], message: string];

/** What is wrong with completion metrics, or undefined when they are valid. */
export function completionProblem(data: unknown, where = 'completion data'): CompletionProblem | undefined {
  if (!isRecord(data)) return [[], `${where} must be an object, got ${show(data)}`];
  const total = data.totalQuestions;
  if ((total === undefined) !== (data.correctQuestions === undefined))
    return [[], `${where}: totalQuestions and correctQuestions must be given together`];
  for (const [field, max, count] of METRICS(total)) {
    const v = data[field];
    // xpEarned is required; the others may be left out.
    if (
      (v !== undefined || field === 'xpEarned') &&
      !(isNonNegative(v) && v <= (max as number) && (!count || isCount(v)))
    )
      return [
        [field],
        `${where}: ${field} must be ${count ? 'an integer' : 'a number'} ${max === Infinity ? '>= 0' : `from 0 to ${max}`}, got ${show(v)}`,
      ];
  }
  return undefined;
}

/** Throws a ValidationError naming the field when `data` is not valid completion data for `end(data)`. */
export function checkCompletion(data: unknown): asserts data is CompletionData {
  const time = isRecord(data) ? data.time : undefined;
  const problem: CompletionProblem | undefined =
    completionProblem(data) ??
    (time === undefined || (isRecord(time) && isNonNegative(time.active) && isNonNegative(time.inactive))
      ? undefined
      : [['time'], `completion data: time must be { active, inactive } (ms >= 0), got ${show(time)}`]);
  if (problem) throw invalid(...problem);
}

/** The metrics of completion data: everything but `time`. */
export function pickMetrics(data: CompletionData): CompletionMetrics {
  const { time, ...metrics } = data;
  return metrics;
}
