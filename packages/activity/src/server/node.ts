import { toNodeListener as adaptToNode, type NodeListener, type NodeRequestLike } from '@learnkit/core';
import { MAX_BATCH_BYTES } from '../protocol';
import { type ActivityRequestHandler, TOO_LARGE } from './handler';
import type { ActivityUser } from './users';

// The conversion itself is core's (shared with @learnkit/webhooks); these names stay this entry's API.
export type { NodeListener, NodeRequestLike, NodeResponseLike } from '@learnkit/core';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions<R extends NodeRequestLike = NodeRequestLike> {
  /**
   * The user of a Node request (e.g. `(req) => req.user` after your session middleware); replaces the server's
   * `getUser` for requests through this listener. `null`/`undefined` answers 401.
   */
  getUser?:
    | ((req: R) => ActivityUser | null | undefined | Promise<ActivityUser | null | undefined>)
    | undefined;
}

/**
 * Adapts `createActivityServer().handler` to Node: `http.createServer(listener)` or `app.post(path, listener)`
 * in Express. Works with or without a body parser before it (a raw Buffer, a string, or `express.json()`'s
 * object are all taken); the body limit is the protocol's 16 KiB (413 above).
 *
 * @example
 * app.post('/api/activity', toNodeListener(activity.handler, { getUser: (req) => req.user ?? null }));
 */
export function toNodeListener<R extends NodeRequestLike = NodeRequestLike>(
  handler: ActivityRequestHandler,
  options: NodeListenerOptions<R> = {},
): NodeListener<R> {
  return adaptToNode<R>(
    async (request, req) =>
      handler(request, options.getUser ? { user: await options.getUser(req) } : undefined),
    { maxBodyBytes: MAX_BATCH_BYTES, tooLargeBody: TOO_LARGE },
  );
}
