import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { studioPage } from './page';
import type { StudioSource } from './source';

/** Options of {@link startStudio}. */
export interface StudioServerOptions {
  /** Where the data comes from. */
  source: StudioSource;
  /** The page's port on 127.0.0.1 (default: any free port). */
  port?: number;
  /** The URL's token (default: 32 random bytes, base64url); tests pass their own. */
  token?: string;
  /** How often the live stream checks for changes, in milliseconds (default 400). */
  pollMs?: number;
}

/** A running studio page server. */
export interface StudioServer {
  /** The page's address, with its token: the only way in. */
  url: string;
  /** The address without the token (responds with 401). */
  origin: string;
  token: string;
  server: Server;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  // The token is in the URL: no page the studio links to may see it.
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The page's CSP: nothing from any other origin (docs/decisions.md#d-studio-stack). */
const PAGE_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function tokenMatches(expected: string, given: string | null): boolean {
  if (given === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  extra: Record<string, string> = {},
) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, ...extra }).end(body);
}

const json = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new TypeError('the body is over 16 KB: send { "type": "<event type>" }');
    chunks.push(chunk as Buffer);
  }
  const value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
  if (!value || typeof value !== 'object')
    throw new TypeError('send a JSON object: { "type": "<event type>" }');
  return value as Record<string, unknown>;
}

/** The live stream: the whole snapshot now, then again each time the source's version changes. */
function stream(req: IncomingMessage, res: ServerResponse, source: StudioSource, pollMs: number): void {
  res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' });
  let last = '';
  let busy = false;
  const push = async () => {
    const version = source.version();
    if (busy || version === last) return;
    busy = true;
    last = version;
    try {
      res.write(`event: snapshot\ndata: ${JSON.stringify(await source.snapshot())}\n\n`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void push().catch(() => undefined), pollMs);
  req.on('close', () => clearInterval(timer));
  void push().catch(() => undefined);
}

/** Responds to one request that carried the token. */
async function route(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: Required<Pick<StudioServerOptions, 'source' | 'pollMs'>>,
): Promise<void> {
  const { source } = options;
  const path = url.pathname;
  if (req.method === 'GET' && path === '/') {
    return send(res, 200, 'text/html; charset=utf-8', studioPage(), { 'content-security-policy': PAGE_CSP });
  }
  if (req.method === 'GET' && path === '/api/snapshot') return json(res, 200, await source.snapshot());
  if (req.method === 'GET' && path === '/api/stream') return stream(req, res, source, options.pollMs);
  if (req.method === 'POST' && path === '/api/raise' && source.raise) {
    const body = await readJson(req);
    return json(res, 201, source.raise(String(body.type ?? '')));
  }
  if (req.method === 'GET' && path === '/launch' && source.launch) {
    const html = await source.launch(url.searchParams.get('user') ?? '');
    return send(res, 200, 'text/html; charset=utf-8', html);
  }
  json(res, 404, { error: 'not_found', message: `${req.method} ${path} is not a studio route` });
}

/**
 * Serves the studio's page and its data on 127.0.0.1 only. Every request needs the URL's random token (`?token=`,
 * or the `x-studio-token` header): without it, 401 (docs/decisions.md#d-studio-token).
 */
export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const settings = { source: options.source, pollMs: options.pollMs ?? 400 };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const given =
      url.searchParams.get('token') ?? (req.headers['x-studio-token'] as string | undefined) ?? null;
    if (!tokenMatches(token, given)) {
      return json(res, 401, {
        error: 'unauthorized',
        message: 'the studio responds only the URL it printed: open that URL (it carries ?token=...)',
      });
    }
    try {
      await route(req, res, url, settings);
    } catch (error) {
      if (!res.headersSent) json(res, 400, { error: 'bad_request', message: (error as Error).message });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
