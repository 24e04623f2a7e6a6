import { ValidationError } from '@learnkit/core';
import { ENVIRONMENTS } from '@learnkit/core/internal';
import { createMockPlatform } from '@learnkit/mock';
import { describe, expect, it } from 'vitest';
import { LaunchVerificationError, LearnKit, ltiDefaults } from '../src/index';

const APP = 'https://app.example.test/launch';

function learnKitOver(platform: ReturnType<typeof createMockPlatform>, lti: object | undefined) {
  const { clientId, clientSecret } = platform.clients.partner;
  return new LearnKit({
    baseUrl: platform.baseUrl,
    clientId,
    clientSecret,
    env: {},
    fetch: async (input, init) => platform.handle(new Request(input, init)),
    ...(lti ? { lti } : {}),
  });
}

describe('lk.lti', () => {
  it("verifies the mock's launch with the issuer and key set defaulted from the base URL", async () => {
    const platform = createMockPlatform();
    const lk = learnKitOver(platform, { audience: platform.clients.application.clientId });
    const student = platform.fixtures.roster.student;
    const { idToken } = await platform.lti.launch({ user: student.sourcedId, targetLinkUri: APP });
    await expect(lk.lti.verify(idToken)).resolves.toMatchObject({ platformUserId: student.sourcedId });
    await expect(lk.lti.verify(idToken)).rejects.toBeInstanceOf(LaunchVerificationError);
  });

  it("takes the key set from the client's environment, even when baseUrl sends the API elsewhere", async () => {
    const platform = createMockPlatform();
    const asked: string[] = [];
    const lk = new LearnKit({
      environment: 'production',
      baseUrl: platform.baseUrl,
      ...platform.clients.partner,
      env: {},
      fetch: async (input) => {
        asked.push(String(input instanceof Request ? input.url : input));
        return new Response('unavailable', { status: 503 });
      },
      lti: { audience: platform.clients.application.clientId },
    });
    const { idToken } = await platform.lti.launch({
      user: platform.fixtures.roster.student.sourcedId,
      targetLinkUri: APP,
    });
    await expect(lk.lti.verify(idToken)).rejects.toMatchObject({ reason: 'key_set_unreachable' });
    expect(asked).toEqual([ENVIRONMENTS.production.ltiJwksUrl]);
  });

  it('names lti.audience and the fix when it is missing, before anything is sent', () => {
    const platform = createMockPlatform();
    const lk = learnKitOver(platform, undefined);
    expect(() => lk.lti).toThrow(ValidationError);
    expect(() => lk.lti).toThrow(/lti\.audience.*LTI client id/);
    expect(platform.state.requests).toEqual([]);
  });

  it('defaults the issuer and key set from the environment, or the preset at the base URL', () => {
    expect(ltiDefaults({ baseUrl: 'https://x.test', environment: 'production' })).toEqual({
      issuer: ENVIRONMENTS.production.ltiIssuer,
      jwksUrl: ENVIRONMENTS.production.ltiJwksUrl,
    });
    expect(ltiDefaults({ baseUrl: `${ENVIRONMENTS.staging.baseUrl}/`, environment: undefined })).toEqual({
      issuer: ENVIRONMENTS.staging.ltiIssuer,
      jwksUrl: ENVIRONMENTS.staging.ltiJwksUrl,
    });
    expect(ltiDefaults({ baseUrl: 'http://127.0.0.1:4010', environment: undefined })).toEqual({
      issuer: 'http://127.0.0.1:4010',
      jwksUrl: 'http://127.0.0.1:4010/.well-known/jwks.json',
    });
  });

  it('lets an explicit issuer and jwksUrl win', async () => {
    const platform = createMockPlatform();
    const lk = learnKitOver(platform, {
      audience: platform.clients.application.clientId,
      issuer: 'https://timeback.com',
    });
    expect(lk.lti.issuer).toBe('https://timeback.com');
    const { idToken } = await platform.lti.launch({
      user: platform.fixtures.roster.student.sourcedId,
      targetLinkUri: APP,
    });
    await expect(lk.lti.verify(idToken)).rejects.toMatchObject({ reason: 'wrong_issuer' });
  });
});
