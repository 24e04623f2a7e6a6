import {
  createWebhookHandler,
  type SubscriptionsClient,
  signWebhook,
  verifyWebhook,
  type WebhookEvent,
  type WebhookRequestHandler,
} from '@learnkit/webhooks';
import { createLearnKitWebhookHandler } from './hydrate/handler';
import { createHydrator, type Hydrator } from './hydrate/hydrate';
import type { HydrationClients } from './hydrate/references';
import type {
  HydratedEvents,
  HydrateOptions,
  HydratingWebhookHandlerOptions,
  HydrationOf,
  LearnKitWebhookHandlerOptions,
} from './hydrate/types';

/**
 * `lk.webhooks`: the subscriptions of your applications over the shared transport, and the helpers a consumer
 * uses (the same functions `@learnkit/sdk` exports as `verifyWebhook`, `signWebhook` and `createWebhookHandler`).
 */
export interface LearnKitWebhooks {
  /** `create`, `list`, `get`, `update`, `delete`, `rotateSecret` of an application's subscriptions. */
  readonly subscriptions: SubscriptionsClient;
  /**
   * Checks a delivery's signature and timestamp, then parses its typed event: `verifyWebhook`.
   *
   * @example
   * const event = await lk.webhooks.verify({ body: rawBody, headers: req.headers, secret });
   */
  readonly verify: typeof verifyWebhook;
  /**
   * Signs a body as the platform does (the two headers), for tests of a consumer: `signWebhook`.
   *
   * @example
   * const headers = await lk.webhooks.sign({ body, secret: 'whsec_test' });
   */
  readonly sign: typeof signWebhook;
  /**
   * A ready `(req: Request) => Promise<Response>` that verifies, dedupes and dispatches deliveries:
   * `createWebhookHandler`.
   *
   * @example
   * export const POST = lk.webhooks.createHandler({ secret, on: { 'user.created': onUser } });
   */
  readonly createHandler: typeof createWebhookHandler;
  /**
   * Reads the current entity each event refers to (payloads carry references only), typed per event type: the
   * enrollment of an `enrollment.*` event, the user of `user.*`, the role, profile, application, mastered grade,
   * Caliper session, insight summary, enforcement state or org config. A delete event gives its tombstone (the ids
   * it carries) without a request; an entity gone since the event (404) is `status: 'not_found'`, not an error.
   * Give several events to read each entity once: two events about one entity in a batch make one request.
   *
   * @example
   * const hydrated = await lk.webhooks.hydrate(event);
   * if (hydrated.type === 'user.updated' && hydrated.status === 'found') console.log(hydrated.entity.email);
   * const outcomes = await lk.webhooks.hydrate(queuedEvents, { concurrency: 4 });
   */
  hydrate<const E extends readonly WebhookEvent[]>(
    events: E,
    options?: HydrateOptions,
  ): Promise<HydratedEvents<E>>;
  /**
   * Reads the current entity one event refers to: `found`, `not_found` (a 404), `deleted` (the tombstone, no
   * request) or `none`.
   *
   * @example
   * const { status, entity } = await lk.webhooks.hydrate(event);
   */
  hydrate<E extends WebhookEvent>(event: E, options?: HydrateOptions): Promise<HydrationOf<E>>;
  /**
   * `createWebhookHandler` bound to this instance: with `hydrate: true` each function gets `(event, entity, {
   * hydrated, request })`, the entity read after verification and dedupe (undefined when deleted, gone or none).
   * Deliveries about one entity that arrive together share one read.
   *
   * @example
   * export const POST = lk.webhooks.handler({
   *   secret: process.env.LEARNKIT_WEBHOOK_SECRET!,
   *   hydrate: true,
   *   on: {
   *     'enrollment.created': async (event, enrollment) => {
   *       if (enrollment) await enroll(enrollment.user.sourcedId, enrollment.class.sourcedId, enrollment.role);
   *     },
   *   },
   * });
   */
  handler(options: HydratingWebhookHandlerOptions): WebhookRequestHandler;
  /**
   * `createWebhookHandler` bound to this instance; with `hydrate: true`, functions get `(event, entity, context)`.
   *
   * @example
   * export const POST = lk.webhooks.handler({ secret, on: { 'test.ping': (event) => console.log(event.data) } });
   */
  handler(options: LearnKitWebhookHandlerOptions): WebhookRequestHandler;
}

/**
 * @internal `lk.webhooks` over the instance's subscriptions client and, for hydration, its platform clients
 * (`clients` throws on an instance that cannot read them, such as one with a developer token).
 */
export function createLearnKitWebhooks(
  subscriptions: () => SubscriptionsClient,
  clients: () => HydrationClients,
): LearnKitWebhooks {
  let client: SubscriptionsClient | undefined;
  let hydrator: Hydrator | undefined;
  const hydration = () => {
    hydrator ??= createHydrator(clients);
    return hydrator;
  };
  return Object.freeze({
    get subscriptions() {
      client ??= subscriptions();
      return client;
    },
    verify: verifyWebhook,
    sign: signWebhook,
    createHandler: createWebhookHandler,
    hydrate: ((events: WebhookEvent | readonly WebhookEvent[], options?: HydrateOptions) =>
      hydration().hydrate(events, options)) as LearnKitWebhooks['hydrate'],
    handler: (options: LearnKitWebhookHandlerOptions) =>
      createLearnKitWebhookHandler(options, () => {
        clients();
        return hydration();
      }),
  });
}
