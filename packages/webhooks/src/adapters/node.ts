import { toNodeListener as adaptToNode, type NodeListener, WebhookVerificationError } from '@learnkit/core';
import type { WebhookRequestHandler } from '../handler';

// The conversion itself is core's (shared with @learnkit/activity); these names stay this package's API.
export type { NodeListener, NodeRequestLike, NodeResponseLike } from '@learnkit/core';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Largest body read, in bytes (a delivery is a small envelope). Default 1 MiB; larger answers 413. */
  maxBodyBytes?: number | undefined;
}

/** A parsed object in `req.body`: the signed bytes are gone, so the delivery cannot be verified. */
function refuseParsedBody(): never {
  throw new WebhookVerificationError(
    'body_not_raw',
    'A body parser (express.json()?) parsed the delivery before the webhook listener, so its signed bytes are ' +
      'gone. Mount the listener before express.json(), or give its route express.raw({ type: "application/json" }).',
  );
}

/** The 500 answer without `next`: `body_not_raw` says what to fix; anything else is only `internal_error`. */
const errorBody = (error: unknown) =>
  error instanceof WebhookVerificationError && error.reason === 'body_not_raw'
    ? { error: error.reason, message: error.message }
    : { error: 'internal_error' };

/**
 * Adapts a web handler (from `createWebhookHandler`) to Node: `http.createServer(listener)`, or
 * `app.post(path, listener)` in Express. It reads the raw body itself; when a body parser ran first it uses
 * `req.body` if that is the raw Buffer or string (`express.raw({ type: 'application/json' })`), and refuses a
 * parsed object (`express.json()` ran first: the signed bytes are gone) with 500 and a message saying so.
 *
 * @example
 * app.post('/webhooks', toNodeListener(createWebhookHandler({ secret, on })));
 */
export function toNodeListener(
  handler: WebhookRequestHandler,
  options: NodeListenerOptions = {},
): NodeListener {
  return adaptToNode((request) => handler(request), {
    maxBodyBytes: options.maxBodyBytes,
    parsedBody: refuseParsedBody,
    errorBody,
  });
}
