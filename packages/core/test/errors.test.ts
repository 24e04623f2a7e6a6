import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  isLearnKitError,
  LearnKitError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  WebhookVerificationError,
} from '../src/index';
import { createApiError } from '../src/internal/index';

const OP = 'GET /ims/case/v1p1/CFItems';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  createApiError({
    status,
    headers: new Headers({ 'content-type': 'application/json', ...headers }),
    body: JSON.stringify(body),
    operation: OP,
  });

describe('the hierarchy', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
  ] as const)('maps %i to its class, itself an ApiError and a LearnKitError', (status, Class) => {
    const e = json(status, { error: 'x', message: 'y' });
    expect(e).toBeInstanceOf(Class);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(LearnKitError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe(Class.name);
    expect(e.status).toBe(status);
    expect(String(e.stack).startsWith(`${Class.name}: ${OP} returned ${status}`)).toBe(true);
  });

  it('keeps the base ApiError for statuses without a class, and separates the classes', () => {
    const e = json(418, {});
    expect(e.constructor).toBe(ApiError);
    expect(json(404, {})).not.toBeInstanceOf(RateLimitError);
    expect(new TimeoutError(OP, 1, 'attempt')).not.toBeInstanceOf(ApiError);
    expect(new ConnectionError(OP, new Error('x'))).toBeInstanceOf(LearnKitError);
    expect({}).not.toBeInstanceOf(LearnKitError);
    expect(null).not.toBeInstanceOf(ApiError);
    expect(new Error('plain')).not.toBeInstanceOf(LearnKitError);
  });

  it('recognises errors from a second copy of the package, and not across classes', async () => {
    vi.resetModules();
    const copy = (await import('../src/errors')) as typeof import('../src/errors');
    expect(copy.NotFoundError).not.toBe(NotFoundError);
    const foreign = copy.createApiError({ status: 404, headers: new Headers(), body: '', operation: OP });
    expect(Object.getPrototypeOf(foreign)).not.toBe(NotFoundError.prototype);
    expect(foreign).toBeInstanceOf(NotFoundError);
    expect(foreign).toBeInstanceOf(ApiError);
    expect(foreign).toBeInstanceOf(LearnKitError);
    expect(foreign).not.toBeInstanceOf(RateLimitError);
    expect(new copy.ValidationError('bad')).toBeInstanceOf(ValidationError);
    expect(json(429, {})).toBeInstanceOf(copy.RateLimitError);
    expect(json(429, {})).not.toBeInstanceOf(copy.ValidationError);
  });

  it('isLearnKitError is the type guard of instanceof LearnKitError, across copies, for an unknown error', async () => {
    vi.resetModules();
    const copy = (await import('../src/errors')) as typeof import('../src/errors');
    const caught: unknown = new copy.TimeoutError('GET /x', 5, 'attempt');
    expect(isLearnKitError(caught)).toBe(true);
    if (isLearnKitError(caught)) expect(caught.name).toBe('TimeoutError');
    for (const other of [
      new Error('x'),
      new TypeError('x'),
      null,
      undefined,
      'LearnKitError',
      { name: 'LearnKitError' },
    ]) {
      expect(isLearnKitError(other)).toBe(false);
    }
  });

  it("uses the prototype chain for a user's own subclass", () => {
    class MyNotFound extends NotFoundError {}
    const mine = new MyNotFound({ status: 404, headers: new Headers(), body: '', operation: OP });
    expect(mine).toBeInstanceOf(MyNotFound);
    expect(mine).toBeInstanceOf(NotFoundError);
    expect(json(404, {})).not.toBeInstanceOf(MyNotFound);
  });
});

