import { type HttpClient, type HttpClientOptions, httpClientOf, resourcesOver } from '@learnkit/core';
import type { OneRosterHttp } from './internal/http';
import { AcademicSessions } from './resources/academic-sessions';
import { AssessmentLineItems } from './resources/assessment-line-items';
import { AssessmentResults } from './resources/assessment-results';
import { Classes } from './resources/classes';
import { Courses } from './resources/courses';
import { Demographics } from './resources/demographics';
import { Enrollments } from './resources/enrollments';
import { Resources } from './resources/learning-resources';
import { Results } from './resources/results';
import { Schools } from './resources/schools';
import { Users } from './resources/users';

/** The OneRoster 1.2 gradebook: `assessmentLineItems` (with writes), `assessmentResults` and `results`. */
export interface OneRosterGradebook {
  /** Assessment line items: `list`, `get`, `create`, `put`. */
  readonly assessmentLineItems: AssessmentLineItems;
  /** Assessment results: `list`. */
  readonly assessmentResults: AssessmentResults;
  /** Results: `list`, `forStudentInClass`. */
  readonly results: Results;
}

/** The OneRoster 1.2 client: rostering, `gradebook` and `resources`. */
export interface OneRosterClient {
  /** Academic sessions: `list`. */
  readonly academicSessions: AcademicSessions;
  /** Classes: `list`, `students`, `teachers`. */
  readonly classes: Classes;
  /** Courses: `list`, `classes`. */
  readonly courses: Courses;
  /** Demographics: `list`. */
  readonly demographics: Demographics;
  /** Enrollments: `list`. */
  readonly enrollments: Enrollments;
  /** Schools: `classStudents`. */
  readonly schools: Schools;
  /** Users: `list`, `get`. */
  readonly users: Users;
  /** The gradebook: `assessmentLineItems`, `assessmentResults`, `results`. */
  readonly gradebook: OneRosterGradebook;
  /** Learning resources: `list`. */
  readonly resources: Resources;
}

/**
 * What {@link createOneRosterClient} takes: an existing core HTTP client (`{ http }`, or the client itself, so
 * one transport and token cache serve every LearnKit client), or the options to build one.
 */
export type OneRosterClientInit<Paths extends object = object> =
  | {
      /** The core HTTP client to share (for example `lk.http` of the umbrella SDK). */
      http: HttpClient<Paths>;
    }
  | HttpClient<Paths>
  | HttpClientOptions;

/**
 * Creates the OneRoster client over a core HTTP client (what `new LearnKit()` does with its shared one) or over
 * its own, built from `createHttpClient` options.
 *
 * @example
 * const client = createOneRosterClient({
 *   baseUrl: 'https://api.example.com',
 *   auth: clientCredentials({ tokenUrl: 'https://api.example.com/auth/1.0/token', clientId, clientSecret, style: 'basic' }),
 * });
 * for await (const student of client.classes.students('class-math-g3')) console.log(student.email);
 */
export function createOneRosterClient<Paths extends object>(
  init: OneRosterClientInit<Paths>,
): OneRosterClient {
  // The shared client is typed with the umbrella's paths; these resources call only OneRoster paths on it.
  const http = httpClientOf(init) as unknown as OneRosterHttp;
  return Object.freeze({
    academicSessions: new AcademicSessions(http),
    classes: new Classes(http),
    courses: new Courses(http),
    demographics: new Demographics(http),
    enrollments: new Enrollments(http),
    schools: new Schools(http),
    users: new Users(http),
    gradebook: resourcesOver(http, {
      assessmentLineItems: AssessmentLineItems,
      assessmentResults: AssessmentResults,
      results: Results,
    }),
    resources: new Resources(http),
  });
}
