import { badRequest, notFound, unprocessable } from '../internal/http-error.js';
import { randomId } from '../internal/random.js';
import {
  found,
  type Listed,
  type OperationContext,
  type OperationHandler,
  type OperationId,
  type OperationRoutes,
  type PathParams,
  type RequestBody,
} from '../operations/dispatch.js';
import { type Caller, canSeeRecord, canSeeUser, today, visibleUser } from '../roster/orgs.js';
import { guidRef, oneRosterEnrollment, oneRosterUser, refId } from '../roster/views.js';
import type { RosterRecord, RosterState } from '../state.js';

/** The tables of OneRoster records (stored in their response shape). */
export type RecordTable = keyof {
  [K in keyof RosterState as RosterState[K] extends Map<string, RosterRecord> ? K : never]: true;
};

type LineItemInput = RequestBody<'createAssessmentLineItem'>['assessmentLineItem'];

/** The stored line item of a checked POST or PUT body; a class it names must exist (a rule no schema can state). */
function storedLineItem({ core }: Caller, sourcedId: string, input: LineItemInput) {
  const classId = refId(input.class);
  if (classId && !core.state.roster.classes.has(classId)) {
    throw unprocessable(`assessmentLineItem.class ${classId} does not exist`);
  }
  return {
    ...input,
    sourcedId,
    status: input.status ?? 'active',
    dateLastModified: core.iso(),
    ...(classId && { class: guidRef(core.options.baseUrl, 'class', 'classes', classId) }),
  };
}

/**
 * A listing: the rows the caller may see (records by the orgs they belong to in `table`; users, already by
 * their own orgs in `users`), through the list parameters, with the fields and search fields of the documents.
 */
function listing<Id extends OperationId>(
  table: keyof RosterState,
  rows: (context: OperationContext<Id>, params: PathParams<Id>) => (Listed<Id> & { sourcedId: string })[],
): OperationHandler<Id> {
  return (context, params) => {
    const { core, client } = context;
    return context.page(
      rows(context, params).filter((row) => canSeeRecord(core.state.roster, client, table, row)),
    );
  };
}

/** The listing of a whole table of OneRoster records. */
const whole = <Id extends OperationId>(table: RecordTable): OperationHandler<Id> =>
  listing(table, (context) => [...context.core.state.roster[table].values()] as never);

/** The users (of `ids` only, if given) the caller may see by their orgs, in the OneRoster shape. */
function users({ core, client }: Caller, ids?: Set<string>) {
  const roster = core.state.roster;
  return [...roster.users.values()]
    .filter((user) => (!ids || ids.has(user.sourcedId)) && canSeeUser(roster, client, user.sourcedId))
    .map((user) => oneRosterUser(roster, user, core.options.baseUrl, today({ core })));
}

/** The users with an active enrollment in `role` in class `classId` (404 for an unknown class) the caller may see. */
function enrolled(context: Caller, classId: string, role: string) {
  const roster = context.core.state.roster;
  found(roster.classes, classId, 'class');
  const ids = [...roster.enrollments.values()]
    .filter((row) => row.classId === classId && row.role === role && row.status === 'active')
    .map((enrollment) => enrollment.userId);
  return users(context, new Set(ids));
}

/** The OneRoster 1.2 listings of openapi/oneroster.yaml and the gradebook line-item writes. */
export const handlers: OperationRoutes = {
  listUsers: listing('users', (context) => users(context)),
  getUserOneRoster: (context, { sourcedId }) => {
    const user = visibleUser(context, sourcedId);
    const { roster } = context.core.state;
    return context.one(oneRosterUser(roster, user, context.core.options.baseUrl, today(context)));
  },
  listAcademicSessions: whole('academicSessions'),
  listClasses: whole('classes'),
  listClassStudents: listing('users', (context, { classSourcedId }) =>
    enrolled(context, classSourcedId!, 'student'),
  ),
  listClassTeachers: listing('users', (context, { classSourcedId }) =>
    enrolled(context, classSourcedId!, 'teacher'),
  ),
  listCourses: whole('courses'),
  listCourseClasses: listing('classes', (context, { courseSourcedId }) => {
    const roster = context.core.state.roster;
    found(roster.courses, courseSourcedId!, 'course');
    return [...roster.classes.values()].filter((klass) => refId(klass.course) === courseSourcedId);
  }),
  listDemographics: whole('demographics'),
  listEnrollmentsOneRoster: listing('enrollments', ({ core }) =>
    [...core.state.roster.enrollments.values()].map((row) => oneRosterEnrollment(row, core.options.baseUrl)),
  ),
  listSchoolClassStudents: listing('users', (context, { schoolSourcedId, classSourcedId }) => {
    const klass = context.core.state.roster.classes.get(classSourcedId!);
    if (!klass || refId(klass.school) !== schoolSourcedId) {
      throw notFound(`class ${classSourcedId} of school ${schoolSourcedId} not found`);
    }
    return enrolled(context, classSourcedId!, 'student');
  }),

  listAssessmentLineItems: whole('lineItems'),
  listAssessmentResults: whole('assessmentResults'),
  listResults: whole('results'),
  listStudentResultsForClass: listing('results', (context, { classSourcedId, studentSourcedId }) => {
    const roster = context.core.state.roster;
    found(roster.classes, classSourcedId!, 'class');
    found(roster.users, studentSourcedId!, 'student');
    return [...roster.results.values()].filter(
      (result) => refId(result.class) === classSourcedId && refId(result.student) === studentSourcedId,
    );
  }),
  listResources: whole('resources'),

  getAssessmentLineItem: (context, { sourcedId }) => {
    const roster = context.core.state.roster;
    const item = roster.lineItems.get(sourcedId);
    if (!item || !canSeeRecord(roster, context.client, 'lineItems', item)) {
      throw notFound(`assessmentLineItem ${sourcedId} not found`);
    }
    return context.one(item);
  },

  createAssessmentLineItem: async (context) => {
    const input = (await context.body()).assessmentLineItem;
    const roster = context.core.state.roster;
    const supplied = input.sourcedId;
    const sourcedId = supplied ?? randomId();
    const stored = storedLineItem(context, sourcedId, input);
    if (supplied && roster.lineItems.has(supplied)) {
      throw unprocessable(`assessmentLineItem ${supplied} already exists; use PUT to replace it`);
    }
    roster.lineItems.set(sourcedId, stored);
    return context.json(201, {
      sourcedIdPairs: { suppliedSourcedId: supplied ?? sourcedId, allocatedSourcedId: sourcedId },
    });
  },

  putAssessmentLineItem: async (context, { sourcedId }) => {
    const input = (await context.body()).assessmentLineItem;
    const stored = storedLineItem(context, sourcedId, input);
    // A rule between the path and the body, which a schema of the body alone cannot state.
    if (input.sourcedId !== undefined && input.sourcedId !== sourcedId) {
      throw badRequest(
        `assessmentLineItem.sourcedId ${input.sourcedId} differs from the path's ${sourcedId}`,
      );
    }
    const roster = context.core.state.roster;
    const existed = roster.lineItems.has(sourcedId);
    roster.lineItems.set(sourcedId, stored);
    return context.json(existed ? 200 : 201, { assessmentLineItem: stored });
  },
};
