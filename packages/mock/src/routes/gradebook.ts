import { badRequest, notFound } from '../internal/http-error.js';
import { json } from '../internal/responses.js';
import type { OperationRoutes } from '../operations/dispatch.js';
import {
  type Context,
  creating,
  deleting,
  type Keep,
  listing,
  type Params,
  type Parent,
  plainStore,
  reading,
  type Store,
  upserting,
} from '../roster/routes.js';
import { checkRecord, idOf, type Row, recordOf, visibleRow } from '../roster/store.js';
import { type TableName, tableOf } from '../roster/tables.js';
import { refId } from '../roster/views.js';

// OneRoster gradebook (`/ims/oneroster/gradebook/v1p2`, 42 operations of openapi/oneroster.yaml) over the generic
// store: line items, categories, score scales, results, assessment line items and results, and what a class or a
// school holds of them, as views (docs/decisions.md#d-mock-oneroster-store).

/** The class the path names, which the caller must see (404 otherwise). */
const inClass =
  (param = 'classSourcedId'): Parent =>
  (params, caller) =>
    void visibleRow(caller, 'classes', params[param] as string);

/** Records whose reference `member` names the path parameter `param`. */
const byRef =
  (member: string, param: string): Keep =>
  (params) =>
  (row) =>
    refId(row[member]) === params[param];

/** The line items of a class, by id (a result belongs to the class of its line item, or names the class itself). */
const lineItemIdsOf = (context: { core: Context['core'] }, classId: string) =>
  new Set(
    [...context.core.state.roster.lineItems.values()]
      .filter((item) => refId(item.class) === classId)
      .map((item) => item.sourcedId),
  );

/** Results of the class the path parameter `param` names. */
const resultsOfClass =
  (param: string): Keep =>
  (params, caller) => {
    const classId = params[param] as string;
    const items = lineItemIdsOf(caller, classId);
    return (row) => refId(row.class) === classId || items.has(refId(row.lineItem) as string);
  };

/**
 * A write of several objects of `table` at once (`{ <wrap>: [...] }`): every one is checked first, nothing is
 * stored unless all are (`rule` adds the route's own check of each), and the response is the `sourcedId` pair of the
 * first (the vendor states one pair: docs/decisions.md#d-oneroster-batch-writes), so an empty list is a 400.
 */
const batch =
  (
    table: TableName,
    wrap: string,
    rule: (input: Record<string, unknown>, params: Params) => void,
    parent?: Parent,
  ) =>
  async (context: Context, params: Params): Promise<Response> => {
    parent?.(params, context);
    const inputs = ((await context.body()) as Record<string, Record<string, unknown>[]>)[wrap]!;
    // The response is the first object's pair: an empty list has none to give (docs/decisions.md#d-mock-hostile-input).
    if (inputs.length === 0) throw badRequest(`${wrap} is empty; send at least one object to create`);
    const rows: Row[] = [];
    for (const input of inputs) {
      rule(input, params);
      const id = idOf(input);
      if (tableOf(context.core.state.roster, table).has(id) || rows.some((row) => row.sourcedId === id)) {
        throw badRequest(`${wrap} holds ${id} twice, or ${id} already exists; use PUT to replace it`);
      }
      const row = recordOf(context, table, input, id);
      checkRecord(context, table, row);
      rows.push(row);
    }
    for (const row of rows) tableOf(context.core.state.roster, table).set(row.sourcedId, row);
    const first = inputs[0]!;
    const supplied = typeof first.sourcedId === 'string' ? first.sourcedId : rows[0]!.sourcedId;
    return json(201, {
      sourcedIdPairs: { suppliedSourcedId: supplied, allocatedSourcedId: rows[0]!.sourcedId },
    });
  };

/** A body member that must name the object the path names (`lineItem.class` on a class's line items). */
const sameAs = (input: Record<string, unknown>, member: string, id: string, what: string) => {
  if (refId(input[member]) !== id) {
    throw badRequest(`${what}.${member} ${String(refId(input[member]))} differs from the path's ${id}`);
  }
};

/** A line item of the class the path names (its `class` must be that class). */
const classLineItemStore: Store = (context, input, id, existing, params) => {
  sameAs(input, 'class', params.classSourcedId as string, 'lineItem');
  return plainStore('lineItems')(context, input, id, existing, params);
};

