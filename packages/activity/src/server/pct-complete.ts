import { paginate, type RequestOptions, readTotal, where } from '@learnkit/core';
import type { FetchPage } from '@learnkit/core/internal';
import type { CompletionMetrics } from '../completion';
import type { CourseConfig } from '../config/types';
import type { LooseHttp } from './http';

const RESULTS = '/ims/oneroster/gradebook/v1p2/assessmentResults/';
const PAGE = 1000;
const MAX_PAGES = 100;

/** One gradebook result as far as decision 10 reads it. */
interface ResultRow {
  status?: unknown;
  metadata?: { courseId?: unknown; masteredUnits?: unknown } | null;
}

/**
 * Units the student mastered earlier in `courseId`, from the gradebook: the sum of `metadata.masteredUnits` of
 * their assessment results (`GET .../assessmentResults/?filter=student='<id>'`, every page) whose
 * `metadata.courseId` is the course's, leaving out results marked `tobedeleted`. Earlier completions of the same
 * run count too: `masteredUnits` are incremental (docs/decisions.md#d-runid-correlates).
 */
export async function masteredUnitsSoFar(
  http: LooseHttp,
  studentId: string,
  courseId: string,
  options?: RequestOptions,
): Promise<number> {
  const fetchPage: FetchPage<ResultRow> = async ({ query }) => {
    const { data, response } = await http.callWithResponse('GET', RESULTS, {
      params: { query },
      options: { ...options, operation: 'GET /ims/oneroster/gradebook/v1p2/assessmentResults/' },
    });
    const rows = (data as { assessmentResults?: ResultRow[] } | undefined)?.assessmentResults ?? [];
    return { items: rows, total: readTotal(response, data) };
  };
  const query = {
    filter: where.eq('student', studentId),
    limit: PAGE,
    fields: ['sourcedId', 'status', 'metadata'],
  };
  let sum = 0;
  let page = await paginate(fetchPage, { query });
  for (let pages = 1; ; pages++) {
    for (const row of page.data) {
      const meta = row.metadata;
      if (row.status === 'tobedeleted' || !meta || meta.courseId !== courseId) continue;
      const units = meta.masteredUnits;
      if (typeof units === 'number' && Number.isFinite(units) && units > 0) sum += units;
    }
    if (pages >= MAX_PAGES || !page.hasNextPage()) return sum;
    page = await page.getNextPage();
  }
}

/** Whether decision 10 applies: `masteredUnits` given, `pctComplete` not, and the course has `totalLessons`. */
function wantsPctComplete(metrics: CompletionMetrics, course: CourseConfig): boolean {
  return metrics.masteredUnits !== undefined && metrics.pctComplete === undefined && !!course.totalLessons;
}

/** `(earlier + now) / totalLessons` as a percentage, capped at 100, rounded to two decimals. */
function pctOf(units: number, totalLessons: number): number {
  return Math.min(100, Math.round((units / totalLessons) * 10_000) / 100);
}

/**
 * Decision 10 for the completions of one student in one call (a `record`, a body the handler took), in order:
 * the `pctComplete` of a completion is computed from the units mastered earlier in its course (`unitsSoFar`,
 * asked once per course; NaN when the history cannot be found) plus those of the completions before it.
 * Undefined when decision 10 does not apply or the history is unknown.
 */
export function pctCompleteTally(
  unitsSoFar: (course: CourseConfig) => Promise<number>,
): (course: CourseConfig, metrics: CompletionMetrics) => Promise<number | undefined> {
  const history = new Map<CourseConfig, number>();
  const extra = new Map<CourseConfig, number>();
  return async (course, metrics) => {
    if (!wantsPctComplete(metrics, course)) return undefined;
    if (!history.has(course)) history.set(course, await unitsSoFar(course));
    const before = extra.get(course) ?? 0;
    const now = metrics.masteredUnits ?? 0;
    extra.set(course, before + now);
    const units = (history.get(course) as number) + before;
    return Number.isNaN(units) ? undefined : pctOf(units + now, course.totalLessons as number);
  };
}
