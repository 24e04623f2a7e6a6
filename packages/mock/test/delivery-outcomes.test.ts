import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockPlatform, type MockPlatform } from '../src/index.js';

const MINUTE = 60_000;
const CONSUMER = 'https://hooks.partner.example/outcomes';

/** A platform whose deliveries go to `consumer` instead of the network, with one `test.ping` subscription. */
async function platformWith(consumer: (body: string, signal: AbortSignal) => Promise<Response>) {
  const platform = createMockPlatform({
    fetch: (async (_url: string, init: RequestInit) =>
      consumer(String(init.body), init.signal!)) as typeof fetch,
  });
  const app = platform.fixtures.application.applicationId;
  const created = await platform.handle(
    new Request(`${platform.baseUrl}/webhooks/1.0/${app}/subscriptions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${platform.accessToken(platform.clients.partner)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url: CONSUMER, eventTypes: ['test.ping'] }),
    }),
  );
  expect(created.status).toBe(201);
  return platform;
}

/** The consumer stands still until the delivery's own time-out aborts it, as a hung server would. */
const hang = (signal: AbortSignal) =>
  new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

describe('delivery outcomes (spec/001 Delivery outcome)', () => {
  let platform: MockPlatform | undefined;
  afterEach(() => {
    platform?.close();
    vi.useRealTimers();
  });

  it('delivers on any 2xx, retries 408, 429 and 5xx, and marks every other 4xx dead at once', async () => {
    const statuses = Array.from({ length: 400 }, (_, index) => 200 + index);
    platform = await platformWith(async (body) => {
      const status = Number((JSON.parse(body) as { data: { message: string } }).data.message);
      return new Response(null, { status });
    });
    for (const status of statuses) platform.emit('test.ping', { message: String(status) });
    await platform.clock.advance(MINUTE);
    const outcome = new Map(
      platform.state.deliveries.map((delivery) => [delivery.attempts[0]!.status, delivery]),
    );
    expect(outcome.size).toBe(statuses.length);
    for (const status of statuses) {
      const delivery = outcome.get(status)!;
      const expected =
        status < 300
          ? 'delivered'
          : status === 408 || status === 429 || status >= 500
            ? 'pending'
            : status >= 400
              ? 'dead'
              : delivery.status;
      expect([status, delivery.status], `consumer responded with ${status}`).toEqual([status, expected]);
      if (expected === 'pending') expect(delivery.nextAttemptAt).toBe(delivery.attempts[0]!.at + 10 * MINUTE);
      if (expected !== 'pending') expect(delivery.nextAttemptAt).toBeNull();
    }
    // A dead delivery leaves the subscription active: only exhausted retries disable it.
    expect([...platform.state.subscriptions.values()][0]!.status).toBe('active');
  });

  it('treats a consumer that has not responded within 10 seconds as a time-out, and retries it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let respondAfterMs: number | undefined;
    // Resolves when the next attempt reaches the consumer: its time-out is running from then on.
    let reached!: () => void;
    const nextCall = () => new Promise<void>((resolve) => (reached = resolve));
    platform = await platformWith((_, signal) => {
      reached();
      return respondAfterMs === undefined
        ? hang(signal)
        : new Promise((resolve) =>
            setTimeout(() => resolve(new Response(null, { status: 204 })), respondAfterMs),
          );
    });
    platform.emit('test.ping', { message: 'are you there?' });
    let called = nextCall();
    const draining = platform.clock.advance(MINUTE);
    await called;
    const delivery = () => platform!.state.deliveries[0]!;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(delivery().attempts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(delivery().attempts).toMatchObject([{ attempt: 1, error: 'timeout', outcome: 'retry' }]);
    await draining;
    expect(delivery().status).toBe('pending');
    expect(delivery().nextAttemptAt).toBe(delivery().attempts[0]!.at + 10 * MINUTE);

    // The retry 10 minutes later finds a consumer that returns just inside the 10 seconds: delivered.
    respondAfterMs = 9_999;
    called = nextCall();
    const retrying = platform.clock.advance(10 * MINUTE);
    await called;
    await vi.advanceTimersByTimeAsync(9_999);
    await retrying;
    expect(delivery().attempts.map((attempt) => attempt.status ?? attempt.error)).toEqual(['timeout', 204]);
    expect(delivery().status).toBe('delivered');
  });

  it('counts a response whose body is still arriving after 10 seconds as a time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let reached!: () => void;
    const called = new Promise<void>((resolve) => (reached = resolve));
    platform = await platformWith(async (_, signal) => {
      reached();
      // The status line comes at once, the body never ends.
      const body = new ReadableStream({
        start(controller) {
          signal.addEventListener('abort', () => controller.error(signal.reason));
        },
      });
      return new Response(body, { status: 200 });
    });
    platform.emit('test.ping', { message: 'slow body' });
    const draining = platform.clock.advance(MINUTE);
    await called;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(platform.state.deliveries[0]!.attempts).toMatchObject([{ error: 'timeout', outcome: 'retry' }]);
    await draining;
  });
});
