import { OPERATIONS, type OperationId } from '../generated/operations.js';
import { errorResponse } from '../internal/responses.js';
import { Router } from '../internal/router.js';
import { applicationRoutes, claimRoute } from './applications.js';
import { authRoutes } from './auth.js';
import { caliperRoutes } from './caliper.js';
import { caseRoutes } from './case.js';
import type { RequestContext } from './context.js';
import { insightRoutes } from './insights.js';
import { NOT_MODELLED } from './not-modelled.js';
import { oneRosterRoutes } from './oneroster.js';
import { dispatcher, maxBodyOf, type OperationRoutes, patternOf } from './operation.js';
import { rosteringRoutes } from './rostering.js';
import { webhookRoutes } from './webhooks.js';

/** Every handler of the mock, by operationId: one entry per operation the mock models. */
export const HANDLERS: OperationRoutes = {
  ...authRoutes,
  ...caseRoutes,
  ...oneRosterRoutes,
  ...webhookRoutes,
  ...caliperRoutes,
  ...rosteringRoutes,
  ...applicationRoutes,
  ...insightRoutes,
};

/** Routes of the mock that no document states, each with why it exists (docs/decisions.md#d-i15-operation-table). */
export const EXTRA_ROUTES = [claimRoute] as const;

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
      router.on(method, pattern, dispatcher(operationId, registered as never));
      const maxBytes = maxBodyOf(registered as never);
      if (maxBytes !== undefined) router.limitBody(method, pattern, maxBytes);
      continue;
    }
    const reason = notModelled[operationId] ?? 'no handler is registered for it';
    router.on(method, pattern, (_context, _params) =>
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
