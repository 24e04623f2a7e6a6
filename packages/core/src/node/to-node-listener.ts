// The Node adapter of every web handler in LearnKit (webhooks, activity): node:http/Express/Fastify in, a web
// `Request` to the handler, its `Response` written back. Web globals only (no `node:*` import): core is bundled
// for browsers too, and a bundle that does not use this module drops it (the package has no side effects).

import { PayloadTooLargeError, readBodyWithLimit } from '../body-limit';

/** The parts of Node's `IncomingMessage` (or Express's `req`) the listener uses. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  /** The HTTP method, any case; absent is taken as `POST`. */
  method?: string | undefined;
  /** The request target (path and query), resolved against the `host` header; absent is taken as `/`. */
  url?: string | undefined;
  /**
   * The request headers (Node's `IncomingHttpHeaders`: lower-case names, repeated headers as arrays); HTTP/2
   * pseudo-headers (`:path`, ...) are skipped.
   */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /**
   * Set by a body parser: a Buffer (`express.raw`) or string (`express.text`) is used as the raw body; a
   * non-empty object (`express.json`) goes through {@link NodeListenerOptions.parsedBody}.
   */
  body?: unknown;
}

/** The parts of Node's `ServerResponse` (or Express's `res`) the listener uses. */
export interface NodeResponseLike {
  /** Set to the status of the response (the handler's, or 413/500 written by the listener) before `end`. */
  statusCode: number;
  /** Called for each header of the response. */
  setHeader(name: string, value: string): unknown;
  /** Called once with the whole response body. */
  end(chunk?: Uint8Array): unknown;
  /** Checked before responding with 500 after a failure (without `next`): when true, the response already started. */
  readonly headersSent?: boolean;
}

/** A `node:http` request listener that is also Express middleware (`next` receives its failures). */
export type NodeListener<R extends NodeRequestLike = NodeRequestLike> = (
  req: R,
  res: NodeResponseLike,
  next?: (error?: unknown) => void,
) => Promise<void>;

/**
 * The web handler adapted by {@link toNodeListener}: the converted request, and the Node request it came from.
 * It may carry the listener options it needs ({@link NodeAdaptable}).
 */
export type NodeRequestHandler<R extends NodeRequestLike = NodeRequestLike> = ((
  request: Request,
  req: R,
) => Response | Promise<Response>) &
  NodeAdaptable;

/**
 * A web handler that says how it is served from Node: the listener options its package chose (a body limit, the
 * responds to it writes), which {@link toNodeListener} takes before the caller's. `createWebhookHandler` and the
 * activity server's `handler` carry them, so one `toNodeListener` serves every LearnKit handler
 * (docs/decisions.md#d-one-node-listener).
 */
export interface NodeAdaptable {
  /** The handler's own listener options; the caller's options win member by member. */
  readonly nodeListenerOptions?: NodeListenerOptions | undefined;
}

/**
 * A web handler whose second argument is not the Node request (the activity server's takes `{ user }`): it
 * carries a `context` in its {@link NodeAdaptable.nodeListenerOptions}, so {@link toNodeListener} knows what to
 * give it.
 */
export type NodeContextHandler = ((request: Request, context: never) => Response | Promise<Response>) & {
  /** The handler's own listener options, with the `context` it takes. */
  readonly nodeListenerOptions: NodeListenerOptions & {
    /** Makes the handler's second argument from the Node request. */
    readonly context: NonNullable<NodeListenerOptions['context']>;
  };
};

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions<R extends NodeRequestLike = NodeRequestLike> {
  /** Largest body read from the request stream, in bytes; a larger one gets 413. Default 1 MiB. */
  maxBodyBytes?: number | undefined;
  /** The JSON body of the 413 respond. Default `{ error: 'body_too_large' }`. */
  tooLargeBody?: unknown;
  /**
   * Turns a body a parser already decoded into an object (`express.json()` ran first) into the body forwarded.
   * Throw to refuse the request: the error goes to `next`, or gets 500 with
   * {@link NodeListenerOptions.errorBody}. Default: the object serialised again as JSON.
   */
  parsedBody?: ((parsed: object) => Uint8Array | string) | undefined;
  /**
   * The JSON body of the 500 respond with written for a failure when there is no `next` (Express's gets the error
   * instead). Default `{ error: 'internal_error' }`, whatever the error.
   */
  errorBody?: ((error: unknown) => unknown) | undefined;
  /**
   * The second argument the handler receives, made from the Node request. Default: the Node request itself. A
   * handler that takes something else says so in its own options (the activity server's handler takes `{ user }`).
   */
  context?: ((req: R) => unknown) | undefined;
  /**
   * The signed-in user of a Node request (such as `(req) => req.user` after your session middleware), for a
   * handler that takes `{ user }` (the activity server's): the handler receives `{ user: await getUser(req) }`,
   * and a `null` or `undefined` user responds with 401 there. Takes precedence over `context`.
   */
  getUser?: ((req: R) => unknown) | undefined;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The handler's options overridden by the caller's, member by member (an `undefined` member overrides nothing). */
function mergeOptions<R extends NodeRequestLike>(
  own: NodeListenerOptions<R> | undefined,
  given: NodeListenerOptions<R>,
): NodeListenerOptions<R> {
  const merged: Record<string, unknown> = { ...own };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) merged[key] = value;
  return merged as NodeListenerOptions<R>;
}

