import { notFound, unprocessable } from '../internal/http-error.js';
import { json } from '../internal/responses.js';
import type { OperationRoutes } from '../operations/dispatch.js';
import { decryptCredential, registerCredentials } from '../roster/credentials.js';
import {
  creating,
  deleting,
  type Keep,
  listing,
  type Parent,
  plainStore,
  reading,
  type Store,
  upserting,
} from '../roster/routes.js';
import { rolesIndexOf, softDelete, viewer, visibleRow } from '../roster/store.js';
import { refId } from '../roster/views.js';
import {
  asRow,
  enrollmentEvents,
  enrollmentOf,
  removeUser,
  writeEnrollment,
  writeOrg,
  writeUser,
} from '../roster/writes.js';
import type { StoredEnrollment, StoredOrg } from '../state.js';

// OneRoster rostering (`/ims/oneroster/rostering/v1p2`, 84 operations of openapi/oneroster.yaml): each a listing, a
// read or a write of the generic store, and each relationship route a view of the same tables
// (docs/decisions.md#d-mock-oneroster-store). Users, orgs and enrollments are the platform's own records, written with
// the catalogue's events (docs/decisions.md#d-mock-oneroster-events).

/** A route whose path names a parent object the caller must see (404 otherwise). */
const parentIn =
  (table: Parameters<typeof visibleRow>[1], param: string, keep?: Keep): Parent =>
  (params, caller) =>
    void visibleRow(caller, table, params[param] as string, keep?.(params, caller));

/** Records whose reference `member` names the path parameter `param`. */
const byRef =
  (member: string, param: string): Keep =>
  (params) =>
  (row) =>
    refId(row[member]) === params[param];

/** Academic sessions of one type (terms, grading periods). */
const ofType =
  (type: string): Keep =>
  () =>
  (row) =>
    row.type === type;

/** Orgs of type `school`. */
const schools: Keep = () => (row) => (row as unknown as StoredOrg).type === 'school';

/** Users with an open role `role` (at the org the path parameter `param` names, if given). */
const withRole =
  (role: string, param?: string): Keep =>
  (params, caller) => {
    const roles = rolesIndexOf(caller);
    const orgId = param && params[param];
    return (row) =>
      (roles.get(row.sourcedId) ?? []).some((r) => r.role === role && (!orgId || r.orgId === orgId));
  };

/** The active enrollments of the roster (`status: active`): what the relationship routes of users and classes read. */
const activeEnrollments = (roster: { enrollments: Map<string, StoredEnrollment> }) =>
  [...roster.enrollments.values()].filter((enrollment) => enrollment.status === 'active');

/** Users with an active enrollment (in `role`, if given) in the class the path names. */
const enrolledIn =
  (role?: string): Keep =>
  (params, { core }) => {
    const ids = new Set(
      activeEnrollments(core.state.roster)
        .filter((e) => e.classId === params.classSourcedId && (!role || e.role === role))
        .map((e) => e.userId),
    );
    return (row) => ids.has(row.sourcedId);
  };

/** Classes the user the path parameter `param` names has an active enrollment in (in `role`, if given). */
const classesOf =
  (param: string, role?: string): Keep =>
  (params, { core }) => {
    const ids = new Set(
      activeEnrollments(core.state.roster)
        .filter((e) => e.userId === params[param] && (!role || e.role === role))
        .map((e) => e.classId),
    );
    return (row) => ids.has(row.sourcedId);
  };

/** The class the path names, which must be a class of the school the path names (404 otherwise). */
const classOfSchool: Parent = (params, caller) => {
  parentIn('orgs', 'schoolSourcedId', schools)(params, caller);
  const klass = visibleRow(caller, 'classes', params.classSourcedId as string);
  if (refId(klass.school) !== params.schoolSourcedId) {
    throw notFound(`class ${params.classSourcedId} of school ${params.schoolSourcedId} not found`);
  }
};

/** Terms of the school the path names: of its org or of an org above it (a district's terms are its schools'). */
const termsOfSchool: Keep = (params, { core }) => {
  const lineage: string[] = [];
  for (let at: string | null = params.schoolSourcedId ?? null; at && !lineage.includes(at); ) {
    lineage.push(at);
    at = core.state.roster.orgs.get(at)?.parentId ?? null;
  }
  return (row) => row.type === 'term' && lineage.includes(refId(row.org) as string);
};

/** An org or school write. */
const orgStore =
  (type?: 'school'): Store =>
  (context, input, id, existing) =>
    asRow(writeOrg(context, type ? { ...input, type } : input, id, existing as StoredOrg | undefined));

/**
 * An enrollment write (a POST on a class's students or teachers takes the class and the role from the path). The
 * body's `school`, which the vendor's description of 2025-10 requires, must be its class's (422 otherwise;
 * docs/decisions.md#d-oneroster-2025-10).
 */
