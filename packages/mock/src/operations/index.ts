import { HANDLER_FILES } from '../generated/handlers.js';
import { OPERATIONS, type OperationId } from '../generated/operations.js';
import { notFound } from '../internal/http-error.js';
import { errorResponse, json } from '../internal/responses.js';
import { Router } from '../internal/router.js';
import { dispatcher, type OperationRoutes, type RequestContext } from './dispatch.js';

/** Every handler of the mock by operationId, from the files of `src/routes/` (one operation in one file only). */
export const HANDLERS: OperationRoutes = {};
for (const [file, handlers] of Object.entries(HANDLER_FILES)) {
  for (const [operationId, handler] of Object.entries(handlers)) {
    if (Object.hasOwn(HANDLERS, operationId))
      throw new Error(`routes/${file}.ts: ${operationId} has a handler in another routes file too`);
    Object.assign(HANDLERS, { [operationId]: handler });
  }
}

/** Operations the mock does not model, with why: each responses 501 saying it (docs/decisions.md#d-mock-unmodelled-501). */
export const NOT_MODELLED: { readonly [Id in OperationId]?: string } = {};

/** Routes of the mock that no document states, each with why it exists (docs/decisions.md#d-mock-routes-by-operation-id). */
export const EXTRA_ROUTES = [
  {
    // Where a claim URL of `rotateApplicationCredentials` leads: returns the secret once, then 404.
    method: 'GET',
    pattern: '/applications/1.0/claims/:token',
    handle: ({ core }: RequestContext, params: Record<string, string>): Response => {
      const claim = core.state.secretClaims.get(params.token!);
      if (!claim || claim.claimed) throw notFound('claim not found or already used');
      claim.claimed = true;
      const client = core.state.clients.get(claim.clientId);
      if (client) client.clientSecret = claim.clientSecret;
      const application = core.state.applications.get(claim.applicationId);
      if (application) application.sandboxStatus = 'active';
      return json(200, { clientId: claim.clientId, clientSecret: claim.clientSecret });
    },
  },
] as const;

/** The router pattern of an operation's path template: `{name}` as `:name`, no trailing slash. */
export function patternOf(operationId: OperationId): { method: string; pattern: string } {
  const { method, path } = OPERATIONS[operationId];
  return { method, pattern: path.replace(/\{([^}]+)\}/g, ':$1').replace(/(.)\/$/, '$1') };
}

/**
 * Every operation of the documents on one router, by the method and path template the documents give: a
 * handler, or a 501 naming why the mock does not model it (the fuzz suite walks `routes()` of it). The
 * arguments exist for tests; the platform always uses the defaults.
 */
export function buildRouter(
  handlers: OperationRoutes = HANDLERS,
  notModelled: { readonly [Id in OperationId]?: string } = NOT_MODELLED,
): Router<RequestContext> {
  const router = new Router<RequestContext>();
  for (const operationId of Object.keys(OPERATIONS) as OperationId[]) {
    const { method, pattern } = patternOf(operationId);
    const registered = handlers[operationId];
    if (registered) {
      const maxBytes = typeof registered === 'function' ? undefined : registered.maxBodyBytes;
      router.on(method, pattern, dispatcher(operationId, registered as never), maxBytes);
      continue;
    }
    const reason = notModelled[operationId] ?? 'no handler is registered for it';
    router.on(method, pattern, () =>
      errorResponse(
        pattern.startsWith('/ims/') ? 'ims' : 'platform',
        501,
        `The mock does not model ${operationId} (${method} ${pattern}): ${reason}`,
      ),
    );
  }
  for (const extra of EXTRA_ROUTES) router.on(extra.method, extra.pattern, extra.handle);
  return router;
}