/** Every gradebook operation of openapi/oneroster.yaml. */
export const handlers: OperationRoutes = {
  getAllAssessmentLineItems: listing('assessmentLineItems'),
  createAssessmentLineItem: creating('assessmentLineItems', 'assessmentLineItem', 201, 'pairs'),
  getAssessmentLineItem: reading('assessmentLineItems'),
  updateAssessmentLineItem: upserting('assessmentLineItems', 'assessmentLineItem', 201, {
    member: 'assessmentLineItem',
  }),
  deleteAssessmentLineItem: deleting('assessmentLineItems', 204),

  getAllAssessmentResults: listing('assessmentResults'),
  createAssessmentResult: creating('assessmentResults', 'assessmentResult', 201, 'pairs'),
  getAssessmentResult: reading('assessmentResults'),
  updateAssessmentResult: upserting('assessmentResults', 'assessmentResult', 201, {
    member: 'assessmentResult',
  }),
  deleteAssessmentResult: deleting('assessmentResults', 204),

  getAllCategories: listing('categories'),
  createCategory: creating('categories', 'category', 201, 'pairs'),
  getCategory: reading('categories'),
  updateCategory: upserting('categories', 'category', 201, { member: 'category' }),
  deleteCategory: deleting('categories', 204),

  getAllLineItems: listing('lineItems'),
  createLineItem: creating('lineItems', 'lineItem', 201, 'pairs'),
  getLineItem: reading('lineItems'),
  updateLineItem: upserting('lineItems', 'lineItem', 201, 'none'),
  deleteLineItem: deleting('lineItems', 204),
  createResultForLineItem: batch(
    'results',
    'results',
    (input, params) => sameAs(input, 'lineItem', params.sourcedId as string, 'result'),
    (params, caller) => void visibleRow(caller, 'lineItems', params.sourcedId as string),
  ),

  getAllResults: listing('results'),
  createResult: creating('results', 'result', 201, 'pairs'),
  getResult: reading('results'),
  updateResult: upserting('results', 'result', 201, { member: 'result' }),
  deleteResult: deleting('results', 204),

  getAllScoreScales: listing('scoreScales'),
  createScoreScale: creating('scoreScales', 'scoreScale', 201, 'pairs'),
  getScoreScale: reading('scoreScales'),
  updateScoreScale: upserting('scoreScales', 'scoreScale', 201, { member: 'scoreScale' }),
  deleteScoreScale: deleting('scoreScales', 204),

  postResultsForAcademicSessionForClass: (context, params) => {
    const classId = params.classSourcedId as string;
    const run = batch(
      'results',
      'results',
      (input) => {
        // A result of the class: of one of its line items (and so of its class).
        const item = context.core.state.roster.lineItems.get(refId(input.lineItem) ?? '');
        if (item && refId(item.class) !== classId) {
          throw badRequest(
            `result.lineItem ${item.sourcedId} is a line item of another class than ${classId}`,
          );
        }
        input.class ??= { sourcedId: classId };
      },
      (p, caller) => {
        inClass()(p, caller);
        visibleRow(caller, 'academicSessions', p.academicSessionSourcedId as string);
      },
    );
    return run(context as unknown as Context, params as Params);
  },
  getLineItemsForClass: listing('lineItems', byRef('class', 'classSourcedId'), inClass()),
  postLineItemsForClass: creating('lineItems', 'lineItem', 201, 'pairs', classLineItemStore, inClass()),
  getResultsForLineItemForClass: listing(
    'results',
    byRef('lineItem', 'lineItemSourcedId'),
    (params, caller) => {
      inClass()(params, caller);
      const item = visibleRow(caller, 'lineItems', params.lineItemSourcedId as string);
      if (refId(item.class) !== params.classSourcedId) {
        throw notFound(`line item ${params.lineItemSourcedId} of class ${params.classSourcedId} not found`);
      }
    },
  ),
  getResultsForStudentForClass: listing(
    'results',
    (params, caller) => {
      const ofClass = resultsOfClass('classSourcedId')(params, caller);
      return (row) => ofClass(row) && refId(row.student) === params.studentSourcedId;
    },
    (params, caller) => {
      inClass()(params, caller);
      visibleRow(caller, 'users', params.studentSourcedId as string);
    },
  ),
  getCategoriesForClass: listing(
    'categories',
    (params, { core }) => {
      const used = new Set(
        [...core.state.roster.lineItems.values()]
          .filter((item) => refId(item.class) === params.sourcedId)
          .map((item) => refId(item.category)),
      );
      return (row) => used.has(row.sourcedId);
    },
    inClass('sourcedId'),
  ),
  getResultsForClass: listing('results', resultsOfClass('sourcedId'), inClass('sourcedId')),
  getScoreScalesForClass: listing('scoreScales', byRef('class', 'sourcedId'), inClass('sourcedId')),
  getLineItemsForSchool: listing('lineItems', byRef('school', 'sourcedId'), (params, caller) => {
    visibleRow(caller, 'orgs', params.sourcedId as string);
  }),
  createLineItemsForSchool: batch(
    'lineItems',
    'lineItems',
    (input, params) => sameAs(input, 'school', params.sourcedId as string, 'lineItem'),
    (params, caller) => void visibleRow(caller, 'orgs', params.sourcedId as string),
  ),
  getScoreScalesForSchool: listing(
    'scoreScales',
    (params, { core }) => {
      const classes = new Set(
        [...core.state.roster.classes.values()]
          .filter((klass) => refId(klass.school) === params.sourcedId)
          .map((klass) => klass.sourcedId),
      );
      return (row) => classes.has(refId(row.class) as string);
    },
    (params, caller) => void visibleRow(caller, 'orgs', params.sourcedId as string),
  ),
};