describe('bodies', () => {
  const imsx = {
    imsx_codeMajor: 'failure',
    imsx_severity: 'error',
    imsx_description: 'CFItem 123 not found',
  };

  it('parses imsx with imsx_CodeMinor', () => {
    const e = json(404, {
      ...imsx,
      imsx_CodeMinor: {
        imsx_codeMinorField: [
          { imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: 'unknownobject' },
        ],
      },
    });
    expect(e.imsx).toEqual({
      codeMajor: 'failure',
      severity: 'error',
      description: 'CFItem 123 not found',
      codeMinor: [{ name: 'TargetEndSystem', value: 'unknownobject' }],
    });
    expect(e.code).toBe('unknownobject');
    expect(e.description).toBe('CFItem 123 not found');
    expect(e.message).toContain('CFItem 123 not found (imsx unknownobject)');
  });

  it('parses imsx with imsx_codeMinor and a single field object', () => {
    const e = json(400, {
      ...imsx,
      imsx_description: 'limit too large',
      imsx_codeMinor: {
        imsx_codeMinorField: {
          imsx_codeMinorFieldName: 'TargetEndSystem',
          imsx_codeMinorFieldValue: 'invaliddata',
        },
      },
    });
    expect(e.imsx?.codeMinor).toEqual([{ name: 'TargetEndSystem', value: 'invaliddata' }]);
    expect(e.code).toBe('invaliddata');
  });

  it('parses the platform layout { error, message } and the OAuth layout { error, error_description }', () => {
    const platform = json(400, { error: 'invalid_url', message: 'url must be https' });
    expect(platform.code).toBe('invalid_url');
    expect(platform.description).toBe('url must be https');
    expect(platform.imsx).toBeUndefined();
    const oauth = json(401, {
      error: 'invalid_client',
      error_description: 'bad secret',
    }) as AuthenticationError;
    expect(oauth.error).toBe('invalid_client');
    expect(oauth.errorDescription).toBe('bad secret');
  });

  it('keeps the raw body, and explains a body that is not JSON', () => {
    const html = `<html><head><title>502</title></head><body>${'x'.repeat(400)}</body></html>`;
    const e = createApiError({
      status: 502,
      headers: new Headers({ 'content-type': 'text/html' }),
      body: html,
      operation: OP,
    });
    expect(e.body).toBe(html);
    expect(e.message).toContain('expected JSON, got text/html: <html><head><title>502</title>');
    expect(e.message.length).toBeLessThan(600);
    const empty = createApiError({ status: 500, headers: new Headers(), body: '', operation: OP });
    expect(empty.message).toContain('empty body');
  });

  it.each([['x-request-id'], ['request-id'], ['x-amzn-requestid']])(
    'reads the request id from %s',
    (header) => {
      const e = json(500, {}, { [header]: 'req-42' });
      expect(e.requestId).toBe('req-42');
      expect(e.message).toContain('[request id req-42]');
    },
  );

  it('names the operation and the fix', () => {
    expect(json(403, {}).message).toMatch(
      /^GET \/ims\/case\/v1p1\/CFItems returned 403 Forbidden: .*ask the platform team/,
    );
    expect(json(401, {}).message).toContain('Check clientId/clientSecret and the token URL');
    const limited = json(429, {}, { 'retry-after': '30' }) as RateLimitError;
    expect(limited.retryAfterMs).toBe(30_000);
    expect(limited.message).toContain('wait 30 s');
    expect(limited.message).toContain('Raise retry.maxRetryAfterMs or slow down');
  });

  it('serializes to JSON with its public fields', () => {
    const e = json(404, { error: 'not_found', message: 'gone' }, { 'x-request-id': 'r1' });
    const parsed = JSON.parse(JSON.stringify(e));
    expect(parsed).toMatchObject({
      name: 'NotFoundError',
      status: 404,
      operation: OP,
      requestId: 'r1',
      code: 'not_found',
    });
    expect(parsed.message).toBe(e.message);
  });
});

describe('other errors', () => {
  it('ValidationError lists each issue with its path, and takes zod issues', () => {
    const e = new ValidationError([
      { path: ['limit'], message: 'must be at most 3000' },
      { path: ['fields', 1], message: 'must be a field name' },
    ]);
    expect(e.message).toBe('Invalid input: limit: must be at most 3000; fields[1]: must be a field name');
    const result = z.object({ url: z.string().startsWith('https://') }).safeParse({ url: 'http://x' });
    expect(result.success).toBe(false);
    const fromZod = ValidationError.fromZod(result.error as z.ZodError);
    expect(fromZod.issues[0]?.path).toEqual(['url']);
    expect(fromZod.message).toContain('url:');
    expect(fromZod).toBeInstanceOf(LearnKitError);
  });

  it('WebhookVerificationError carries its reason', () => {
    const e = new WebhookVerificationError('timestamp_too_old');
    expect(e.reason).toBe('timestamp_too_old');
    expect(e.message).toContain('timestamp_too_old');
    expect(JSON.parse(JSON.stringify(e))).toMatchObject({
      name: 'WebhookVerificationError',
      reason: 'timestamp_too_old',
    });
  });

  it('ConnectionError finds the system error code in the cause chain', () => {
    const cause = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' }),
    });
    const e = new ConnectionError(OP, cause);
    expect(e.code).toBe('ENOTFOUND');
    expect(e.cause).toBe(cause);
    expect(e.message).toBe(
      `${OP} could not reach the platform (ENOTFOUND). Check baseUrl, DNS and the network.`,
    );
  });
});
