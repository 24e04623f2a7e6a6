import { badRequest, notFound, unprocessable } from '../internal/http-error.js';
import { type ListSpec, listQuery, listResponse, project, selectedFields } from '../internal/list-query.js';
import { randomId } from '../internal/random.js';
import { json } from '../internal/responses.js';
import { searchFieldsOf } from '../internal/search-fields.js';
import { guidRef, oneRosterEnrollment, oneRosterUser, refId } from '../roster/views.js';
import { canSeeRecord, canSeeUser } from '../roster/visibility.js';
import { SCOPES } from '../scopes.js';
import type { RosterRecord } from '../state.js';
import { authenticate, requireClient } from '../tokens.js';
import type { RequestContext } from './context.js';
import type { OperationRoutes, RequestBody } from './operation.js';

type AssessmentLineItemWrite = RequestBody<'createAssessmentLineItem'>;
type LineItemInput = AssessmentLineItemWrite['assessmentLineItem'];

const ROSTERING = '/ims/oneroster/rostering/v1p2';
const GRADEBOOK = '/ims/oneroster/gradebook/v1p2';
const RESOURCES = '/ims/oneroster/resources/v1p2';

const COMMON = ['sourcedId', 'status', 'dateLastModified', 'metadata'];

/** The fields of each kind of listed object (the fields `search` matches come from openapi, per listing path). */
const FIELDS = {
  users: [
    ...COMMON,
    'userMasterIdentifier',
    'username',
    'userIds',
    'enabledUser',
    'givenName',
    'familyName',
    'middleName',
    'preferredFirstName',
    'preferredMiddleName',
    'preferredLastName',
    'pronouns',
    'email',
    'sms',
    'phone',
    'identifier',
    'roles',
    'primaryOrg',
    'agents',
    'grades',
  ],
  academicSessions: [...COMMON, 'title', 'startDate', 'endDate', 'type', 'parent', 'children', 'schoolYear'],
  courses: [
    ...COMMON,
    'title',
    'schoolYear',
    'courseCode',
    'grades',
    'subjects',
    'subjectCodes',
    'org',
    'resources',
  ],
  classes: [
    ...COMMON,
    'title',
    'classCode',
    'classType',
    'location',
    'grades',
    'subjects',
    'subjectCodes',
    'periods',
    'course',
    'school',
    'terms',
    'resources',
  ],
  enrollments: [...COMMON, 'user', 'class', 'school', 'role', 'primary', 'beginDate', 'endDate'],
  demographics: [
    ...COMMON,
    'birthDate',
    'sex',
    'americanIndianOrAlaskaNative',
    'asian',
    'blackOrAfricanAmerican',
    'nativeHawaiianOrOtherPacificIslander',
    'white',
    'demographicRaceTwoOrMoreRaces',
    'hispanicOrLatinoEthnicity',
    'countryOfBirthCode',
    'stateOfBirthAbbreviation',
    'cityOfBirth',
    'publicSchoolResidenceStatus',
  ],
  assessmentLineItems: [
    ...COMMON,
    'title',
    'description',
    'class',
    'parentAssessmentLineItem',
    'scoreScale',
    'resultValueMin',
    'resultValueMax',
    'learningObjectiveSet',
    'component',
    'componentResource',
  ],
  assessmentResults: [
    ...COMMON,
    'assessmentLineItem',
    'student',
    'score',
    'textScore',
    'scoreDate',
    'scoreScale',
    'scoreStatus',
    'comment',
    'learningObjectiveSet',
    'inProgress',
    'incomplete',
    'late',
    'missing',
  ],
  results: [
    ...COMMON,
    'lineItem',
    'student',
    'class',
    'score',
    'textScore',
    'scoreDate',
    'scoreScale',
    'scoreStatus',
    'comment',
  ],
  resources: [...COMMON, 'title', 'roles', 'importance', 'vendorResourceId', 'vendorId', 'applicationId'],
} satisfies Record<string, string[]>;

const reader = (context: RequestContext) =>
  requireClient(authenticate(context.core, context.request), SCOPES.rosterRead);
const writer = (context: RequestContext) =>
  requireClient(authenticate(context.core, context.request), SCOPES.rosterWrite);
const today = (context: RequestContext) => context.core.iso().slice(0, 10);

