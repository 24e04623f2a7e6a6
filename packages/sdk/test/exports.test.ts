import { describe, expect, it } from 'vitest';
import * as sdk from '../src/index';

describe('the public surface of @learnkit/sdk', () => {
  it('exports exactly these values (types are checked by the typecheck)', () => {
    expect(Object.keys(sdk).sort()).toEqual(
      [
        'ActivityQueueStoreError',
        'ApiError',
        'AuthenticationError',
        'BadRequestError',
        'BinaryContent',
        'ConflictError',
        'ConnectionError',
        'ENV',
        'ENVIRONMENTS',
        'InternalServerError',
        'LaunchVerificationError',
        'LearnKit',
        'LearnKitError',
        'NotFoundError',
        'Page',
        'PagePromise',
        'PermissionDeniedError',
        'RateLimitError',
        'RedirectError',
        'SigningSecret',
        'TimeoutError',
        'UnknownUserError',
        'UnprocessableEntityError',
        'VERSION',
        'ValidationError',
        'WebhookVerificationError',
        'and',
        'buildTree',
        'createLaunchHandler',
        'createMemoryNonceStore',
        'createMemoryQueueStore',
        'createRedisNonceStore',
        'createRedisQueueStore',
        'createRedisTokenCache',
        'createSharedTokenCache',
        'createTokenCache',
        'createWebhookHandler',
        'describeChange',
        'fromCaseJson',
        'getLaunchUser',
        'isLearnKitError',
        'ltiDefaults',
        'or',
        'signWebhook',
        'toCaseJson',
        'toNodeListener',
        'validatePackageUpload',
        'verifyWebhook',
        'where',
      ].sort(),
    );
  });

  it('re-exports the very classes and functions of the packages (one identity)', async () => {
    const core = await import('@learnkit/core');
    const webhooks = await import('@learnkit/webhooks');
    expect(sdk.ValidationError).toBe(core.ValidationError);
    expect(sdk.verifyWebhook).toBe(webhooks.verifyWebhook);
    const lk = new sdk.LearnKit({
      baseUrl: 'https://api.example.com',
      clientId: 'c',
      clientSecret: 's',
      env: {},
    });
    expect(lk.webhooks.verify).toBe(sdk.verifyWebhook);
    expect(lk.webhooks.sign).toBe(sdk.signWebhook);
    expect(lk.webhooks.createHandler).toBe(sdk.createWebhookHandler);
    for (const E of [sdk.NotFoundError, sdk.RateLimitError, sdk.TimeoutError, sdk.WebhookVerificationError]) {
      expect(Object.prototype.isPrototypeOf.call(sdk.LearnKitError.prototype, E.prototype)).toBe(true);
    }
  });

  it('builds sub-clients on first use and keeps them', () => {
    const lk = new sdk.LearnKit({
      baseUrl: 'https://api.example.com',
      clientId: 'c',
      clientSecret: 's',
      env: {},
    });
    expect(lk.case).toBe(lk.case);
    expect(lk.oneroster).toBe(lk.oneroster);
    expect(lk.webhooks.subscriptions).toBe(lk.webhooks.subscriptions);
    expect(lk.caliper).toBe(lk.caliper);
    expect(lk.activity).toBe(lk.activity);
    expect(lk.activity.caliper).toBe(lk.caliper);
  });
});
