import {
  ApiPromise,
  checkCallOptions,
  isRecord,
  Resource,
  showValue,
  ValidationError,
  type ValidationIssue,
} from '@learnkit/core';
import type { PlatformHttp } from '../../internal/http';
import type { PlatformCallOptions, StudentGrade, StudentGradeQuery } from '../../types';

const GRADES = '/beyond/1.0/educator/students/grades';

/**
 * Grades beyond the roster: the highest grade a student has mastered in a subject.
 *
 * @example
 * const { masteredGrade } = await lk.beyond.grades.get({ studentId, subject: 'Math' });
 */
export class Grades extends Resource<PlatformHttp> {
  /**
   * The highest mastered grade of a student in a subject (`masteredGrade` null when nothing is mastered; the
   * value `mastery.*` events carry). Both members are required: a missing or blank one is a
   * `ValidationError` before anything is sent.
   *
   * @example
   * const grade = await lk.beyond.grades.get({ studentId, subject: 'Math' });
   */
  get(query: StudentGradeQuery, options?: PlatformCallOptions): ApiPromise<StudentGrade> {
    return ApiPromise.guard(() => {
      if (!isRecord(query)) {
        throw new ValidationError([
          { path: ['query'], message: "must be an object such as { studentId, subject: 'Math' }" },
        ]);
      }
      const issues: ValidationIssue[] = [];
      for (const key of ['studentId', 'subject'] as const) {
        const value = query[key];
        if (typeof value !== 'string' || value.trim() === '') {
          issues.push({
            path: ['query', key],
            message: `is required: a non-empty string (got ${showValue(value)})`,
          });
        }
      }
      for (const key of Object.keys(query)) {
        if (key !== 'studentId' && key !== 'subject') {
          issues.push({
            path: ['query', key],
            message: 'is not a parameter of this read; give studentId and subject',
          });
        }
      }
      if (issues.length > 0) throw new ValidationError(issues);
      const { studentId, subject } = query;
      return this.http.call('GET', GRADES, {
        params: { query: { studentId, subject } },
        options: checkCallOptions(options).request,
      });
    });
  }
}
