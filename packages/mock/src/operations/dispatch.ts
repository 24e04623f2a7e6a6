import type { ListQueryParams } from '@learnkit/core/internal';
import type { Core } from '../core.js';
import { OPERATIONS, type OperationId, type OperationTypes } from '../generated/operations.js';
import { readJson } from '../internal/body.js';
import { badRequest, notFound } from '../internal/http-error.js';
import { listQuery, project, selectedFields } from '../internal/list-query.js';
import { json } from '../internal/responses.js';
import type { MockClient } from '../state.js';
import { authenticate, type Principal, requireClient } from '../tokens.js';
import { problemsOf, refusal } from '../validation/messages.js';
import { checkRequest, readQuery } from '../validation/registry.js';

export type { OperationId } from '../generated/operations.js';

/** What the router hands a route for one request. */
export type RequestContext = { core: Core; request: Request; query: URLSearchParams };

type Parameters<Id extends OperationId> = OperationTypes[Id] extends { parameters: infer P } ? P : never;

/** The path parameters of an operation, by the names its document gives them, as the decoded path text. */
export type PathParams<Id extends OperationId> =
  Parameters<Id> extends { path: infer P } ? { [K in keyof P]: string } : Record<string, never>;

/** The query parameters of an operation, read as its document types them (numbers, lists), with their defaults. */
export type QueryParams<Id extends OperationId> =
  Parameters<Id> extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;

/** The JSON request body of an operation, as its document types it (`undefined` for operations without one). */
export type RequestBody<Id extends OperationId> = [NonNullable<OperationTypes[Id]['requestBody']>] extends [
  never,
]
  ? undefined
  : NonNullable<OperationTypes[Id]['requestBody']> extends { content: { 'application/json': infer B } }
    ? B
    : undefined;

type Responses<Id extends OperationId> = OperationTypes[Id]['responses'];

/** The JSON body of a 2xx response of an operation, by status, as its document types it. */
export type ResponseBody<Id extends OperationId, S extends keyof Responses<Id>> = Responses<Id>[S] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

/** The 2xx statuses of an operation. */
export type ResponseStatus<Id extends OperationId> = Extract<keyof Responses<Id>, 200 | 201 | 202>;

type Response200<Id extends OperationId> = ResponseBody<Id, Extract<ResponseStatus<Id>, 200>>;

/** What a listing returns a page of: the objects of the array member of its response. */
export type Listed<Id extends OperationId> = {
  [K in keyof Response200<Id>]: Response200<Id>[K] extends readonly (infer T)[] ? T : never;
}[keyof Response200<Id>];

/** What a single read responds: the object its response wraps. */
export type Wrapped<Id extends OperationId> = {
  [K in keyof Response200<Id>]: Response200<Id>[K] extends readonly unknown[] ? never : Response200<Id>[K];
}[keyof Response200<Id>];

/** What the handler of operation `Id` gets for one request, checked against the documents. */
export type OperationContext<Id extends OperationId> = {
  core: Core;
  request: Request;
  /** The caller, authenticated as the operation's `security` says (bearer operations only). */
  principal: Principal;
  /** The calling client, with the operation's scope (else 403); checked up front but on developer-tool operations. */
  client: MockClient;
  /** The query parameters, checked and typed, with the documents' defaults (`limit` 100, `offset` 0). */
  query: QueryParams<Id>;
  /** The JSON body checked against the operation's schema (400 naming each failing member), when the handler asks. */
  body(): Promise<RequestBody<Id>>;
  /** Responds with `body`, which the operation's document types for `status` (and extra `headers`). */
  json<S extends ResponseStatus<Id>>(
    status: S,
    body: ResponseBody<Id, S>,
    headers?: Record<string, string>,
  ): Response;
  /**
   * returns a listing: `rows` through the list parameters, the search and fields the document names. Rows kept in
   * another shape than the response's are given with the `view` that makes each response object.
   */
  page(rows: readonly Listed<Id>[]): Response;
  page<R extends object>(rows: readonly R[], view: (row: R) => Listed<Id>): Response;
  /** returns a single read: `record` in the member the document names, narrowed by `fields`. */
  one(record: Wrapped<Id>): Response;
};

/** The behaviour of one operation: what the schemas cannot state (ownership, state, business rules). */
export type OperationHandler<Id extends OperationId> = (
  context: OperationContext<Id>,
  params: PathParams<Id>,
) => Response | Promise<Response>;

