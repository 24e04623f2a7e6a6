import { HANDLER_FILES } from '../generated/handlers.js';
import { OPERATIONS, type OperationId } from '../generated/operations.js';
import { errorResponse } from '../internal/responses.js';
import { Router } from '../internal/router.js';
import { claimRoute } from './claim.js';
import { dispatcher, type OperationRoutes, type RequestContext } from './dispatch.js';
import { NOT_MODELLED } from './not-modelled.js';

/** Every handler of the mock by operationId, from the files of `src/routes/` (one operation in one file only). */
export const HANDLERS: OperationRoutes = {};
for (const [file, handlers] of Object.entries(HANDLER_FILES)) {
  for (const [operationId, handler] of Object.entries(handlers)) {
    if (Object.hasOwn(HANDLERS, operationId))
      throw new Error(`routes/${file}.ts: ${operationId} has a handler in another routes file too`);
    Object.assign(HANDLERS, { [operationId]: handler });
  }
}

/** Routes of the mock that no document states, each with why it exists (docs/decisions.md#d-i15-operation-table). */
export const EXTRA_ROUTES = [claimRoute] as const;

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
