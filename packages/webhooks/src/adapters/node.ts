import { WebhookVerificationError } from '@learnkit/core';
import type { WebhookRequestHandler } from '../handler';

/** The parts of Node's `IncomingMessage` (or Express's `req`) the listener uses. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  /** The HTTP method, any case; absent is taken as `POST`. */
  method?: string | undefined;
  /** The request target (path and query), resolved against the `host` header; absent is taken as `/`. */
  url?: string | undefined;
  /** The request headers (Node's `IncomingHttpHeaders`); HTTP/2 pseudo-headers (`:path`, ...) are skipped. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Set by a body parser: a Buffer (`express.raw`) or string (`express.text`) is used as the raw body. */
  body?: unknown;
}

/** The parts of Node's `ServerResponse` (or Express's `res`) the listener uses. */
export interface NodeResponseLike {
  /** Set to the status of the answer (the handler's, or 413/500 written by the listener) before `end`. */
  statusCode: number;
  /** Called for each header of the answer. */
  setHeader(name: string, value: string): unknown;
  /** Called once with the whole answer body. */
  end(chunk?: Uint8Array): unknown;
  /** When true after a failure, no 500 is written (the response already started). */
  readonly headersSent?: boolean;
}

/** A `node:http` request listener that is also Express middleware. */
export type NodeListener = (
  req: NodeRequestLike,
  res: NodeResponseLike,
  next?: (error?: unknown) => void,
) => Promise<void>;

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Largest body read, in bytes (a delivery is a small envelope). Default 1 MiB; larger answers 413. */
  maxBodyBytes?: number | undefined;
}

class TooLarge extends Error {}

async function readBody(req: NodeRequestLike, max: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const encoder = new TextEncoder();
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.length;
    if (size > max) throw new TooLarge();
    chunks.push(bytes);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function send(res: NodeResponseLike, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(new TextEncoder().encode(JSON.stringify(body)));
}

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
  const max = options.maxBodyBytes ?? 1024 * 1024;
  return async function webhookListener(req, res, next) {
    try {
      let body: Uint8Array | string;
      const parsed = req.body;
      if (parsed instanceof Uint8Array || typeof parsed === 'string') body = parsed;
      else if (
        parsed !== undefined &&
        parsed !== null &&
        typeof parsed === 'object' &&
        Object.keys(parsed).length > 0
      ) {
        const error = new WebhookVerificationError(
          'body_not_raw',
          'A body parser (express.json()?) parsed the delivery before the webhook listener, so its signed bytes are ' +
            'gone. Mount the listener before express.json(), or give its route express.raw({ type: "application/json" }).',
        );
        if (next) return next(error);
        return send(res, 500, { error: error.reason, message: error.message });
      } else {
        try {
          body = await readBody(req, max);
        } catch (error) {
          if (error instanceof TooLarge) return send(res, 413, { error: 'body_too_large' });
          throw error;
        }
      }

      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name.startsWith(':')) continue;
        if (typeof value === 'string') headers.set(name, value);
        else for (const item of value) headers.append(name, item);
      }
      let url: URL;
      try {
        url = new URL(
          req.url ?? '/',
          `http://${typeof req.headers.host === 'string' ? req.headers.host : 'localhost'}`,
        );
      } catch {
        url = new URL('http://localhost/');
      }
      const method = (req.method ?? 'POST').toUpperCase();
      const request = new Request(url, {
        method,
        headers,
        ...(method !== 'GET' && method !== 'HEAD' && { body: body as BodyInit }),
      });
      const response = await handler(request);
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