/** A handler with what it changes about how its request is read. */
export type OperationRoute<Id extends OperationId> = {
  handle: OperationHandler<Id>;
  /** A larger body limit than `MAX_BODY_BYTES` for this operation (a whole CASE framework). */
  maxBodyBytes?: number;
  /** `raw`: `body()` reads the JSON unchecked; the handler checks it (Caliper: docs/decisions.md#d-mock-dedicated-body-validators). */
  body?: 'raw';
  /** A business message that replaces the schema problems when it applies (a named unknown event type). */
  explain?: (body: unknown) => string | undefined;
};

/** The handlers of a group of operations, keyed by operationId. */
export type OperationRoutes = { [Id in OperationId]?: OperationHandler<Id> | OperationRoute<Id> };

/** The record of `records` at `id`, or a 404 `<what> <id> not found` (docs/decisions.md#d-mock-found-records). */
export function found<T>(records: ReadonlyMap<string, T>, id: string, what: string): T {
  const record = records.get(id);
  if (record === undefined) throw notFound(`${what} ${id} not found`);
  return record;
}

/**
 * Checks a request against its operation in the documents, in this order, then runs the handler: the path
 * parameters (404 for a path naming nothing, after the bearer check), the caller (401, 403 without the scope),
 * the query parameters (400); the body when the handler reads it (docs/decisions.md#d-mock-dispatcher-checks).
 */
export function dispatcher<Id extends OperationId>(
  operationId: Id,
  registered: OperationHandler<Id> | OperationRoute<Id>,
): (context: RequestContext, params: Record<string, string>) => Promise<Response> {
  const route: OperationRoute<Id> = typeof registered === 'function' ? { handle: registered } : registered;
  const operation: {
    document: string;
    auth: string;
    scope?: string;
    developerTool?: boolean;
    search?: readonly string[];
    rawResponse?: { key: string; fields: readonly string[] };
  } = OPERATIONS[operationId];
  return async ({ core, request, query: rawQuery }, params) => {
    const pathProblems = problemsOf('path', checkRequest(operationId, 'path', params));
    if (pathProblems.length > 0) {
      authenticate(core, request);
      throw notFound(`Nothing is found at this path: ${pathProblems.join('; ')}`);
    }
    const bearer = operation.auth === 'bearer' || operation.auth === 'session';
    const principal = bearer ? authenticate(core, request) : (undefined as never);
    let client: MockClient | undefined;
    const clientOf = () => (client ??= requireClient(principal, operation.scope).client);
    // A developer-tool operation takes a developer's token too: its handler reads `principal` itself.
    if (operation.auth === 'bearer' && !operation.developerTool) clientOf();
    const query = readQuery(operationId, rawQuery);
    const rawResponse = () => {
      if (!operation.rawResponse)
        throw new Error(`${operationId} returns no wrapped member in the documents`);
      return operation.rawResponse;
    };
    const context: OperationContext<Id> = {
      core,
      request,
      principal,
      get client() {
        return clientOf();
      },
      query: query as QueryParams<Id>,
      async body() {
        const value = await readJson(request);
        if (route.body === 'raw') return value as RequestBody<Id>;
        const problems = problemsOf('body', checkRequest(operationId, 'body', value));
        if (problems.length === 0) return value as RequestBody<Id>;
        throw badRequest(route.explain?.(value) ?? `Invalid request body: ${refusal(problems)}`);
      },
      json: (status, body, headers) => json(status, body, headers),
      page: ((rows: readonly object[], view?: (row: object) => object) => {
        const { fields, key } = rawResponse();
        const list = query as ListQueryParams;
        const { entries, offset, limit, totalCount } = listQuery(rows, list, {
          fields,
          searchFields: operation.search ?? [],
          view,
        });
        const headers = { 'x-total-count': String(totalCount) };
        if (operation.document !== 'oneroster') {
          return json(200, { [key]: entries, offset, limit, totalCount }, headers);
        }
        // The page members the vendor's OneRoster description states (openapi/oneroster.yaml `PageMembers`).
        const pageCount = limit > 0 ? Math.ceil(totalCount / limit) : 0;
        const pageNumber = limit > 0 ? Math.floor(offset / limit) + 1 : 1;
        return json(200, { [key]: entries, totalCount, pageCount, pageNumber, offset, limit }, headers);
      }) as OperationContext<Id>['page'],
      one: (record) => {
        const { fields, key } = rawResponse();
        return json(200, {
          [key]: project(record as object, selectedFields(query as ListQueryParams, fields)),
        });
      },
    };
    return route.handle(context, params as PathParams<Id>);
  };
}