/** The line item of a checked POST or PUT body; a class it names must exist (a rule no schema can state). */
function lineItemOf(context: RequestContext, body: AssessmentLineItemWrite): LineItemInput {
  const item = body.assessmentLineItem;
  const classId = refId(item.class);
  if (classId && !context.core.state.roster.classes.has(classId)) {
    throw unprocessable(`assessmentLineItem.class ${classId} does not exist`);
  }
  return item;
}

function storedLineItem(context: RequestContext, sourcedId: string, input: LineItemInput): RosterRecord {
  const { baseUrl } = context.core.options;
  const record: RosterRecord = {
    ...input,
    sourcedId,
    status: input.status ?? 'active',
    dateLastModified: context.core.iso(),
  };
  const classId = refId(input.class);
  if (classId) record.class = guidRef(baseUrl, 'class', 'classes', classId);
  return record;
}

/** A listing handler: the caller's visible rows of `key`, through the family's list parameters. */
function listing(
  path: string,
  key: keyof typeof FIELDS,
  rows: (context: RequestContext, params: Record<string, string>) => RosterRecord[],
): (context: RequestContext, params: Record<string, string>) => Response {
  const spec: ListSpec = { fields: FIELDS[key], searchFields: searchFieldsOf(path) };
  return (context, params) => {
    const { client } = reader(context);
    const roster = context.core.state.roster;
    const visible = rows(context, params).filter((row) =>
      key === 'users' ? canSeeUser(roster, client, row.sourcedId) : canSeeRecord(roster, client, key, row),
    );
    return listResponse(key, listQuery(visible, context.query, spec));
  };
}

function users(context: RequestContext, ids?: Set<string>): RosterRecord[] {
  const roster = context.core.state.roster;
  return [...roster.users.values()]
    .filter((user) => !ids || ids.has(user.sourcedId))
    .map((user) => oneRosterUser(roster, user, context.core.options.baseUrl, today(context)));
}

function enrolled(context: RequestContext, classId: string, role: string): Set<string> {
  const roster = context.core.state.roster;
  if (!roster.classes.has(classId)) throw notFound(`class ${classId} not found`);
  return new Set(
    [...roster.enrollments.values()]
      .filter(
        (enrollment) =>
          enrollment.classId === classId && enrollment.role === role && enrollment.status === 'active',
      )
      .map((enrollment) => enrollment.userId),
  );
}

const values = (map: Map<string, RosterRecord>) => [...map.values()];

