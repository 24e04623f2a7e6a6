import { OPERATIONS, type OperationId, type OperationTypes } from '../generated/operations.js';
import { readJson } from '../internal/body.js';
import { badRequest, notFound } from '../internal/http-error.js';
import { authenticate } from '../tokens.js';
import { problemsOf } from '../validation/messages.js';
import { requestSchemas as SCHEMAS } from '../validation/registry.js';
import type { RequestContext } from './context.js';

export type { OperationId } from '../generated/operations.js';

/** The path parameters of an operation, by the names its document gives them, as the decoded path text. */
export type PathParams<Id extends OperationId> = OperationTypes[Id] extends { parameters: { path: infer P } }
  ? { [K in keyof P]: string }
  : Record<string, never>;

/** The JSON request body of an operation, as its document types it (`undefined` for operations without one). */
export type RequestBody<Id extends OperationId> = [NonNullable<OperationTypes[Id]['requestBody']>] extends [
  never,
]
  ? undefined
  : NonNullable<OperationTypes[Id]['requestBody']> extends { content: { 'application/json': infer B } }
    ? B
    : undefined;

/** What the handler of operation `Id` gets: the request context, and its body checked against the documents. */
export type OperationContext<Id extends OperationId> = RequestContext & {
  /**
   * Reads the JSON body and checks it against the operation's schema (a 400 naming each failing member). A
   * function, so the handler authenticates first: a caller without access learns nothing from a body's problems.
   */
  body(): Promise<RequestBody<Id>>;
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
  /**
   * `raw`: `context.body()` reads the JSON without checking it, because the handler answers its problems
   * otherwise (the CASE package's 422, Caliper envelopes: docs/decisions.md#d-i15-raw-bodies).
   */
  body?: 'raw';
  /** A business message that replaces the schema problems when it applies (a named unknown event type). */
  explain?: (body: unknown) => string | undefined;
};

/** The handlers of a group of operations, keyed by operationId. */
export type OperationRoutes = { [Id in OperationId]?: OperationHandler<Id> | OperationRoute<Id> };

/** How many problems a refusal names: enough to fix several at once, few enough to read. */
const SHOWN_PROBLEMS = 5;

/** Reads what a request carries, checks it against the documents, then runs the operation's handler. */
export function dispatcher<Id extends OperationId>(
  operationId: Id,
  registered: OperationHandler<Id> | OperationRoute<Id>,
): (context: RequestContext, params: Record<string, string>) => Promise<Response> {
  const route: OperationRoute<Id> = typeof registered === 'function' ? { handle: registered } : registered;
  return async (context, params) => {
    // A path its schema refuses names nothing that could exist: the 404 of any unknown object, saying why, and
    // only to a caller with a valid token, as every operation with path parameters checks the token first
    // (docs/decisions.md#d-i15-validation).
    const pathProblems = problemsOf('path', SCHEMAS.check(operationId, 'path', params));
    if (pathProblems.length > 0) {
      authenticate(context.core, context.request);
      throw notFound(`Nothing is found at this path: ${pathProblems.join('; ')}`);
    }
    const body = async (): Promise<RequestBody<Id>> => {
      const value = await readJson(context.request);
      if (route.body === 'raw') return value as RequestBody<Id>;
      const problems = problemsOf('body', SCHEMAS.check(operationId, 'body', value));
      if (problems.length > 0) {
        throw badRequest(
          route.explain?.(value) ?? `Invalid request body: ${problems.slice(0, 5).join('; ')}`,
        );
      }
      return value as RequestBody<Id>;
    };
    return route.handle({ ...context, body }, params as PathParams<Id>);
  };
}

/** The router pattern of an operation's path template: `{name}` as `:name`, no trailing slash. */
export function patternOf(operationId: OperationId): { method: string; pattern: string } {
  const { method, path } = OPERATIONS[operationId];
  const pattern = path.replace(/\{([^}]+)\}/g, ':$1').replace(/(.)\/$/, '$1');
  return { method, pattern };
}

/** The maximum body size a route asks for, if any. */
export function maxBodyOf(registered: OperationHandler<never> | OperationRoute<never>): number | undefined {
  return typeof registered === 'function' ? undefined : registered.maxBodyBytes;
}
