// The studio's server: the token, 401 without it, loopback only, the live stream, the Caliper refusals with why,
// the raise buttons' route, and the read-only view of a platform through the partner's credentials.
import { request as httpRequest } from 'node:http';
import { ContractRecorder, contractFetch, loadContract } from '@learnkit/contract';
import { createMockPlatform } from '@learnkit/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { type Studio, startStudio } from '../../src/cli/studio/start';
import type { StudioSnapshot } from '../../src/cli/studio/view';
import { LearnKit } from '../../src/index';

const running: Studio[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((studio) => studio.close()));
});

async function start(options: Parameters<typeof startStudio>[0] = {}): Promise<Studio> {
  const studio = await startStudio(options);
  running.push(studio);
  return studio;
}

const api = (studio: Studio, path: string) => `${studio.origin}${path}?token=${studio.token}`;

/** Reads the live stream until a snapshot satisfies `check`. */
async function streamUntil(
  studio: Studio,
  check: (snapshot: StudioSnapshot) => boolean,
): Promise<StudioSnapshot> {
  const controller = new AbortController();
  const response = await fetch(api(studio, '/api/stream'), { signal: controller.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = message.split('\n').find((line) => line.startsWith('data: '));
        if (message.startsWith('event: snapshot') && data) {
          const snapshot = JSON.parse(data.slice(6)) as StudioSnapshot;
          if (check(snapshot)) return snapshot;
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    controller.abort();
  }
}

describe('learnkit studio: the server', () => {
  it('responds only its printed URL: 401 without the token or with another, on 127.0.0.1 only', async () => {
    const studio = await start();
    expect(new URL(studio.url).hostname).toBe('127.0.0.1');
    expect(new URL(studio.url).searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    for (const url of [
      `${studio.origin}/`,
      `${studio.origin}/?token=wrong`,
      `${studio.origin}/api/snapshot`,
    ]) {
      const response = await fetch(url);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toContain('open that URL');
    }
    const header = await fetch(`${studio.origin}/api/snapshot`, {
      headers: { 'x-studio-token': studio.token },
    });
    expect(header.status).toBe(200);
    // Not reachable on another interface: the socket is bound to loopback.
    const port = Number(new URL(studio.origin).port);
    const bound = await new Promise<string>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/?token=${studio.token}` }, (res) => {
        resolve((res.socket.remoteAddress as string) ?? '');
        res.resume();
      });
      req.on('error', reject);
      req.end();
    });
    expect(bound).toBe('127.0.0.1');
    expect(new URL(studio.platformUrl).hostname).toBe('127.0.0.1');
  });

  it('serves one page with no external asset, under 150 KB, with a CSP that allows nothing from elsewhere', async () => {
    const studio = await start();
    const response = await fetch(studio.url);
    const page = await response.text();
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Buffer.byteLength(page)).toBeLessThan(150 * 1024);
    expect(page).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
  });

  it('shows the seeded tenant and streams each change live (a token request, a refused Caliper event with why)', async () => {
    const studio = await start();
    const first = await streamUntil(studio, () => true);
    const ada = first.roster.find((entry) => entry.email === 'ada.lovelace@maple.learnkit.test');
    expect(ada?.kind).toBe('student');
    expect(first.roster.some((entry) => entry.kind === 'district')).toBe(true);
    expect(first.roster.some((entry) => entry.kind === 'class')).toBe(true);
    // The other district is not the partner's tenant.
    expect(first.roster.some((entry) => entry.id === 'org-cedar-district')).toBe(false);

    const { partner } = studio.platform!.clients;
    const waiting = streamUntil(studio, (s) => s.caliper.some((row) => row[3] === 0));
    // The SDK refuses a bad event before sending: a partner's own code posting to the ingest, as the studio sees it.
    const token = await fetch(`${studio.platformUrl}/auth/1.0/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${partner.clientId}:${partner.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const ingest = await fetch(`${studio.platformUrl}/caliper/v1p2`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        sensor: 'https://app.example/sensor',
        sendTime: new Date().toISOString(),
        dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p2',
        data: [{ id: 'urn:uuid:00000000-0000-4000-8000-000000000000', type: 'NotAnEvent', action: 'Did' }],
      }),
    });
    expect(ingest.status).toBeGreaterThanOrEqual(400);
    const live = await waiting;
    expect(live.tokens.some((token) => token.client === partner.clientId && token.scopes.length > 0)).toBe(
      true,
    );
    const row = live.caliper.find((r) => r[3] === 0);
    expect(row?.[4]).toMatch(/^4\d\d: .+/);
  });

  it('raises a catalogue event with the trigger sample data, and refuses a type outside the catalogue by name', async () => {
    const studio = await start();
    const raised = await fetch(api(studio, '/api/raise'), {
      method: 'POST',
      body: JSON.stringify({ type: 'user.created' }),
    });
    expect(raised.status).toBe(201);
    expect(await raised.json()).toMatchObject({ type: 'user.created' });
    expect(studio.platform!.state.events.at(-1)?.envelope.type).toBe('user.created');
    const bad = await fetch(api(studio, '/api/raise'), {
      method: 'POST',
      body: JSON.stringify({ type: 'nope' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain(
      '"nope" is not an event of the catalogue',
    );
  });

  it('signs an LTI launch of a roster student into the application launch URL', async () => {
    const studio = await start();
    const student = studio.platform!.fixtures.roster.student.sourcedId;
    const response = await fetch(`${api(studio, '/launch')}&user=${student}`);
    const html = await response.text();
    expect(html).toContain('action="https://demo-app.learnkit.test/launch"');
    expect(html).toMatch(/name="id_token" value="[\w-]+\.[\w-]+\.[\w-]+"/);
    const unknown = await fetch(`${api(studio, '/launch')}&user=nobody`);
    expect(unknown.status).toBe(400);
  });

  it('reads a platform read-only through the partner credentials: roster, subscriptions, sessions', async () => {
    const platform = createMockPlatform();
    const server = await platform.listen();
    const recorder = new ContractRecorder();
    try {
      const { partner } = platform.clients;
      const lk = new LearnKit({
        baseUrl: server.url,
        clientId: partner.clientId,
        clientSecret: partner.clientSecret,
        env: {},
        fetch: contractFetch(loadContract(), recorder),
      });
      await lk.webhooks.subscriptions.create(platform.fixtures.application.applicationId, {
        url: 'https://consumer.example/hooks',
        eventTypes: ['user.created'],
      });
      const studio = await start({ lk });
      expect(studio.platform).toBeUndefined();
      const snapshot = (await (await fetch(api(studio, '/api/snapshot'))).json()) as StudioSnapshot;
      expect(snapshot.mode).toBe('remote');
      expect(snapshot.notes).toEqual([]);
      expect(snapshot.roster.some((entry) => entry.email === 'ada.lovelace@maple.learnkit.test')).toBe(true);
      expect(snapshot.subscriptions.map((sub) => sub.url)).toContain('https://consumer.example/hooks');
      expect(Array.isArray(snapshot.sessions)).toBe(true);
      expect(snapshot.eventTypes).toEqual([]);
      const raise = await fetch(api(studio, '/api/raise'), {
        method: 'POST',
        body: '{"type":"user.created"}',
      });
      expect(raise.status).toBe(404);
      recorder.assertClean();
    } finally {
      platform.close();
      await server.close();
    }
  });
});
