import { isGrade, isRecord, isText, show } from '../check';
import { invalid } from '../invalid';
import type { CourseConfig, CourseRef } from './types';

/** Short human name of a course, as used in error messages: `Math grade 3` or `code "ALG-1"`. */
export function describeCourse(course: CourseConfig | CourseRef): string {
  const c = course as Partial<CourseConfig>;
  return c.code !== undefined ? `code ${show(c.code)}` : `${c.subject} grade ${c.grade}`;
}

/** The configured course `ref` names, by `code`, or else by `subject` and `grade` (grade compared as text). */
export function findCourse(courses: readonly CourseConfig[], ref: CourseRef): CourseConfig | undefined {
  // Object() turns a missing reference into {}, which matches nothing.
  const r: Partial<CourseConfig> = Object(ref);
  return courses.find((c) =>
    r.code !== undefined
      ? c.code === r.code
      : c.grade !== undefined && c.subject === r.subject && String(c.grade) === String(r.grade),
  );
}

/** The course's `object.course.name`: its `name`, else its code, else `Grade <grade> <subject>`. */
export function courseName(course: CourseConfig): string {
  return course.name ?? course.code ?? `Grade ${course.grade} ${course.subject}`;
}

/** Whether `ref` has the shape of a course reference: `{ code }`, or `{ subject, grade }`. */
export const isCourseRef = (ref: unknown): boolean =>
  isRecord(ref) &&
  (ref.code !== undefined ? isText(ref.code, 128) : isText(ref.subject, 128) && isGrade(ref.grade));

/** What is wrong with a course reference given to `activity.start`, or undefined. */
export function courseRefProblem(ref: unknown): string | undefined {
  return isCourseRef(ref) ? undefined : `course must be { subject, grade } or { code }, got ${show(ref)}`;
}

/**
 * Checks and copies the `courses` of a configuration; throws a ValidationError naming the field.
 * Courses need `subject`, and `code` or `grade`; two courses may not share a code or a subject and grade.
 */
export function normalizeCourses(
  input: unknown,
  where = 'courses',
  quote: (value: unknown) => string = show,
): CourseConfig[] {
  if (!Array.isArray(input) || input.length === 0)
    throw invalid(['courses'], `${where} must be a non-empty array, got ${quote(input)}`);
  const out: CourseConfig[] = [];
  input.forEach((raw: unknown, i) => {
    const at = `${where}[${i}]`;
    const fail = (field: string, rule: string) => {
      throw invalid(
        ['courses', i, field],
        `${at}.${field} ${rule}, got ${quote(isRecord(raw) ? raw[field] : raw)}`,
      );
    };
    if (!isRecord(raw)) throw invalid(['courses', i], `${at} must be an object, got ${quote(raw)}`);
    const { code, subject, grade, courseId, totalLessons, name } = raw;
    if (!isText(subject, 128)) fail('subject', 'must be a non-empty string');
    if (code !== undefined && !isText(code, 128)) fail('code', 'must be a non-empty string');
    if (grade !== undefined && !isGrade(grade)) fail('grade', 'must be an integer or a short string');
    if (code === undefined && grade === undefined) fail('grade', 'is required when code is not given');
    if (courseId !== undefined && !isText(courseId)) fail('courseId', 'must be a non-empty string');
    if (totalLessons !== undefined && !(Number.isInteger(totalLessons) && (totalLessons as number) > 0))
      fail('totalLessons', 'must be an integer > 0');
    if (name !== undefined && !isText(name)) fail('name', 'must be a non-empty string');
    // Only known members, so a typo in an optional field cannot reach the wire.
    const course = { subject } as CourseConfig;
    if (code !== undefined) course.code = code as string;
    if (grade !== undefined) course.grade = grade as number | string;
    if (courseId !== undefined) course.courseId = courseId as string;
    if (totalLessons !== undefined) course.totalLessons = totalLessons as number;
    if (name !== undefined) course.name = name as string;
    const clash = out.find(
      (c) =>
        (code !== undefined && c.code === code) ||
        (grade !== undefined &&
          c.grade !== undefined &&
          c.subject === subject &&
          String(c.grade) === String(grade)),
    );
    if (clash)
      throw invalid(
        ['courses', i],
        `${at} repeats the course ${describeCourse(clash)}; give each course once`,
      );
    out.push(course);
  });
  return out;
}
