// The partner's server of the example: the built lesson page, the activity endpoint
// (`createActivityServer().handler`), and, standing in for the platform, the loopback mock.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ActivityServer, createActivityServer, toNodeListener } from '@learnkit/activity/server';
import { clientCredentials, createTokenCache, type FetchLike } from '@learnkit/core';
import { createMockPlatform, type MockPlatform } from '@learnkit/mock';
import { build } from 'vite';
import { launchEndpoint, launchUserOf } from './launch';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One POST the activity endpoint responded, as the tests look at it. */
export interface ActivityRequest {
  at: number;
  status: number;
  /** `beacon` when the page sent it with navigator.sendBeacon (the tests mark those), else `fetch`. */
  via: 'beacon' | 'fetch';
  events: { kind: string; id: string; runId: string; activeMs?: number; inactiveMs?: number }[];
}

export interface ExampleOptions {
  /** Port of the page server (default any free port on 127.0.0.1). */
  port?: number;
  /** Where the page is built (default examples/frontend/dist). */
  outDir?: string;
  /** The `fetch` the activity server talks to the platform with (the tests check it against openapi/). */
  fetch?: FetchLike;
  /** A platform already served (the studio's mock), instead of a new loopback mock; the caller closes it. */
  platform?: { platform: MockPlatform; url: string };
}

/** What {@link serveLesson} serves: a built page (any framework's) and the project configuration of its app. */
export interface LessonServerOptions extends Omit<ExampleOptions, 'outDir'> {
  /** The built page (index.html and its assets). */
  outDir: string;
  /** The app's `learnkit.config.json` (default this example's). */
  config?: string;
}

export interface Example {
  /** The lesson page. */
  url: string;
  platform: MockPlatform;
  /** The platform's address (the loopback mock). */
  platformUrl: string;
  activity: ActivityServer;
  /** Every POST to /api/activity, in order. */
  requests: ActivityRequest[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** The demo's "session": a cookie naming the signed-in student (a real app has its own login). */
function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** What the platform gives a partner: its address and the partner's client credentials (LEARNKIT_* in an app). */
interface PlatformAccess {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The activity server as a partner's app writes it, whatever platform it reaches (here the loopback mock): one
 * transport for everything the server sends, with client credentials, retries and timeouts.
 */
function partnerActivityServer(
  { baseUrl, clientId, clientSecret }: PlatformAccess,
  fetch: FetchLike | undefined,
  config: string,
): ActivityServer {
  return createActivityServer({
    client: {
      baseUrl,
      auth: clientCredentials({
        tokenUrl: `${baseUrl}/auth/1.0/token`,
        clientId,
        clientSecret,
        style: 'basic',
        cache: createTokenCache(),
        fetch,
      }),
      retry: { initialDelayMs: 20, maxDelayMs: 100 },
      fetch,
      logger: false,
    },
    config,
    // Not used through the Node listener below (it passes the user itself); here for web-standard mounts.
    getUser: () => null,
    logger: false,
  });
}

/** Builds the page with Vite, starts the mock platform and serves both on loopback. */
export async function startExample(options: ExampleOptions = {}): Promise<Example> {
  const outDir = options.outDir ?? join(ROOT, 'dist');
  await build({ configFile: join(ROOT, 'vite.config.ts'), build: { outDir, emptyOutDir: true } });
  return serveLesson({ ...options, outDir });
}

/**
 * Starts the mock platform and serves a built lesson page with the activity endpoint in front of it, on loopback:
 * the one activity server of this example, the React and Vue examples' pages included.
 */
export async function serveLesson(options: LessonServerOptions): Promise<Example> {
  const { outDir } = options;
  const platform = options.platform?.platform ?? createMockPlatform();
  const mock = options.platform
    ? { url: options.platform.url, close: async () => {} }
    : await platform.listen();
  const { partner } = platform.clients;
  const student = platform.fixtures.roster.student;

  const activity = partnerActivityServer(
    { baseUrl: mock.url, clientId: partner.clientId, clientSecret: partner.clientSecret },
    options.fetch,
    options.config ?? join(ROOT, 'learnkit.config.json'),
  );
  const users: Record<string, { email: string }> = { ada: { email: student.email } };
  const platformUrl = mock.url.replace(/\/+$/, '');
  const launch = launchEndpoint(platform, platformUrl);
  const listener = toNodeListener<IncomingMessage>(activity.handler, {
    // A student the platform launched (the session cookie) first, else the demo's visitor.
    getUser: async (req) =>
      (await launchUserOf(launch, req)) ?? users[cookieOf(req, 'demo-user') ?? ''] ?? null,
  });
  const launchListener = toNodeListener<IncomingMessage>(launch);

  const requests: ActivityRequest[] = [];
  async function onActivity(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const entry: ActivityRequest = {
      at: Date.now(),
      status: 0,
      via: new URL(req.url ?? '/', 'http://x').searchParams.get('via') === 'beacon' ? 'beacon' : 'fetch',
      events: [],
    };
    try {
      const body = JSON.parse(raw.toString('utf8')) as { events?: Record<string, unknown>[] };
      entry.events = (body.events ?? []).map((m) => ({
        kind: String(m.kind),
        id: String(m.id),
        runId: String(m.runId),
        ...(m.kind === 'timeSpent' && (m.window as { activeMs: number; inactiveMs: number })),
      }));
    } catch {
      // the handler responds with 400
    }
    (req as IncomingMessage & { body?: Buffer }).body = raw;
    await listener(req, res);
    entry.status = res.statusCode;
    requests.push(entry);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/api/activity') return await onActivity(req, res);
      if (url.pathname === '/launch') return await launchListener(req, res);
      if (req.method !== 'GET') {
        res.statusCode = 405;
        return res.end();
      }
      const path = url.pathname === '/' ? '/index.html' : normalize(url.pathname);
      const file = join(outDir, path);
      if (!file.startsWith(outDir)) {
        res.statusCode = 404;
        return res.end();
      }
      const body = await readFile(file);
      res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
      // Signing in is out of scope: the page's visitor is Ada, the mock roster's student.
      if (path === '/index.html')
        res.setHeader('set-cookie', 'demo-user=ada; Path=/; SameSite=Lax; HttpOnly');
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    platform,
    platformUrl: mock.url,
    activity,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.platform) platform.close();
      await mock.close();
    },
  };
}
