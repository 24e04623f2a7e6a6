// Every call carries one X-Request-Id, kept across its retries, which errors and log lines quote
// (docs/decisions.md#d-request-id-per-call). The platform is a fake `fetch`: what was sent is exact.
import { describe, expect, it } from 'vitest';
import type { paths } from '../../case/src/generated/openapi-types';
import { ApiError, createHttpClient, type FetchLike, type Logger, staticToken } from '../src/index';
import { BASE } from './helpers';

const PATH = '/ims/case/v1p1/CFDocuments';
const OK = JSON.stringify({ CFDocuments: [] });

/** A fake platform that responds with `statuses` in turn (echoing the id when `echo`), recording every request. */
function platform(statuses: number[], echo: boolean) {
  const sent: Headers[] = [];
  const fetch: FetchLike = async (_url, init) => {
    const headers = new Headers(init?.headers);
    sent.push(headers);
    const status = statuses[Math.min(sent.length - 1, statuses.length - 1)] as number;
    const rawResponse = new Headers({ 'content-type': 'application/json' });
    if (echo) rawResponse.set('x-request-id', headers.get('x-request-id') ?? 'none');
    return new Response(status < 400 ? OK : '{"error":"unavailable","message":"try later"}', {
      status,
      headers: rawResponse,
    });
  };
  return { sent, fetch };
}

function client(fetch: FetchLike, logger?: Logger) {
  return createHttpClient<paths>({
    baseUrl: BASE,
    auth: staticToken('token-0123456789'),
    fetch,
    retry: { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 1 },
    logger: logger ?? false,
  });
}

describe('X-Request-Id', () => {
  it('makes well-formed ids that never repeat, across many draws of the random pool', async () => {
    const { sent, fetch } = platform([200], false);
    const http = client(fetch);
    for (let i = 0; i < 600; i++) await http.call('GET', PATH);
    const ids = sent.map((headers) => headers.get('x-request-id'));
    expect(ids.every((id) => /^req_[0-9a-f]{32}$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(600);
  });

  it('sends a fresh id per call and the same id on every retry of that call', async () => {
    const { sent, fetch } = platform([503, 200, 200], true);
    const http = client(fetch);
    await http.call('GET', PATH);
    await http.call('GET', PATH);
    const ids = sent.map((h) => h.get('x-request-id'));
    expect(ids[0]).toMatch(/^req_[0-9a-f]{32}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(sent[1]?.get('x-learnkit-retry-count')).toBe('1');
    expect(ids[2]).toMatch(/^req_[0-9a-f]{32}$/);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it("keeps the caller's own id, and replaces one unfit to send (spaces, over 200 characters)", async () => {
    const { sent, fetch } = platform([200], true);
    const http = client(fetch);
    await http.call('GET', PATH, { headers: { 'X-Request-Id': 'order-4711' } });
    await http.call('GET', PATH, { headers: { 'X-Request-Id': 'two words' } });
    expect(sent[0]?.get('x-request-id')).toBe('order-4711');
    expect(sent[1]?.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it("gives every ApiError a requestId: the platform's response, else the id the SDK sent", async () => {
    for (const echo of [true, false]) {
      const { sent, fetch } = platform([500], echo);
      const error = await client(fetch)
        .call('GET', PATH)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).requestId).toBe(sent[0]?.get('x-request-id'));
      expect((error as ApiError).message).toContain(`[request id ${sent[0]?.get('x-request-id')}]`);
    }
  });

  it('logs the id on every attempt line, also when the platform does not echo it', async () => {
    const lines: Record<string, unknown>[] = [];
    const record = (fields: unknown) => lines.push(fields as Record<string, unknown>);
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    const { sent, fetch } = platform([503, 200], false);
    await client(fetch, logger).call('GET', PATH);
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line.requestId).toBe(sent[0]?.get('x-request-id'));
  });
});
