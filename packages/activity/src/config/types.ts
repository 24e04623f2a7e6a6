/** A course of `learnkit.config.json` (docs/decisions.md#d-config-file). Needs `code`, or `subject` with `grade`. */
export interface CourseConfig {
  /** The course code; activities of this course get object ids `<sensor>/activities/<code>/<activity id>`. */
  code?: string;
  /** Science, Math, Reading, Language, Social Studies, None, or any other string. */
  subject: string;
  /** The grade: an integer (-1 pre-K, 0 K, 1..13) or a short label. */
  grade?: number | string;
  /** The platform's course id, sent as `extensions.courseId`. */
  courseId?: string;
  /** Lessons in the course; with `masteredUnits` the server computes `pctComplete` (decision 10). */
  totalLessons?: number;
  /** The course name sent as `object.course.name`; default the code, else `Grade <grade> <subject>`. */
  name?: string;
}

/** How `activity.start` names its course: `{ subject, grade }` or `{ code }`. */
export type CourseRef =
  | {
      /** The course's subject, as in `learnkit.config.json`. */
      subject: string;
      /** The course's grade, as in `learnkit.config.json` (`3` and `'3'` both match grade 3). */
      grade: number | string;
    }
  | {
      /** The course's code, as in `learnkit.config.json`. */
      code: string;
    };

/** The project configuration file `learnkit.config.json` (docs/decisions.md#d-config-file). */
export interface LearnkitConfig {
  /** The partner application's base URL, the Caliper `sensor`; activity object ids start with it. */
  sensor: string;
  /** The application, sent as `object.app`. */
  app: {
    /** The application's name. */
    name: string;
    /** The application's platform id, sent when given. */
    id?: string;
  };
  /** The courses activities may belong to. */
  courses: CourseConfig[];
}