const enrollmentStore =
  (role?: string): Store =>
  (context, input, id, _existing, params) => {
    const enrollment = enrollmentOf(context, input, id, role ? { classId: params.classSourcedId, role } : {});
    const named = refId(input.school);
    const klass = context.core.state.roster.classes.get(enrollment.classId);
    if (named !== undefined && klass && refId(klass.school) !== named) {
      throw unprocessable(
        `enrollment.school ${named} is not the school of class ${enrollment.classId} (${refId(klass.school)}); give the class's school`,
      );
    }
    return asRow(writeEnrollment(context, enrollment));
  };

/** A user write; `status: tobedeleted` in it deletes the user, as the platform's rostering upsert does. */
const userStore: Store = (context, input, id) => {
  if (input.status === 'tobedeleted') {
    const last = {
      ...visibleRow(context, 'users', id),
      status: 'tobedeleted',
      dateLastModified: context.core.iso(),
    };
    removeUser(context, id);
    return last;
  }
  return asRow(writeUser(context, input, id));
};

/** Demographics are keyed by their user's `sourcedId`: a user must have it (422). */
const demographicsStore: Store = (context, input, id, existing, params) => {
  if (!context.core.state.roster.users.has(id)) {
    throw unprocessable(
      `demographics ${id}: no user has this sourcedId (demographics are keyed by their user's)`,
    );
  }
  return plainStore('demographics')(context, input, id, existing, params);
};

/** A grading period: an academic session of type `gradingPeriod` (in the term the path names, if it names one). */
const gradingPeriodStore: Store = (context, input, id, existing, params) => {
  const parent = params.termSourcedId ? { parent: { sourcedId: params.termSourcedId } } : {};
  return plainStore('academicSessions')(
    context,
    { ...input, ...parent, type: 'gradingPeriod' },
    id,
    existing,
    params,
  );
};

