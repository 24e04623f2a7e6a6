import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options of `listen`. */
export type ListenOptions = {
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Interface to bind (default 127.0.0.1, loopback only). */
  host?: string;
};

/** A running loopback server. */
export type ListeningServer = {
  /** The server's base URL, for example `http://127.0.0.1:4010`. */
  url: string;
  /** Stops the server and drops open connections (hung requests included). */
  close(): Promise<void>;
  /** The underlying node:http server. */
  server: Server;
};

/** A host as it appears in a URL: an IPv6 address in brackets. */
export const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** Methods `new Request` refuses (fetch's forbidden methods); the core responds to them with 405 like any other. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Node's header limit for the loopback server: above the core's 16 KiB target limit, so the core responds with 414. */
const MAX_HEADER_BYTES = 256 * 1024;

/**
 * The path and query a request targets, and the authority an absolute-form target names (RFC 9112 3.2.2: it
 * replaces `Host`); undefined for anything else (`*`, garbage), which is a 400.
 */
function requestTarget(raw: string): { pathAndQuery: string; authority?: string } | undefined {
  if (raw.startsWith('/')) return { pathAndQuery: raw };
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return undefined;
  return { pathAndQuery: `${url.pathname}${url.search}`, authority: url.host };
}

/**
 * The request body as a stream the core reads as far as it wants, and `drain`, which reads and drops whatever
 * it left (a refused body), so the connection stays usable and the client gets the response, not a reset.
 */
function bodyOf(req: IncomingMessage): { body: ReadableStream<Uint8Array>; drain(): void } {
  let open = true;
  const drain = () => {
    open = false;
    req.resume();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        const end = (error?: Error) => {
          if (open && error) controller.error(error);
          else if (open) controller.close();
          open = false;
        };
        req.on('end', () => end());
        req.on('error', end);
      },
      pull() {
        req.resume();
      },
      cancel: drain,
    },
    { highWaterMark: 4 },
  );
  return { body, drain };
}

/**
 * IncomingMessage -> Request; throws for a target or headers fetch cannot carry. The URL is the server's own
 * origin plus the request's path, never built from the `Host` header, which goes to the core as a header to be
 * checked (docs/decisions.md#d-mock-request-line).
 */
function toRequest(
  req: IncomingMessage,
  origin: string,
  signal: AbortSignal,
): { request: Request; drain(): void } {
  const target = requestTarget(req.url ?? '/');
  if (!target) throw new TypeError('not a request target');
  const headers = new Headers();
  // Headers Node took but fetch's Headers refuse throw here: a request the core could not be given.
  for (const [name, value] of Object.entries(req.headers))
    for (const entry of [value ?? []].flat()) headers.append(name, entry);
  if (target.authority !== undefined) headers.set('host', target.authority);
  const method = req.method ?? 'GET';
  const declared =
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const hasBody = declared && method !== 'GET' && method !== 'HEAD' && !FORBIDDEN_METHODS.has(method);
  const stream = hasBody ? bodyOf(req) : undefined;
  const request = new Request(`${origin}${target.pathAndQuery}`, {
    method: FORBIDDEN_METHODS.has(method) ? 'GET' : method,
    headers,
    body: stream?.body,
    signal,
    ...(stream ? { duplex: 'half' } : {}),
  } as RequestInit);
  // `new Request` refuses TRACE and its kin; carried as they came, the core's router responds to them with 405.
  if (FORBIDDEN_METHODS.has(method)) Object.defineProperty(request, 'method', { value: method });
  return { request, drain: stream ? stream.drain : () => req.resume() };
}

/** A 400 or 500 the adapter returns itself, in the platform's `{ error, message }` format. */
function plainError(res: ServerResponse, status: number, error: string, message: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error, message }));
}

/**
 * Serves `handle` over node:http: IncomingMessage -> Request, Response -> ServerResponse. A network-error
 * response (`Response.error()`, the reset fault) destroys the socket; a hang keeps it open until the client leaves.
 */
export async function listen(
  handle: (request: Request) => Promise<Response>,
  options: ListenOptions = {},
): Promise<ListeningServer> {
  // Imported here so the library stays loadable where node:http does not exist (MSW in a browser).
  const [http, { EventEmitter }] = await Promise.all([import('node:http'), import('node:events')]);
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, async (req, res) => {
    const controller = new AbortController();
    // The client went away (or the server is closing): release a hung handler.
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    let incoming: ReturnType<typeof toRequest>;
    try {
      incoming = toRequest(req, origin, controller.signal);
    } catch {
      req.resume();
      const message =
        'the request target must be a path (/...) or an http(s) URL, with headers fetch can carry';
      return plainError(res, 400, 'bad_request', message);
    }
    try {
      const response = await handle(incoming.request);
      if (response.type === 'error') return void req.socket.destroy();
      incoming.drain();
      if (res.destroyed) return;
      const body = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(body);
    } catch {
      // The core responds to every request itself (a bug there is a 500 it renders), so this is the adapter's own.
      plainError(res, 500, 'internal_server_error', 'the loopback adapter could not respond to this request');
    }
  });
  // `once` rejects with the server's 'error' (a port in use) instead of waiting for ever.
  await EventEmitter.once(server.listen(options.port ?? 0, host), 'listening');
  origin = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
