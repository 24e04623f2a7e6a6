import { describe, expect, it } from 'vitest';
import { LaunchVerificationError, LTI_CLAIM } from '../src/index';
import { AUDIENCE, ISSUER, keySetServer, launchClaims, makeKey, signLaunch, verifierFor } from './helpers';

describe('createLaunchVerifier: a valid launch', () => {
  it('resolves the typed launch with every claim', async () => {
    const key = await makeKey('k1');
    const server = keySetServer([key]);
    const verifier = verifierFor(server);
    const claims = launchClaims();
    const launch = await verifier.verify(await signLaunch(key, claims));
    expect(launch).toMatchObject({
      platformUserId: claims.sub,
      issuer: ISSUER,
      email: 'ada@example.test',
      name: 'Ada Lovelace',
      givenName: 'Ada',
      familyName: 'Lovelace',
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      context: { id: 'class-1', label: 'MATH-5', title: 'Math 5' },
      resourceLink: { id: 'link-1', title: 'Fractions' },
      deploymentId: 'deployment-1',
      targetLinkUri: 'https://app.example.test/lesson',
      messageType: 'LtiResourceLinkRequest',
    });
    expect(launch.claims).toEqual(claims);
  });

  it('accepts ES256 and an audience list whose azp is this app', async () => {
    const key = await makeKey('ec', 'ES256');
    const verifier = verifierFor(keySetServer([key]));
    const token = await signLaunch(key, launchClaims({ aud: [AUDIENCE, 'other'], azp: AUDIENCE }));
    await expect(verifier.verify(token)).resolves.toMatchObject({ issuer: ISSUER });
  });

  it('accepts a token without LTI claims (the platform reference shows none), unless they are required', async () => {
    const key = await makeKey('k1');
    const server = keySetServer([key]);
    const bare = launchClaims({ [LTI_CLAIM.messageType]: undefined, [LTI_CLAIM.version]: undefined });
    await expect(verifierFor(server).verify(await signLaunch(key, bare))).resolves.toBeDefined();
    const strict = verifierFor(server, { requireLtiClaims: true });
    await expect(strict.verify(await signLaunch(key, { ...bare, nonce: 'other' }))).rejects.toMatchObject({
      reason: 'missing_claim',
    });
  });

  it('refuses another LTI version, another message type and another deployment', async () => {
    const key = await makeKey('k1');
    const server = keySetServer([key]);
    const verifier = verifierFor(server, { deploymentId: 'deployment-1' });
    for (const [claims, reason] of [
      [launchClaims({ [LTI_CLAIM.version]: '1.1' }), 'malformed'],
      [launchClaims({ [LTI_CLAIM.messageType]: 'Other' }), 'malformed'],
      [launchClaims({ [LTI_CLAIM.deploymentId]: 'deployment-2' }), 'wrong_audience'],
      [launchClaims({ [LTI_CLAIM.deploymentId]: undefined }), 'missing_claim'],
    ] as const) {
      const error = await verifier.verify(await signLaunch(key, claims)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LaunchVerificationError);
      expect((error as LaunchVerificationError).reason).toBe(reason);
    }
  });

  it('names the field and the fix for bad options, before anything is fetched', async () => {
    const server = keySetServer([]);
    expect(() => verifierFor(server, { audience: '' })).toThrow(/audience.*LTI client id/);
    expect(() => verifierFor(server, { jwksUrl: 'jwks.json' })).toThrow(/jwksUrl.*absolute URL/);
    expect(() => verifierFor(server, { nonceStore: {} as never })).toThrow(/nonceStore.*claim/);
    expect(server.fetches).toBe(0);
  });
});
