// The developer-tool path (docs/decisions.md#d-developer-token): a developer's single-sign-on token manages
// webhook subscriptions, owned by the application's own auth client; every other family refuses before sending.
import { describe, expect, it } from 'vitest';
import { AuthenticationError, LearnKit, NotFoundError, ValidationError } from '../src/index';
import { useSdkMock } from './harness';

const HOOK = { url: 'https://hooks.example.com/learnkit', eventTypes: ['test.ping' as const] };

function configError(make: () => unknown): ValidationError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

describe('developerToken: configuration', () => {
  const baseUrl = 'https://api.example.com';

  it('is one kind of credentials: a token with client credentials is refused, naming both and the fix', () => {
    const error = configError(
      () =>
        new LearnKit({
          baseUrl,
          developerToken: 'dev.jwt.token',
          clientId: 'id',
          clientSecret: 's',
          env: {},
        }),
    );
    expect(error.issues.map((i) => i.path)).toEqual([['developerToken']]);
    expect(error.message).toMatch(/either a developer token .* or client credentials/);
  });

  it('needs no client id or secret, and reports itself as developer credentials without the token', () => {
    const lk = new LearnKit({ baseUrl, developerToken: 'dev.jwt.token-0123456789', env: {} });
    expect(lk.credentials).toBe('developer');
    expect(lk.clientId).toBeUndefined();
    expect(lk.tokenUrl).toBeUndefined();
    expect(String(lk)).toBe(`LearnKit { baseUrl: '${baseUrl}', developerToken: [redacted] }`);
    expect(JSON.stringify(lk)).not.toContain('dev.jwt.token');
  });

  it('reads LEARNKIT_DEVELOPER_TOKEN; client credential options win over it, and both in the environment are refused', () => {
    const env = { LEARNKIT_BASE_URL: baseUrl, LEARNKIT_DEVELOPER_TOKEN: 'dev.jwt.from-env' };
    expect(new LearnKit({ env }).credentials).toBe('developer');
    expect(new LearnKit({ env, clientId: 'id', clientSecret: 'secret' }).credentials).toBe('client');
    const both = configError(
      () => new LearnKit({ env: { ...env, LEARNKIT_CLIENT_ID: 'id', LEARNKIT_CLIENT_SECRET: 'secret' } }),
    );
    expect(both.message).toContain(
      'unset LEARNKIT_DEVELOPER_TOKEN or LEARNKIT_CLIENT_ID/LEARNKIT_CLIENT_SECRET',
    );
    // An explicit token option wins over client credentials in the environment.
    const explicit = new LearnKit({
      env: { LEARNKIT_BASE_URL: baseUrl, LEARNKIT_CLIENT_ID: 'id', LEARNKIT_CLIENT_SECRET: 'secret' },
      developerToken: 'dev.jwt.option',
    });
    expect(explicit.credentials).toBe('developer');
  });

  it('refuses whitespace in the token (a pasted newline or a "Bearer " prefix) without echoing it', () => {
    const error = configError(
      () => new LearnKit({ baseUrl, developerToken: 'Bearer dev.jwt.secretpart', env: {} }),
    );
    expect(error.issues[0]?.path).toEqual(['developerToken']);
    expect(error.message).toContain('pass the bare token');
    expect(error.message).not.toContain('secretpart');
  });

  it('without any credentials says both ways to give them', () => {
    const error = configError(() => new LearnKit({ baseUrl, env: {} }));
    expect(error.message).toContain('LEARNKIT_CLIENT_ID');
    expect(error.message).toContain('developerToken for webhook subscriptions only');
  });
});

describe.each(['msw', 'loopback'] as const)('developerToken against the mock (%s)', (mode) => {
  const ctx = useSdkMock(mode);
  const developer = () =>
    ctx.lk({ clientId: undefined, clientSecret: undefined, developerToken: ctx.platform.developerToken() });

  it('manages subscriptions of the application, sending the token as the bearer and asking for no token', async () => {
    const token = ctx.platform.developerToken();
    const lk = ctx.lk({ clientId: undefined, clientSecret: undefined, developerToken: token });
    const appId = ctx.platform.fixtures.application.applicationId;
    const created = await lk.webhooks.subscriptions.create(appId, HOOK);
    expect(created.signingSecret.reveal()).toMatch(/^whsec_/);
    expect((await lk.webhooks.subscriptions.get(appId, created.id)).url).toBe(HOOK.url);
    const rotated = await lk.webhooks.subscriptions.rotateSecret(appId, created.id);
    expect(rotated.signingSecret.reveal()).not.toBe(created.signingSecret.reveal());
    await lk.webhooks.subscriptions.delete(appId, created.id);
    expect(ctx.sent.some((r) => r.url.pathname.includes('/token'))).toBe(false);
    expect(ctx.sent.every((r) => r.headers.get('authorization') === `Bearer ${token}`)).toBe(true);
  });

  it('keeps developer-tool and client-credentials subscriptions apart (the spec ownership rule 3)', async () => {
    const appId = ctx.platform.fixtures.application.applicationId;
    const viaDeveloper = await developer().webhooks.subscriptions.create(appId, HOOK);
    const partner = ctx.lk();
    const viaPartner = await partner.webhooks.subscriptions.create(appId, HOOK);
    const developerSees = (await developer().webhooks.subscriptions.list(appId)).map((s) => s.id);
    expect(developerSees).toContain(viaDeveloper.id);
    expect(developerSees).not.toContain(viaPartner.id);
    await expect(partner.webhooks.subscriptions.get(appId, viaDeveloper.id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('refuses every other family before sending, saying which credentials it needs', () => {
    const lk = developer();
    const before = ctx.sent.length;
    for (const family of ['case', 'oneroster', 'rostering', 'caliper', 'activity'] as const) {
      expect(() => lk[family]).toThrow(
        new RegExp(
          `lk\\.${family} needs client credentials.*new LearnKit\\(\\{ baseUrl, clientId, clientSecret \\}\\)`,
        ),
      );
    }
    expect(ctx.sent.length).toBe(before);
  });

  it('on a 401 (an expired sign-in) fails at once with the fix, never asking for a token', async () => {
    const lk = ctx.lk({
      clientId: undefined,
      clientSecret: undefined,
      developerToken: ctx.platform.developerToken({ ttlSec: 1 }),
    });
    await ctx.platform.clock.advance(5_000);
    const appId = ctx.platform.fixtures.application.applicationId;
    const error = await lk.webhooks.subscriptions.list(appId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toMatch(/sign in again/);
    expect(ctx.sent.filter((r) => r.url.pathname.includes('/webhooks/')).length).toBe(1);
  });
});