/** The OneRoster 1.2 listings of openapi/oneroster.yaml and the gradebook line-item writes. */
export const oneRosterRoutes: OperationRoutes = {
  listUsers: listing(`${ROSTERING}/users/`, 'users', (context) => users(context)),
  getUserOneRoster: (context, params) => {
    const { client } = reader(context);
    const roster = context.core.state.roster;
    const user = roster.users.get(params.sourcedId);
    if (!user || !canSeeUser(roster, client, user.sourcedId))
      throw notFound(`user ${params.sourcedId} not found`);
    const view = oneRosterUser(roster, user, context.core.options.baseUrl, today(context));
    return json(200, { user: project(view, selectedFields(context.query, FIELDS.users)) });
  },
  listAcademicSessions: listing(`${ROSTERING}/academicSessions/`, 'academicSessions', (context) =>
    values(context.core.state.roster.academicSessions),
  ),
  listClasses: listing(`${ROSTERING}/classes/`, 'classes', (context) =>
    values(context.core.state.roster.classes),
  ),
  listClassStudents: listing(`${ROSTERING}/classes/{classSourcedId}/students`, 'users', (context, params) =>
    users(context, enrolled(context, params.classSourcedId!, 'student')),
  ),
  listClassTeachers: listing(`${ROSTERING}/classes/{classSourcedId}/teachers`, 'users', (context, params) =>
    users(context, enrolled(context, params.classSourcedId!, 'teacher')),
  ),
  listCourses: listing(`${ROSTERING}/courses/`, 'courses', (context) =>
    values(context.core.state.roster.courses),
  ),
  listCourseClasses: listing(
    `${ROSTERING}/courses/{courseSourcedId}/classes`,
    'classes',
    (context, params) => {
      if (!context.core.state.roster.courses.has(params.courseSourcedId!))
        throw notFound(`course ${params.courseSourcedId} not found`);
      return values(context.core.state.roster.classes).filter(
        (klass) => refId(klass.course) === params.courseSourcedId,
      );
    },
  ),
  listDemographics: listing(`${ROSTERING}/demographics/`, 'demographics', (context) =>
    values(context.core.state.roster.demographics),
  ),
  listEnrollmentsOneRoster: listing(`${ROSTERING}/enrollments/`, 'enrollments', (context) =>
    [...context.core.state.roster.enrollments.values()].map((enrollment) =>
      oneRosterEnrollment(enrollment, context.core.options.baseUrl),
    ),
  ),
  listSchoolClassStudents: listing(
    `${ROSTERING}/schools/{schoolSourcedId}/classes/{classSourcedId}/students`,
    'users',
    (context, params) => {
      const klass = context.core.state.roster.classes.get(params.classSourcedId!);
      if (!klass || refId(klass.school) !== params.schoolSourcedId) {
        throw notFound(`class ${params.classSourcedId} of school ${params.schoolSourcedId} not found`);
      }
      return users(context, enrolled(context, params.classSourcedId!, 'student'));
    },
  ),

  listAssessmentLineItems: listing(`${GRADEBOOK}/assessmentLineItems/`, 'assessmentLineItems', (context) =>
    values(context.core.state.roster.lineItems),
  ),
  listAssessmentResults: listing(`${GRADEBOOK}/assessmentResults/`, 'assessmentResults', (context) =>
    values(context.core.state.roster.assessmentResults),
  ),
  listResults: listing(`${GRADEBOOK}/results/`, 'results', (context) =>
    values(context.core.state.roster.results),
  ),
  listStudentResultsForClass: listing(
    `${GRADEBOOK}/classes/{classSourcedId}/students/{studentSourcedId}/results`,
    'results',
    (context, params) => {
      const roster = context.core.state.roster;
      if (!roster.classes.has(params.classSourcedId!))
        throw notFound(`class ${params.classSourcedId} not found`);
      if (!roster.users.has(params.studentSourcedId!))
        throw notFound(`student ${params.studentSourcedId} not found`);
      return values(roster.results).filter(
        (result) =>
          refId(result.class) === params.classSourcedId && refId(result.student) === params.studentSourcedId,
      );
    },
  ),
  listResources: listing(`${RESOURCES}/resources/`, 'resources', (context) =>
    values(context.core.state.roster.resources),
  ),

  getAssessmentLineItem: (context, params) => {
    const { client } = reader(context);
    const roster = context.core.state.roster;
    const item = roster.lineItems.get(params.sourcedId);
    if (!item || !canSeeRecord(roster, client, 'assessmentLineItems', item)) {
      throw notFound(`assessmentLineItem ${params.sourcedId} not found`);
    }
    return json(200, {
      assessmentLineItem: project(item, selectedFields(context.query, FIELDS.assessmentLineItems)),
    });
  },

  createAssessmentLineItem: async (context) => {
    writer(context);
    const input = lineItemOf(context, await context.body());
    const roster = context.core.state.roster;
    const supplied = input.sourcedId;
    if (supplied && roster.lineItems.has(supplied)) {
      throw unprocessable(`assessmentLineItem ${supplied} already exists; use PUT to replace it`);
    }
    const sourcedId = supplied ?? randomId();
    roster.lineItems.set(sourcedId, storedLineItem(context, sourcedId, input));
    return json(201, {
      sourcedIdPairs: { suppliedSourcedId: supplied ?? sourcedId, allocatedSourcedId: sourcedId },
    });
  },

  putAssessmentLineItem: async (context, params) => {
    writer(context);
    const input = lineItemOf(context, await context.body());
    const sourcedId = params.sourcedId;
    // A rule between the path and the body, which a schema of the body alone cannot state.
    if (input.sourcedId !== undefined && input.sourcedId !== sourcedId) {
      throw badRequest(
        `assessmentLineItem.sourcedId ${input.sourcedId} differs from the path's ${sourcedId}`,
      );
    }
    const roster = context.core.state.roster;
    const existed = roster.lineItems.has(sourcedId);
    const stored = storedLineItem(context, sourcedId, input);
    roster.lineItems.set(sourcedId, stored);
    return json(existed ? 200 : 201, { assessmentLineItem: stored });
  },
};
