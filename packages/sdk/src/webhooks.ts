import {
  createWebhookHandler,
  type SubscriptionsClient,
  signWebhook,
  verifyWebhook,
} from '@learnkit/webhooks';

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
}

/** @internal */
export function createLearnKitWebhooks(subscriptions: () => SubscriptionsClient): LearnKitWebhooks {
  let client: SubscriptionsClient | undefined;
  return Object.freeze({
    get subscriptions() {
      client ??= subscriptions();
      return client;
    },
    verify: verifyWebhook,
    sign: signWebhook,
    createHandler: createWebhookHandler,
  });
}
