import { readJson } from '../internal/body.js';
import { badRequest, notFound, unprocessable } from '../internal/http-error.js';
import { type ListSpec, listQuery, listResponse, project, selectedFields } from '../internal/list-query.js';
import { randomId } from '../internal/random.js';
import { json } from '../internal/responses.js';
import { searchFieldsOf } from '../internal/search-fields.js';
import { checkShape, type Shape } from '../internal/shape.js';
import { guidRef, oneRosterEnrollment, oneRosterUser, refId } from '../roster/views.js';
import { canSeeRecord, canSeeUser } from '../roster/visibility.js';
import { SCOPES } from '../scopes.js';
import type { RosterRecord } from '../state.js';
import { authenticate, requireClient } from '../tokens.js';
import type { MockRouter, RequestContext } from './context.js';

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

const GUID_INPUT: Shape = {
  fields: { href: { type: 'uri' }, sourcedId: { type: 'string', required: true }, type: { type: 'string' } },
};
const COMPONENT_INPUT: Shape = { fields: { sourcedId: { type: 'string', required: true } } };
const LINE_ITEM_INPUT: Shape = {
  fields: {
    sourcedId: { type: 'string' },
    status: { type: 'string', oneOf: ['active', 'tobedeleted'] },
    dateLastModified: { type: 'dateTime' },
    metadata: { type: 'object', nullable: true },
    title: { type: 'string', required: true },
    description: { type: 'string', nullable: true },
    class: { type: 'object', shape: GUID_INPUT },
    parentAssessmentLineItem: { type: 'object', shape: GUID_INPUT },
    scoreScale: { type: 'object', shape: GUID_INPUT },
    resultValueMin: { type: 'number', nullable: true },
    resultValueMax: { type: 'number', nullable: true },
    learningObjectiveSet: { type: 'array', nullable: true },
    component: { type: 'object', shape: COMPONENT_INPUT },
    componentResource: { type: 'object', shape: COMPONENT_INPUT },
  },
};

const LINE_ITEM_BODY: Shape = {
  fields: { assessmentLineItem: { type: 'object', required: true, shape: LINE_ITEM_INPUT } },
};

/** Reads and checks `{ assessmentLineItem: {...} }`; a bad shape is a 400 naming the member. */
async function lineItemBody(context: RequestContext): Promise<Record<string, unknown>> {
  const body = await readJson(context.request);
  const problems = checkShape(body, LINE_ITEM_BODY, 'body');
  if (problems.length > 0)
    throw badRequest(`Invalid assessment line item: ${problems.slice(0, 5).join('; ')}`);
  const item = (body as { assessmentLineItem: Record<string, unknown> }).assessmentLineItem;
  const classId = refId(item.class);
  if (classId && !context.core.state.roster.classes.has(classId)) {
    throw unprocessable(`assessmentLineItem.class ${classId} does not exist`);
  }
  return item;
}

function storedLineItem(
  context: RequestContext,
  sourcedId: string,
  input: Record<string, unknown>,
): RosterRecord {
  const { baseUrl } = context.core.options;
  const record: RosterRecord = {
    ...input,
    sourcedId,
    status: (input.status as string) ?? 'active',
    dateLastModified: context.core.iso(),
  };
  const classId = refId(input.class);
  if (classId) record.class = guidRef(baseUrl, 'class', 'classes', classId);
  return record;
}

