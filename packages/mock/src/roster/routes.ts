import { unprocessable } from '../internal/http-error.js';
import { json } from '../internal/responses.js';
import type { OperationHandler, OperationId } from '../operations/dispatch.js';
import {
  type Caller,
  checkRecord,
  idOf,
  type Row,
  recordOf,
  softDelete,
  type View,
  viewer,
  visibleRow,
  visibleRows,
} from './store.js';
import { TABLES, type TableName, tableOf } from './tables.js';

// The handlers of openapi/oneroster.yaml are built from these few kinds, over the generic store
// (docs/decisions.md#d-mock-oneroster-store): a listing (a whole table or a view of it), a read, a create, an upsert and
// a soft delete. Each responses with the status and the shape its operation states; the dispatcher has checked the
// path, the caller, the query, and (when read) the body against the document before.

/** The context of an operation as these kinds use it. */
export type Context = Caller & {
  query: object;
  body(): Promise<unknown>;
  page(rows: readonly Row[], view: View): Response;
  one(record: object): Response;
};

/** The path parameters of a request, by their names in the document. */
export type Params = Record<string, string | undefined>;

/** A handler of operation `Id`, built over the loose context. */
const handler = <Id extends OperationId>(
  run: (context: Context, params: Params) => Response | Promise<Response>,
) => run as unknown as OperationHandler<Id>;

/**
 * Which records of a table a route shows, given its path parameters (after `parent` checked them): made once per
 * request, so a view over many records reads what it needs (an enrollment set, an index) once.
 */
export type Keep = (params: Params, caller: Caller) => (row: Row) => boolean;

/** A check of a route's path parameters that throws (404) for a parent object the caller cannot see. */
export type Parent = (params: Params, caller: Caller) => void;

/** A listing of `table`: every record the caller may see that `keep` keeps. */
export const listing = <Id extends OperationId>(table: TableName, keep?: Keep, parent?: Parent) =>
  handler<Id>((context, params) => {
    parent?.(params, context);
    const rows = visibleRows(context, table, keep?.(params, context));
    return context.page(rows, viewer(context, table));
  });

/** A read of one record of `table` by its `sourcedId` (404 when the caller cannot see it, or `keep` refuses it). */
export const reading = <Id extends OperationId>(table: TableName, keep?: Keep) =>
  handler<Id>((context, params) => {
    const row = visibleRow(context, table, params.sourcedId as string, keep?.(params, context));
    return context.one(viewer(context, table)(row));
  });

/**
 * How a write responds, as its operation states: `pairs` (the supplied and allocated `sourcedId`), `object` (the
 * object itself), a member name (the object in it), `unstated` (an object the document leaves open: the mock gives
 * the object in the body's member, docs/decisions.md#d-oneroster-unstated-responses), or `none` (no content).
 */
export type CannedResponse = 'pairs' | 'object' | 'unstated' | 'none' | { member: string };

/** The response of a write of `row` (read back through the table's view). */
export function rawResponse(
  context: Context,
  table: TableName,
  row: Row,
  status: number,
  how: CannedResponse,
  supplied: string | undefined,
  wrap: string,
): Response {
  if (how === 'none') return new Response(null, { status });
  if (how === 'pairs') {
    const pairs = { suppliedSourcedId: supplied ?? row.sourcedId, allocatedSourcedId: row.sourcedId };
    return json(status, { sourcedIdPairs: pairs });
  }
  const view = viewer(context, table)(row);
  if (how === 'object') return json(status, view);
  return json(status, { [how === 'unstated' ? wrap : how.member]: view });
}

/** What a write of a generic table stores: `recordOf` and its checks, with any rule of the route on top. */
export type Store = (
  context: Context,
  input: Record<string, unknown>,
  id: string,
  existing: Row | undefined,
  params: Params,
) => Row;

/** The plain store of a table: the record the body makes, references and scope checked. */
export const plainStore =
  (table: TableName): Store =>
  (context, input, id, existing) => {
    const row = recordOf(context, table, input, id, existing);
    checkRecord(context, table, row);
    tableOf(context.core.state.roster, table).set(id, row);
    return row;
  };

/**
 * A create (POST on a collection): the body's `wrap` member, its `sourcedId` or a new one (an id that exists is a
 * 422: PUT replaces), stored by `store`, responded with `status` as `how` says.
 */
export const creating = <Id extends OperationId>(
  table: TableName,
  wrap: string,
  status: number,
  how: CannedResponse,
  store: Store = plainStore(table),
  parent?: Parent,
) =>
  handler<Id>(async (context, params) => {
    parent?.(params, context);
    const input = ((await context.body()) as Record<string, Record<string, unknown>>)[wrap]!;
    const supplied = typeof input.sourcedId === 'string' ? input.sourcedId : undefined;
    const id = idOf(input);
    if (supplied !== undefined && tableOf(context.core.state.roster, table).has(supplied)) {
      throw unprocessable(`${TABLES[table].noun} ${supplied} already exists; use PUT to replace it`);
    }
    const row = store(context, input, id, undefined, params);
    return rawResponse(context, table, row, status, how, supplied, wrap);
  });

/**
 * An upsert (PUT on one object): the body's `wrap` member (its `sourcedId`, if given, must be the path's) replaces
 * the record, or makes it when none exists; with `partial`, members the body leaves out keep their value and a
 * missing record is a 404 (the body cannot make a whole one).
 */
export const upserting = <Id extends OperationId>(
  table: TableName,
  wrap: string,
  status: number,
  how: CannedResponse,
  options: { store?: Store; partial?: boolean; keep?: Keep } = {},
) =>
  handler<Id>(async (context, params) => {
    const id = params.sourcedId as string;
    const input = ((await context.body()) as Record<string, Record<string, unknown>>)[wrap]!;
    idOf(input, id, wrap);
    // An object the caller cannot see is a 404, as one that does not exist is to a partial update.
    const keep = options.keep?.(params, context);
    const exists = tableOf(context.core.state.roster, table).has(id);
    const existing = exists || options.partial ? visibleRow(context, table, id, keep) : undefined;
    const store = options.store ?? plainStore(table);
    const row = store(context, input, id, options.partial ? existing : undefined, params);
    return rawResponse(context, table, row, status, how, undefined, wrap);
  });

/** A soft delete (DELETE on one object), responded with `status` with no content or, for 200, the document's open object. */
export const deleting = <Id extends OperationId>(table: TableName, status: 200 | 204, keep?: Keep) =>
  handler<Id>((context, params) => {
    softDelete(context, table, params.sourcedId as string, keep?.(params, context));
    return status === 204 ? new Response(null, { status }) : json(status, {});
  });

export { visibleRow, visibleRows };
