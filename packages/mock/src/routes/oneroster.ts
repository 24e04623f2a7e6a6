import type { Core } from '../core.js';
import { badRequest, notFound, unprocessable } from '../internal/http-error.js';
import { randomId } from '../internal/random.js';
import type {
  Listed,
  OperationContext,
  OperationHandler,
  OperationId,
  OperationRoutes,
  PathParams,
  RequestBody,
} from '../operations/dispatch.js';
import { guidRef, oneRosterEnrollment, oneRosterUser, refId } from '../roster/views.js';
import { canSeeRecord, canSeeUser } from '../roster/visibility.js';
import type { MockClient } from '../state.js';

type LineItemInput = RequestBody<'createAssessmentLineItem'>['assessmentLineItem'];

/** What the helpers of this file read of a request: the platform and the calling client. */
type Caller = { core: Core; client: MockClient };

const today = ({ core }: { core: Core }) => core.iso().slice(0, 10);

/** The line item of a checked POST or PUT body; a class it names must exist (a rule no schema can state). */
function lineItemOf({ core }: Caller, item: LineItemInput): LineItemInput {
  const classId = refId(item.class);
  if (classId && !core.state.roster.classes.has(classId)) {
    throw unprocessable(`assessmentLineItem.class ${classId} does not exist`);
  }
  return item;
}

function storedLineItem({ core }: Caller, sourcedId: string, input: LineItemInput) {
  const classId = refId(input.class);
  return {
    ...input,
    sourcedId,
    status: input.status ?? 'active',
    dateLastModified: core.iso(),
    ...(classId && { class: guidRef(core.options.baseUrl, 'class', 'classes', classId) }),
  };
}

/**
 * A listing: the rows of `collection` the caller may see (users by their orgs, records by the orgs they belong
 * to), through the list parameters, with the fields and search fields the documents give the operation.
 */
function listing<Id extends OperationId>(
  collection: string,
  rows: (context: OperationContext<Id>, params: PathParams<Id>) => (Listed<Id> & { sourcedId: string })[],
): OperationHandler<Id> {
  return (context, params) => {
    const roster = context.core.state.roster;
    const { client } = context;
    return context.page(
      rows(context, params).filter((row) =>
        collection === 'users'
          ? canSeeUser(roster, client, row.sourcedId)
          : canSeeRecord(roster, client, collection, row),
      ),
    );
  };
}

function users(context: Caller, ids?: Set<string>) {
  const roster = context.core.state.roster;
  return [...roster.users.values()]
    .filter((user) => !ids || ids.has(user.sourcedId))
    .map((user) => oneRosterUser(roster, user, context.core.options.baseUrl, today(context)));
}

function enrolled({ core }: Caller, classId: string, role: string): Set<string> {
  const roster = core.state.roster;
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

const values = <T>(map: Map<string, T>) => [...map.values()];

/** The OneRoster 1.2 listings of openapi/oneroster.yaml and the gradebook line-item writes. */
export const handlers: OperationRoutes = {
  listUsers: listing('users', (context) => users(context)),
  getUserOneRoster: (context, { sourcedId }) => {
    const roster = context.core.state.roster;
    const user = roster.users.get(sourcedId);
    if (!user || !canSeeUser(roster, context.client, user.sourcedId))
      throw notFound(`user ${sourcedId} not found`);
    return context.one(oneRosterUser(roster, user, context.core.options.baseUrl, today(context)));
  },
  listAcademicSessions: listing('academicSessions', (context) =>
    values(context.core.state.roster.academicSessions),
  ),
  listClasses: listing('classes', (context) => values(context.core.state.roster.classes)),
  listClassStudents: listing('users', (context, params) =>
    users(context, enrolled(context, params.classSourcedId!, 'student')),
  ),
  listClassTeachers: listing('users', (context, params) =>
    users(context, enrolled(context, params.classSourcedId!, 'teacher')),
  ),
  listCourses: listing('courses', (context) => values(context.core.state.roster.courses)),
  listCourseClasses: listing('classes', (context, { courseSourcedId }) => {
    if (!context.core.state.roster.courses.has(courseSourcedId!))
      throw notFound(`course ${courseSourcedId} not found`);
    return values(context.core.state.roster.classes).filter(
      (klass) => refId(klass.course) === courseSourcedId,
    );
  }),
  listDemographics: listing('demographics', (context) => values(context.core.state.roster.demographics)),
  listEnrollmentsOneRoster: listing('enrollments', (context) =>
    [...context.core.state.roster.enrollments.values()].map((enrollment) =>
      oneRosterEnrollment(enrollment, context.core.options.baseUrl),
    ),
  ),
  listSchoolClassStudents: listing('users', (context, { schoolSourcedId, classSourcedId }) => {
    const klass = context.core.state.roster.classes.get(classSourcedId!);
    if (!klass || refId(klass.school) !== schoolSourcedId) {
      throw notFound(`class ${classSourcedId} of school ${schoolSourcedId} not found`);
    }
    return users(context, enrolled(context, classSourcedId!, 'student'));
  }),

  listAssessmentLineItems: listing('assessmentLineItems', (context) =>
    values(context.core.state.roster.lineItems),
  ),
  listAssessmentResults: listing('assessmentResults', (context) =>
    values(context.core.state.roster.assessmentResults),
  ),
  listResults: listing('results', (context) => values(context.core.state.roster.results)),
  listStudentResultsForClass: listing('results', (context, { classSourcedId, studentSourcedId }) => {
    const roster = context.core.state.roster;
    if (!roster.classes.has(classSourcedId!)) throw notFound(`class ${classSourcedId} not found`);
    if (!roster.users.has(studentSourcedId!)) throw notFound(`student ${studentSourcedId} not found`);
    return values(roster.results).filter(
      (result) => refId(result.class) === classSourcedId && refId(result.student) === studentSourcedId,
    );
  }),
  listResources: listing('resources', (context) => values(context.core.state.roster.resources)),

  getAssessmentLineItem: (context, { sourcedId }) => {
    const roster = context.core.state.roster;
    const item = roster.lineItems.get(sourcedId);
    if (!item || !canSeeRecord(roster, context.client, 'assessmentLineItems', item)) {
      throw notFound(`assessmentLineItem ${sourcedId} not found`);
    }
    return context.one(item);
  },

  createAssessmentLineItem: async (context) => {
    const input = lineItemOf(context, (await context.body()).assessmentLineItem);
    const roster = context.core.state.roster;
    const supplied = input.sourcedId;
    if (supplied && roster.lineItems.has(supplied)) {
      throw unprocessable(`assessmentLineItem ${supplied} already exists; use PUT to replace it`);
    }
    const sourcedId = supplied ?? randomId();
    roster.lineItems.set(sourcedId, storedLineItem(context, sourcedId, input));
    return context.json(201, {
      sourcedIdPairs: { suppliedSourcedId: supplied ?? sourcedId, allocatedSourcedId: sourcedId },
    });
  },

  putAssessmentLineItem: async (context, { sourcedId }) => {
    const input = lineItemOf(context, (await context.body()).assessmentLineItem);
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
    return context.json(existed ? 200 : 201, { assessmentLineItem: stored });
  },
};
