import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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

function toRequest(req: IncomingMessage, body: Buffer, signal: AbortSignal, fallbackHost: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const entry of Array.isArray(value) ? value : [value]) headers.append(name, entry);
  }
  const url = `http://${req.headers.host ?? fallbackHost}${req.url ?? '/'}`;
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(url, { method, headers, body: hasBody ? new Uint8Array(body) : undefined, signal });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(body);
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
  const http = await import('node:http');
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const controller = new AbortController();
    // The client went away (or the server is closing): release a hung handler.
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        try {
          const response = await handle(toRequest(req, Buffer.concat(chunks), controller.signal, host));
          if (response.type === 'error') {
            req.socket.destroy();
            return;
          }
          if (!res.destroyed) await send(response, res);
        } catch (error) {
          if (!res.headersSent && !res.destroyed) {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: 'internal_server_error', message: String(error) }));
          }
        }
      })();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    url: `http://${urlHost(host)}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
