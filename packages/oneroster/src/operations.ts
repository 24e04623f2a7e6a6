/**
 * The operations of openapi/oneroster.yaml and the method of `LearnKit` that calls each, as a path from the
 * instance (`oneroster.users.get` is `lk.oneroster.users.get`). Internal: not exported from the package's entry;
 * the umbrella's operation-coverage test reads it (docs/decisions.md#d-i16-operation-tables).
 */
export const OPERATIONS = {
  listAcademicSessions: 'oneroster.academicSessions.list',
  listClasses: 'oneroster.classes.list',
  listClassStudents: 'oneroster.classes.students',
  listClassTeachers: 'oneroster.classes.teachers',
  listCourses: 'oneroster.courses.list',
  listCourseClasses: 'oneroster.courses.classes',
  listDemographics: 'oneroster.demographics.list',
  listEnrollmentsOneRoster: 'oneroster.enrollments.list',
  listSchoolClassStudents: 'oneroster.schools.classStudents',
  listUsers: 'oneroster.users.list',
  getUserOneRoster: 'oneroster.users.get',
  listAssessmentLineItems: 'oneroster.gradebook.assessmentLineItems.list',
  createAssessmentLineItem: 'oneroster.gradebook.assessmentLineItems.create',
  getAssessmentLineItem: 'oneroster.gradebook.assessmentLineItems.get',
  putAssessmentLineItem: 'oneroster.gradebook.assessmentLineItems.put',
  listAssessmentResults: 'oneroster.gradebook.assessmentResults.list',
  listStudentResultsForClass: 'oneroster.gradebook.results.forStudentInClass',
  listResults: 'oneroster.gradebook.results.list',
  listResources: 'oneroster.resources.list',
} as const;

/** An operationId of openapi/oneroster.yaml. */
export type OneRosterOperationId = keyof typeof OPERATIONS;

/**
 * The fields `search` matches on each listing, as its operation's `x-search-fields` names them (a test holds the
 * two equal). A listing missing here takes no `search`: the SDK refuses one before sending
 * (docs/decisions.md#d-i16-search).
 */
export const SEARCH_FIELDS: Partial<Record<OneRosterOperationId, readonly string[]>> = {
  listAcademicSessions: ['title'],
  listClasses: ['title'],
  listClassStudents: ['givenName', 'familyName', 'email'],
  listClassTeachers: ['givenName', 'familyName', 'email'],
  listCourses: ['title', 'courseCode'],
  listCourseClasses: ['title'],
  listDemographics: ['cityOfBirth'],
  listEnrollmentsOneRoster: ['role'],
  listSchoolClassStudents: ['givenName', 'familyName', 'email'],
  listUsers: ['givenName', 'familyName', 'email'],
  listAssessmentLineItems: ['title'],
  listAssessmentResults: ['comment'],
  listStudentResultsForClass: ['comment'],
  listResults: ['comment'],
  listResources: ['title'],
};