/** Every rostering operation of openapi/oneroster.yaml. */
export const handlers: OperationRoutes = {
  getAllAcademicSessions: listing('academicSessions'),
  postAcademicSession: creating('academicSessions', 'academicSession', 201, 'pairs'),
  getAcademicSession: reading('academicSessions'),
  putAcademicSession: upserting('academicSessions', 'academicSession', 200, 'object'),
  deleteAcademicSession: deleting('academicSessions', 204),

  getAllClasses: listing('classes'),
  createClass: creating('classes', 'class', 201, 'pairs'),
  getClass: reading('classes'),
  updateClass: upserting('classes', 'class', 200, 'object', { partial: true }),
  deleteClass: deleting('classes', 204),
  getStudentsForClass: listing('users', enrolledIn('student'), parentIn('classes', 'classSourcedId')),
  addStudentToClass: creating(
    'enrollments',
    'enrollment',
    201,
    'pairs',
    enrollmentStore('student'),
    parentIn('classes', 'classSourcedId'),
  ),
  getTeachersForClass: listing('users', enrolledIn('teacher'), parentIn('classes', 'classSourcedId')),
  addTeacherToClass: creating(
    'enrollments',
    'enrollment',
    201,
    'pairs',
    enrollmentStore('teacher'),
    parentIn('classes', 'classSourcedId'),
  ),

  getAllCourses: listing('courses'),
  createCourse: creating('courses', 'course', 200, 'pairs'),
  getCourse: reading('courses'),
  putCourse: upserting('courses', 'course', 200, 'unstated'),
  deleteCourse: deleting('courses', 200),
  getClassesForCourse: listing(
    'classes',
    byRef('course', 'courseSourcedId'),
    parentIn('courses', 'courseSourcedId'),
  ),
  getAllCourseComponents: listing('courseComponents'),
  createCourseComponent: creating('courseComponents', 'courseComponent', 200, 'pairs'),
  getCourseComponent: reading('courseComponents'),
  putCourseComponent: upserting('courseComponents', 'courseComponent', 200, 'unstated'),
  deleteCourseComponent: deleting('courseComponents', 200),
  getAllComponentResources: listing('componentResources'),
  createComponentResource: creating('componentResources', 'componentResource', 200, 'pairs'),
  getComponentResource: reading('componentResources'),
  putComponentResource: upserting('componentResources', 'componentResource', 200, 'unstated'),
  deleteComponentResource: deleting('componentResources', 200),

  getAllDemographics: listing('demographics'),
  postDemographics: creating('demographics', 'demographics', 201, 'pairs', demographicsStore),
  getDemographics: reading('demographics'),
  putDemographics: upserting('demographics', 'demographics', 200, 'object', { store: demographicsStore }),
  deleteDemographics: deleting('demographics', 204),

  getAllEnrollments: listing('enrollments'),
  createEnrollment: creating('enrollments', 'enrollment', 201, 'pairs', enrollmentStore()),
  getEnrollmentOneRoster: reading('enrollments'),
  updateEnrollment: upserting('enrollments', 'enrollment', 201, 'unstated', { store: enrollmentStore() }),
  deleteEnrollment: (context, { sourcedId }) => {
    const before = { ...(visibleRow(context, 'enrollments', sourcedId) as unknown as StoredEnrollment) };
    const after = softDelete(context, 'enrollments', sourcedId) as unknown as StoredEnrollment;
    enrollmentEvents(context, before, after);
    return new Response(null, { status: 204 });
  },

  getAllGradingPeriods: listing('academicSessions', ofType('gradingPeriod')),
  createGradingPeriod: creating('academicSessions', 'academicSession', 201, 'pairs', gradingPeriodStore),
  getGradingPeriod: reading('academicSessions', ofType('gradingPeriod')),
  updateGradingPeriod: upserting('academicSessions', 'academicSession', 201, 'unstated', {
    store: gradingPeriodStore,
    keep: ofType('gradingPeriod'),
  }),
  deleteGradingPeriod: deleting('academicSessions', 204, ofType('gradingPeriod')),

  getAllOrgs: listing('orgs'),
  createOrg: creating('orgs', 'org', 201, 'pairs', orgStore()),
  getOrg: reading('orgs'),
  updateOrg: upserting('orgs', 'org', 201, 'unstated', { store: orgStore() }),
  deleteOrg: deleting('orgs', 204),

  getAllSchools: listing('orgs', schools),
  createSchool: creating('orgs', 'org', 201, 'pairs', orgStore('school')),
  getSchool: reading('orgs', schools),
  updateSchool: upserting('orgs', 'org', 200, 'object', { store: orgStore('school'), keep: schools }),
  deleteSchool: deleting('orgs', 204, schools),
  getClassesForSchool: listing(
    'classes',
    byRef('school', 'schoolSourcedId'),
    parentIn('orgs', 'schoolSourcedId', schools),
  ),
  getEnrollmentsForClassInSchool: listing(
    'enrollments',
    (params) => (row) => row.classId === params.classSourcedId,
    classOfSchool,
  ),
  getStudentsForClassInSchool: listing('users', enrolledIn('student'), classOfSchool),
  getTeachersForClassInSchool: listing('users', enrolledIn('teacher'), classOfSchool),
  getCoursesForSchool: listing(
    'courses',
    byRef('org', 'schoolSourcedId'),
    parentIn('orgs', 'schoolSourcedId', schools),
  ),
  getEnrollmentsForSchool: listing(
    'enrollments',
    (params) => (row) => row.schoolId === params.schoolSourcedId,
    parentIn('orgs', 'schoolSourcedId', schools),
  ),
  getStudentsForSchool: listing(
    'users',
    withRole('student', 'schoolSourcedId'),
    parentIn('orgs', 'schoolSourcedId', schools),
  ),
  getTeachersForSchool: listing(
    'users',
    withRole('teacher', 'schoolSourcedId'),
    parentIn('orgs', 'schoolSourcedId', schools),
  ),
  getTermsForSchool: listing('academicSessions', termsOfSchool, parentIn('orgs', 'schoolSourcedId', schools)),

  getAllStudents: listing('users', withRole('student')),
  getStudent: reading('users', withRole('student')),
  getClassesForStudent: listing(
    'classes',
    classesOf('studentSourcedId', 'student'),
    parentIn('users', 'studentSourcedId', withRole('student')),
  ),
  getAllTeachers: listing('users', withRole('teacher')),
  getTeacher: reading('users', withRole('teacher')),
  getClassesForTeacher: listing(
    'classes',
    classesOf('teacherSourcedId', 'teacher'),
    parentIn('users', 'teacherSourcedId', withRole('teacher')),
  ),

  getAllTerms: listing('academicSessions', ofType('term')),
  getTerm: reading('academicSessions', ofType('term')),
  getClassesForTerm: listing(
    'classes',
    (params) => (row) =>
      Array.isArray(row.terms) && row.terms.some((term) => refId(term) === params.termSourcedId),
    parentIn('academicSessions', 'termSourcedId', ofType('term')),
  ),
  getGradingPeriodsForTerm: listing(
    'academicSessions',
    (params) => (row) => row.type === 'gradingPeriod' && refId(row.parent) === params.termSourcedId,
    parentIn('academicSessions', 'termSourcedId', ofType('term')),
  ),
  createGradingPeriodForTerm: creating(
    'academicSessions',
    'academicSession',
    201,
    { member: 'academicSession' },
    gradingPeriodStore,
    parentIn('academicSessions', 'termSourcedId', ofType('term')),
  ),

  getAllUsers: listing('users'),
  createUser: creating('users', 'user', 201, 'pairs', userStore),
  getUserOneRoster: reading('users'),
  updateUser: upserting('users', 'user', 200, { member: 'user' }, { store: userStore }),
  deleteUser: (context, { sourcedId }) => {
    removeUser(context, sourcedId);
    return new Response(null, { status: 204 });
  },
  getClassesForUser: listing('classes', classesOf('userSourcedId'), parentIn('users', 'userSourcedId')),
  getUserWithDemographics: (context, { sourcedId }) => {
    const user = viewer(context, 'users')(visibleRow(context, 'users', sourcedId));
    const demographics = context.core.state.roster.demographics.get(sourcedId);
    return json(200, {
      user: { ...user, demographics: demographics ? viewer(context, 'demographics')(demographics) : null },
    });
  },
  registerStudentCredentials: registerCredentials,
  decryptCredential,
};
