import { MAX_BATCH_BYTES } from '../protocol';
import type { ActivityHandlerContext, ActivityRequestHandler } from './handler';
import type { ActivityUser } from './users';

/** The parts of Node's `IncomingMessage` (or Express's `req`) the listener uses. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  /** The HTTP method (default `POST` when missing). */
  method?: string | undefined;
  /** The request target, path and query (default `/`); resolved against the `host` header. */
  url?: string | undefined;
  /** The request headers, lower-case names as Node gives them; repeated headers as arrays. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Set by a body parser: a Buffer or string (`express.raw`, `express.text`) or parsed JSON (`express.json`). */
  body?: unknown;
}

/** The parts of Node's `ServerResponse` (or Express's `res`) the listener uses. */
export interface NodeResponseLike {
  /** Set to the handler's status before `end`. */
  statusCode: number;
  /** Called once per response header of the handler. */
  setHeader(name: string, value: string): unknown;
  /** Called once with the whole response body. */
  end(chunk?: Uint8Array): unknown;
  /** Checked before answering 500 after an error (without `next`), so a started response is not written twice. */
  readonly headersSent?: boolean;
}

/** A `node:http` request listener that is also Express middleware. */
export type NodeListener<R extends NodeRequestLike = NodeRequestLike> = (
  req: R,
  res: NodeResponseLike,
  next?: (error?: unknown) => void,
) => Promise<void>;

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

class TooLarge extends Error {}

async function readBody(req: NodeRequestLike, max: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const encoder = new TextEncoder();
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > max) throw new TooLarge();
    chunks.push(bytes);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function send(res: NodeResponseLike, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(new TextEncoder().encode(JSON.stringify(body)));
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
  return async function activityListener(req, res, next) {
    try {
      const method = (req.method ?? 'POST').toUpperCase();
      let body: Uint8Array | string | undefined;
      const parsed = req.body;
      if (parsed instanceof Uint8Array || typeof parsed === 'string') body = parsed;
      else if (
        parsed !== undefined &&
        parsed !== null &&
        typeof parsed === 'object' &&
        Object.keys(parsed).length
      )
        body = JSON.stringify(parsed);
      else if (method !== 'GET' && method !== 'HEAD') {
        try {
          body = await readBody(req, MAX_BATCH_BYTES);
        } catch (error) {
          if (error instanceof TooLarge)
            return send(res, 413, {
              error: 'body_too_large',
              message: `bodies are at most ${MAX_BATCH_BYTES} bytes`,
            });
          throw error;
        }
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name.startsWith(':')) continue;
        if (typeof value === 'string') headers.set(name, value);
        else for (const item of value) headers.append(name, item);
      }
      // The body may have been re-encoded by a parser: its length is the one given here.
      headers.delete('content-length');
      headers.delete('transfer-encoding');
      const host = typeof req.headers.host === 'string' ? req.headers.host : 'localhost';
      let url: URL;
      try {
        url = new URL(req.url ?? '/', `http://${host}`);
      } catch {
        url = new URL('http://localhost/');
      }
      const request = new Request(url, {
        method,
        headers,
        ...(body !== undefined && method !== 'GET' && method !== 'HEAD' && { body: body as BodyInit }),
      });
      const context: ActivityHandlerContext | undefined = options.getUser
        ? { user: await options.getUser(req) }
        : undefined;
      const response = await handler(request, context);
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        res.setHeader(name, value);
      });
      res.end(new Uint8Array(await response.arrayBuffer()));
    } catch (error) {
      if (next) return next(error);
      if (!res.headersSent) send(res, 500, { error: 'internal_error' });
    }
  };
}
