import { WebhookVerificationError } from '@learnkit/core';
import type { NodeListenerOptions } from '@learnkit/core/internal';

// What a webhook delivery needs of core's `toNodeListener` (docs/decisions.md#d-one-node-listener): it travels
// with the handler (`createWebhookHandler(...).nodeListenerOptions`).

/** A parsed object in `req.body`: the signed bytes are gone, so the delivery cannot be verified. */
function refuseParsedBody(): never {
  throw new WebhookVerificationError(
    'body_not_raw',
    'A body parser (express.json()?) parsed the delivery before the webhook listener, so its signed bytes are ' +
      'gone. Mount the listener before express.json(), or give its route express.raw({ type: "application/json" }).',
  );
}

/** The 500 respond with without `next`: `body_not_raw` says what to fix; anything else is only `internal_error`. */
const errorBody = (error: unknown) =>
  error instanceof WebhookVerificationError && error.reason === 'body_not_raw'
    ? { error: error.reason, message: error.message }
    : { error: 'internal_error' };

/**
 * The listener options of a webhook handler: it reads the raw body itself; when a body parser ran first it uses
 * `req.body` if that is the raw Buffer or string (`express.raw({ type: 'application/json' })`), and refuses a
 * parsed object (`express.json()` ran first: the signed bytes are gone) with 500 and a message saying so.
 */
export const WEBHOOK_NODE_OPTIONS: NodeListenerOptions = { parsedBody: refuseParsedBody, errorBody };
