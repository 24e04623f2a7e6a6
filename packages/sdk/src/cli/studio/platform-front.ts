import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockPlatform } from '@learnkit/mock';
import type { CaliperRefusal } from './read-mock';

/** The studio's own mock, served on loopback. */
export interface ServedPlatform {
  url: string;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The events of a refused Caliper envelope (`{ data: [...] }`), or none when the body was no envelope. */
function envelopeEvents(body: Buffer): Record<string, unknown>[] {
  try {
    const envelope = JSON.parse(body.toString('utf8')) as { data?: unknown };
    return Array.isArray(envelope.data)
      ? envelope.data.filter(
          (event): event is Record<string, unknown> => !!event && typeof event === 'object',
        )
      : [];
  } catch {
    return [{ id: '', type: 'not JSON', action: '' }];
  }
}

/** Records a refused Caliper batch with the platform's own message, which says why. */
async function noteRefusal(
  refusals: CaliperRefusal[],
  platform: MockPlatform,
  body: Buffer,
  response: Response,
): Promise<void> {
  let message = response.statusText;
  try {
    message = String(((await response.clone().json()) as { message?: unknown }).message ?? message);
  } catch {
    // a response without a JSON body: its status text
  }
  refusals.push({ at: platform.clock.now(), status: response.status, message, events: envelopeEvents(body) });
}

/**
 * Serves the studio's mock on 127.0.0.1 through `platform.handle`, as `platform.listen()` does, and keeps each
 * refused Caliper batch with the platform's response, which the platform itself does not store
 * (docs/decisions.md#d-studio-refusals).
 */
export async function servePlatform(
  platform: MockPlatform,
  refusals: CaliperRefusal[],
  port = 0,
): Promise<ServedPlatform> {
  let origin = '';
  const server: Server = createServer(async (req, res) => {
    try {
      const body = await bodyOf(req);
      const method = req.method ?? 'GET';
      const headers = Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
      );
      const request = new Request(`${origin}${req.url ?? '/'}`, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
      });
      const response = await platform.handle(request);
      if (response.type === 'error') return void req.socket.destroy();
      if (method === 'POST' && /\/caliper\//.test(req.url ?? '') && response.status >= 400) {
        await noteRefusal(refusals, platform, body, response);
      }
      const rawResponse = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(rawResponse);
    } catch {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: 'internal_server_error',
          message: 'the studio could not pass this request on',
        }),
      );
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