/** The OneRoster 1.2 listings of openapi/oneroster.yaml and the gradebook line-item writes. */
export function registerOneRoster(router: MockRouter): void {
  const listing = (
    path: string,
    key: keyof typeof FIELDS,
    rows: (context: RequestContext, params: Record<string, string>) => RosterRecord[],
  ) => {
    const spec: ListSpec = { fields: FIELDS[key], searchFields: searchFieldsOf(path) };
    router.on('GET', path, (context, params) => {
      const { client } = reader(context);
      const roster = context.core.state.roster;
      const visible = rows(context, params).filter((row) =>
        key === 'users' ? canSeeUser(roster, client, row.sourcedId) : canSeeRecord(roster, client, key, row),
      );
      return listResponse(key, listQuery(visible, context.query, spec));
    });
  };
  const users = (context: RequestContext, ids?: Set<string>) => {
    const roster = context.core.state.roster;
    return [...roster.users.values()]
      .filter((user) => !ids || ids.has(user.sourcedId))
      .map((user) => oneRosterUser(roster, user, context.core.options.baseUrl, today(context)));
  };
  const enrolled = (context: RequestContext, classId: string, role: string) => {
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
  };
  const values = (map: Map<string, RosterRecord>) => [...map.values()];

  listing(`${ROSTERING}/users`, 'users', (context) => users(context));
  router.on('GET', `${ROSTERING}/users/:sourcedId`, (context, params) => {
    const { client } = reader(context);
    const roster = context.core.state.roster;
    const user = roster.users.get(params.sourcedId!);
    if (!user || !canSeeUser(roster, client, user.sourcedId))
      throw notFound(`user ${params.sourcedId} not found`);
    const view = oneRosterUser(roster, user, context.core.options.baseUrl, today(context));
    return json(200, { user: project(view, selectedFields(context.query, FIELDS.users)) });
  });
  listing(`${ROSTERING}/academicSessions`, 'academicSessions', (context) =>
    values(context.core.state.roster.academicSessions),
  );
  listing(`${ROSTERING}/classes`, 'classes', (context) => values(context.core.state.roster.classes));
  listing(`${ROSTERING}/classes/:classSourcedId/students`, 'users', (context, params) =>
    users(context, enrolled(context, params.classSourcedId!, 'student')),
  );
  listing(`${ROSTERING}/classes/:classSourcedId/teachers`, 'users', (context, params) =>
    users(context, enrolled(context, params.classSourcedId!, 'teacher')),
  );
  listing(`${ROSTERING}/courses`, 'courses', (context) => values(context.core.state.roster.courses));
  listing(`${ROSTERING}/courses/:courseSourcedId/classes`, 'classes', (context, params) => {
    if (!context.core.state.roster.courses.has(params.courseSourcedId!))
      throw notFound(`course ${params.courseSourcedId} not found`);
    return values(context.core.state.roster.classes).filter(
      (klass) => refId(klass.course) === params.courseSourcedId,
    );
  });
  listing(`${ROSTERING}/demographics`, 'demographics', (context) =>
    values(context.core.state.roster.demographics),
  );
  listing(`${ROSTERING}/enrollments`, 'enrollments', (context) =>
    [...context.core.state.roster.enrollments.values()].map((enrollment) =>
      oneRosterEnrollment(enrollment, context.core.options.baseUrl),
    ),
  );
  listing(
    `${ROSTERING}/schools/:schoolSourcedId/classes/:classSourcedId/students`,
    'users',
    (context, params) => {
      const klass = context.core.state.roster.classes.get(params.classSourcedId!);
      if (!klass || refId(klass.school) !== params.schoolSourcedId) {
        throw notFound(`class ${params.classSourcedId} of school ${params.schoolSourcedId} not found`);
      }
      return users(context, enrolled(context, params.classSourcedId!, 'student'));
    },
  );

  listing(`${GRADEBOOK}/assessmentLineItems`, 'assessmentLineItems', (context) =>
    values(context.core.state.roster.lineItems),
  );
  listing(`${GRADEBOOK}/assessmentResults`, 'assessmentResults', (context) =>
    values(context.core.state.roster.assessmentResults),
  );
  listing(`${GRADEBOOK}/results`, 'results', (context) => values(context.core.state.roster.results));
  listing(
    `${GRADEBOOK}/classes/:classSourcedId/students/:studentSourcedId/results`,
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
  );
  listing(`${RESOURCES}/resources`, 'resources', (context) => values(context.core.state.roster.resources));

  router.on('GET', `${GRADEBOOK}/assessmentLineItems/:sourcedId`, (context, params) => {
    const { client } = reader(context);
    const roster = context.core.state.roster;
    const item = roster.lineItems.get(params.sourcedId!);
    if (!item || !canSeeRecord(roster, client, 'assessmentLineItems', item)) {
      throw notFound(`assessmentLineItem ${params.sourcedId} not found`);
    }
    return json(200, {
      assessmentLineItem: project(item, selectedFields(context.query, FIELDS.assessmentLineItems)),
    });
  });

  router.on('POST', `${GRADEBOOK}/assessmentLineItems`, async (context) => {
    writer(context);
    const input = await lineItemBody(context);
    const roster = context.core.state.roster;
    const supplied = typeof input.sourcedId === 'string' ? input.sourcedId : undefined;
    if (supplied && roster.lineItems.has(supplied)) {
      throw unprocessable(`assessmentLineItem ${supplied} already exists; use PUT to replace it`);
    }
    const sourcedId = supplied ?? randomId();
    roster.lineItems.set(sourcedId, storedLineItem(context, sourcedId, input));
    return json(201, {
      sourcedIdPairs: { suppliedSourcedId: supplied ?? sourcedId, allocatedSourcedId: sourcedId },
    });
  });

  router.on('PUT', `${GRADEBOOK}/assessmentLineItems/:sourcedId`, async (context, params) => {
    writer(context);
    const input = await lineItemBody(context);
    const sourcedId = params.sourcedId!;
    if (input.sourcedId !== undefined && input.sourcedId !== sourcedId) {
      throw badRequest(
        `assessmentLineItem.sourcedId ${String(input.sourcedId)} differs from the path's ${sourcedId}`,
      );
    }
    const roster = context.core.state.roster;
    const existed = roster.lineItems.has(sourcedId);
    const stored = storedLineItem(context, sourcedId, input);
    roster.lineItems.set(sourcedId, stored);
    return json(existed ? 200 : 201, { assessmentLineItem: stored });
  });
}
