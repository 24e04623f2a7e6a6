// hooks: onRequest, onResponse, onRetry and onTokenRefresh (docs/decisions.md#d-transport-hooks), against the mock.
import { describe, expect, it } from 'vitest';
import type {
  Logger,
  RequestHookInfo,
  ResponseHookInfo,
  RetryHookInfo,
  TokenRefreshHookInfo,
} from '../src/index';
import { useSdkMock } from './harness';

type Event =
  | ['request', RequestHookInfo]
  | ['response', ResponseHookInfo]
  | ['retry', RetryHookInfo]
  | ['token', TokenRefreshHookInfo];

function recorder() {
  const events: Event[] = [];
  return {
    events,
    hooks: {
      onRequest: (info: RequestHookInfo) => events.push(['request', info]),
      onResponse: (info: ResponseHookInfo) => events.push(['response', info]),
      onRetry: (info: RetryHookInfo) => events.push(['retry', info]),
      onTokenRefresh: (info: TokenRefreshHookInfo) => events.push(['token', info]),
    },
  };
}

describe.each(['msw', 'loopback'] as const)('hooks (%s)', (mode) => {
  const ctx = useSdkMock(mode);
  const documentsPath = '/ims/case/v1p1/CFDocuments/*';
  const getDocument = (lk: ReturnType<typeof ctx.lk>) =>
    lk.case.documents.get(ctx.platform.fixtures.case.documentId);

  it('tells each attempt in order: request, response, retry; the attempt numbers and one request id', async () => {
    const { events, hooks } = recorder();
    const lk = ctx.lk({ hooks });
    ctx.platform.faults.inject({ method: 'GET', path: documentsPath, status: 500 });
    await getDocument(lk);
    const kinds = events.map(([kind, info]) =>
      kind === 'token' ? 'token' : `${kind} ${info.attempt}${kind === 'response' ? ` ${info.status}` : ''}`,
    );
    expect(kinds).toEqual(['token', 'request 1', 'response 1 500', 'retry 1', 'request 2', 'response 2 200']);
    const calls = events.filter(([kind]) => kind !== 'token').map(([, info]) => info as RequestHookInfo);
    expect(new Set(calls.map((info) => info.requestId)).size).toBe(1);
    expect(calls[0]?.requestId).toBe(ctx.sent.at(-1)?.headers.get('x-request-id'));
    expect(calls[0]?.operation).toMatch(/CFDocuments/);
    const retry = events.find(([kind]) => kind === 'retry')?.[1] as RetryHookInfo;
    expect(retry).toMatchObject({ reason: 'status 500', status: 500, attempt: 1 });
    const response = events.find(([kind]) => kind === 'response')?.[1] as ResponseHookInfo;
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('a 401 is one retry with a fresh token: onRetry says why, onTokenRefresh is called again', async () => {
    const { events, hooks } = recorder();
    const lk = ctx.lk({ hooks });
    await getDocument(lk);
    ctx.platform.faults.revokeTokens();
    events.length = 0;
    await getDocument(lk);
    const retry = events.find(([kind]) => kind === 'retry')?.[1] as RetryHookInfo;
    expect(retry).toMatchObject({ reason: 'token refused (401)', status: 401, delayMs: 0, attempt: 1 });
    expect(events.filter(([kind]) => kind === 'token').length).toBe(1);
    expect(
      events.filter(([kind]) => kind === 'request').map(([, info]) => (info as RequestHookInfo).attempt),
    ).toEqual([1, 2]);
  });

  it('one onTokenRefresh for 50 concurrent calls on a cold start, with its outcome and duration', async () => {
    const { events, hooks } = recorder();
    const lk = ctx.lk({ hooks });
    await Promise.all(Array.from({ length: 50 }, () => getDocument(lk)));
    const refreshes = events
      .filter(([kind]) => kind === 'token')
      .map(([, info]) => info as TokenRefreshHookInfo);
    expect(refreshes.length).toBe(1);
    expect(refreshes[0]).toMatchObject({ ok: true, clientId: ctx.platform.clients.partner.clientId });
    expect(refreshes[0]?.tokenUrl).toMatch(/\/auth\/1\.0\/token$/);
  });

  it('never hands a hook a secret: no client secret, no token, no Authorization value', async () => {
    const { events, hooks } = recorder();
    const lk = ctx.lk({ hooks });
    ctx.platform.faults.inject({ method: 'GET', path: documentsPath, status: 500 });
    await getDocument(lk);
    ctx.platform.faults.revokeTokens();
    await getDocument(lk);
    const seen = JSON.stringify(events);
    expect(seen).not.toContain(ctx.platform.clients.partner.clientSecret);
    const bearers = ctx.sent
      .map((r) => r.headers.get('authorization'))
      .filter((v): v is string => v !== null);
    expect(bearers.length).toBeGreaterThan(0);
    for (const bearer of bearers) expect(seen).not.toContain(bearer.replace(/^Bearer /, ''));
  });

  it('a hook that throws is logged and ignored: the call still succeeds', async () => {
    const warnings: string[] = [];
    const logger: Logger = {
      debug: () => {},
      info: () => {},
      warn: (_fields, message) => warnings.push(String(message)),
      error: () => {},
    };
    const lk = ctx.lk({
      logger,
      hooks: {
        onRequest: () => {
          throw new Error('exporter down');
        },
      },
    });
    const document = await getDocument(lk);
    expect(document.title).toBeTruthy();
    expect(warnings).toContain('hooks.onRequest threw; ignored so the call goes on');
  });
});
