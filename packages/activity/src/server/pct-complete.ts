import { type RequestOptions, readTotal, where } from '@learnkit/core';
import type { CourseConfig } from '../config/types';
import type { LooseHttp } from './http';

const RESULTS = '/ims/oneroster/gradebook/v1p2/assessmentResults/';
const PAGE = 1000;
const MAX_PAGES = 100;

/** One gradebook result as far as decision 10 reads it. */
interface ResultRow {
  status?: unknown;
  metadata?: { courseId?: unknown; masteredUnits?: unknown; runId?: unknown } | null;
}

/**
 * Units the student mastered earlier in `courseId`, from the gradebook: the sum of `metadata.masteredUnits` of
 * their assessment results (`GET .../assessmentResults/?filter=student='<id>'`, every page) whose
 * `metadata.courseId` is the course's, leaving out results marked `tobedeleted` and those of `runId` (an
 * earlier send of this same run must not count twice).
 */
export async function masteredUnitsSoFar(
  http: LooseHttp,
  studentId: string,
  courseId: string,
  runId: string,
  options?: RequestOptions,
): Promise<number> {
  let sum = 0;
  const filter = String(where.eq('student', studentId));
  for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
    const { data, response } = await http.callWithResponse('GET', RESULTS, {
      params: { query: { filter, limit: PAGE, offset, fields: ['sourcedId', 'status', 'metadata'] } },
      options: { ...options, operation: 'GET /ims/oneroster/gradebook/v1p2/assessmentResults/' },
    });
    const rows = ((data as { assessmentResults?: ResultRow[] } | undefined)?.assessmentResults ??
      []) as ResultRow[];
    for (const row of rows) {
      const meta = row.metadata;
      if (row.status === 'tobedeleted' || !meta || meta.courseId !== courseId || meta.runId === runId)
        continue;
      const units = meta.masteredUnits;
      if (typeof units === 'number' && Number.isFinite(units) && units > 0) sum += units;
    }
    offset += rows.length;
    const total = readTotal(response, data);
    if (rows.length === 0 || (total !== undefined ? offset >= total : rows.length < PAGE)) break;
  }
  return sum;
}

/** Whether decision 10 applies: `masteredUnits` given, `pctComplete` not, and the course has `totalLessons`. */
export function wantsPctComplete(
  metrics: { masteredUnits?: number | undefined; pctComplete?: number | undefined },
  course: CourseConfig,
): boolean {
  return metrics.masteredUnits !== undefined && metrics.pctComplete === undefined && !!course.totalLessons;
}

/** `(earlier + now) / totalLessons` as a percentage, capped at 100, rounded to two decimals. */
export function pctOf(units: number, totalLessons: number): number {
  return Math.min(100, Math.round((units / totalLessons) * 10_000) / 100);
}