/** The declared length of a Node request's body (`content-length`), when it has one. */
function declaredLength(req: NodeRequestLike): string | undefined {
  const value = req.headers['content-length'];
  return typeof value === 'string' ? value : undefined;
}

function sendJson(res: NodeResponseLike, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(new TextEncoder().encode(JSON.stringify(body)));
}

const isParsedObject = (body: unknown): body is object =>
  body !== undefined && body !== null && typeof body === 'object' && Object.keys(body).length > 0;

function toHeaders(raw: NodeRequestLike['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (typeof value === 'string') headers.set(name, value);
    else for (const item of value) headers.append(name, item);
  }
  // The body is whole here, and may have been re-encoded by a parser: its length is the one the Request gives.
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return headers;
}

function toUrl(req: NodeRequestLike): URL {
  const host = typeof req.headers.host === 'string' ? req.headers.host : 'localhost';
  try {
    return new URL(req.url ?? '/', `http://${host}`);
  } catch {
    return new URL('http://localhost/');
  }
}

/**
 * Adapts a web handler (`(request: Request) => Response`) to Node: `http.createServer(listener)`, or
 * `app.post(path, listener)` in Express (or Fastify's raw `req`/`res`). The listener builds a web `Request`
 * from the Node request (method, URL against the `host` header, headers, body), calls the handler, and writes
 * its `Response` back (status, headers, body).
 *
 * The body: `req.body` when a parser left the raw Buffer or string (`express.raw`, `express.text`); a
 * non-empty parsed object goes through `options.parsedBody` (re-serialised as JSON by default); otherwise the
 * stream is read, up to `maxBodyBytes` (413 beyond). GET and HEAD requests carry no body.
 *
 * Failures (a throwing handler or `parsedBody`, a broken stream) go to Express's `next(error)` when given;
 * without `next` they get 500 with `options.errorBody`, unless the response already started.
 *
 * The options are the handler's own (`handler.nodeListenerOptions`, set by `createWebhookHandler` and the activity
 * server) overridden member by member by `options`: this one function serves every LearnKit handler, and the
 * webhooks and activity packages re-export it.
 *
 * @typeParam R - The Node request type the handler's second argument is typed as (e.g. `IncomingMessage`).
 * @param handler - The web handler; it also receives the Node request (for what a middleware put on it).
 * @param options - Body limit, the responses for oversized, parsed and failed requests, and the handler's context.
 * @returns A listener for `http.createServer` that is also Express middleware.
 *
 * @example
 * import { createServer } from 'node:http';
 * import { toNodeListener } from '@learnkit/core';
 *
 * const listener = toNodeListener(async (request) => Response.json({ echo: await request.text() }));
 * createServer(listener).listen(3000);
 */
export function toNodeListener<R extends NodeRequestLike = NodeRequestLike>(
  handler: NodeRequestHandler<R>,
  options?: NodeListenerOptions<R>,
): NodeListener<R>;
/**
 * Adapts a web handler whose second argument is not the Node request (the activity server's `handler`, which takes
 * `{ user }`) to Node; see the first signature. Pass `getUser` to give it the user of each Node request.
 *
 * @example
 * app.post('/api/activity', toNodeListener(activity.handler, { getUser: (req) => req.user ?? null }));
 */
export function toNodeListener<R extends NodeRequestLike = NodeRequestLike>(
  handler: NodeContextHandler,
  options?: NodeListenerOptions<R>,
): NodeListener<R>;
export function toNodeListener<R extends NodeRequestLike = NodeRequestLike>(
  handler: NodeRequestHandler<R> | NodeContextHandler,
  options: NodeListenerOptions<R> = {},
): NodeListener<R> {
  const merged = mergeOptions(handler.nodeListenerOptions as NodeListenerOptions<R> | undefined, options);
  const max = merged.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const {
    tooLargeBody = { error: 'body_too_large' },
    parsedBody = JSON.stringify,
    errorBody,
    context,
    getUser,
  } = merged;
  const call = handler as (request: Request, context: unknown) => Response | Promise<Response>;
  return async function nodeListener(req, res, next) {
    try {
      const method = (req.method ?? 'POST').toUpperCase();
      const hasBody = method !== 'GET' && method !== 'HEAD';
      let body: Uint8Array | string | undefined;
      const parsed = req.body;
      if (parsed instanceof Uint8Array || typeof parsed === 'string') body = parsed;
      else if (isParsedObject(parsed)) body = parsedBody(parsed);
      else if (hasBody) {
        try {
          // The same reader and limit rule as the webhook handler's on a web Request (one mechanism).
          body = await readBodyWithLimit(req, max, declaredLength(req));
        } catch (error) {
          if (error instanceof PayloadTooLargeError) return sendJson(res, 413, tooLargeBody);
          throw error;
        }
      }
      const request = new Request(toUrl(req), {
        method,
        headers: toHeaders(req.headers),
        ...(body !== undefined && hasBody && { body: body as BodyInit }),
      });
      const second = getUser ? { user: await getUser(req) } : context ? await context(req) : req;
      const response = await call(request, second);
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        res.setHeader(name, value);
      });
      res.end(new Uint8Array(await response.arrayBuffer()));
    } catch (error) {
      if (next) return next(error);
      if (!res.headersSent) sendJson(res, 500, errorBody ? errorBody(error) : { error: 'internal_error' });
    }
  };
}
