import {
  createWebhookHandler,
  type WebhookEvent,
  type WebhookHandlerContext,
  type WebhookHandlerOptions,
  type WebhookRequestHandler,
} from '@learnkit/webhooks';
import type { Hydrator } from './hydrate';
import type { LearnKitWebhookHandlerOptions } from './types';

type HydratedFunction = (event: WebhookEvent, entity: unknown, context: unknown) => unknown;

/**
 * @internal `lk.webhooks.handler`: `createWebhookHandler` as it is, or, with `hydrate: true`, with each function
 * wrapped so it reads the event's entity first. The wrapper runs where the function would (after verification and
 * the dedupe claim), so a duplicate reads nothing and a failed read is a failed function: 500, the claim released,
 * the platform retries. `@learnkit/webhooks` knows nothing of the platform clients
 * (docs/decisions.md#d-hydrating-handler).
 */
export function createLearnKitWebhookHandler(
  options: LearnKitWebhookHandlerOptions,
  hydrator: () => Hydrator,
): WebhookRequestHandler {
  if (!options?.hydrate) {
    const { hydrate: _, ...plain } = (options ?? {}) as WebhookHandlerOptions & { hydrate?: unknown };
    return createWebhookHandler(plain as WebhookHandlerOptions);
  }
  // Made now, so an instance that cannot read (a developer token) fails at start-up, not on every delivery.
  const { hydrateShared } = hydrator();
  const { hydrate: _, on, onUnhandled, ...rest } = options;
  const wrap = (fn: unknown) =>
    typeof fn !== 'function'
      ? fn // left for createWebhookHandler to refuse, naming the key
      : async (event: WebhookEvent, context: WebhookHandlerContext) => {
          const hydrated = await hydrateShared(event);
          return (fn as HydratedFunction)(event, hydrated.entity, { ...context, hydrated });
        };
  const wrapped =
    typeof on === 'object' && on !== null
      ? Object.fromEntries(Object.entries(on).map(([type, fn]) => [type, wrap(fn)]))
      : on;
  return createWebhookHandler({
    ...rest,
    on: wrapped as WebhookHandlerOptions['on'],
    ...(onUnhandled !== undefined && {
      onUnhandled: wrap(onUnhandled) as WebhookHandlerOptions['onUnhandled'],
    }),
  });
}
