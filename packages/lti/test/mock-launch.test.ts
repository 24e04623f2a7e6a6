import { createActivityServer } from '@learnkit/activity/server';
import { Contract, readDocuments } from '@learnkit/contract';
import { ENVIRONMENTS } from '@learnkit/core/internal';
import { createMockPlatform, type MockPlatform } from '@learnkit/mock';
import { clientOptions, usePlatform } from '@learnkit/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLaunchHandler, createLaunchVerifier, LaunchVerificationError } from '../src/index';
import { SESSION_SECRET } from './helpers';

// The mock as the launching platform: its key set (held to openapi/lti.yaml), its launches verified by
// @learnkit/lti, its faults, its key rotation, and a launch that ends as the actor of the activity's Caliper events.

const ltiContract = new Contract(readDocuments(undefined, ['lti']));

/** The verifier's fetch of the mock's key set, every exchange held to openapi/lti.yaml. */
function keySetFetch(platform: MockPlatform, count: { fetches: number } = { fetches: 0 }) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    count.fetches++;
    const request = new Request(url, init);
    await ltiContract.assertRequest(request.clone());
    const response = await platform.handle(request);
    await ltiContract.assertResponse(request, response.clone());
    return response;
  };
}

function verifierOf(platform: MockPlatform, count?: { fetches: number }) {
  return createLaunchVerifier({
    issuer: platform.lti.issuer,
    audience: platform.clients.application.clientId,
    jwksUrl: platform.lti.jwksUrl,
    fetch: keySetFetch(platform, count),
  });
}

const APP = 'https://app.example.test/launch';

afterEach(() => {
  vi.useRealTimers();
});

describe('the mock as the launching platform', () => {
  it('signs a launch of a roster student that @learnkit/lti verifies, with the form that posts it', async () => {
    const platform = createMockPlatform();
    const { student } = platform.fixtures.roster;
    const { idToken, html } = await platform.lti.launch({ user: student.sourcedId, targetLinkUri: APP });
    const launch = await verifierOf(platform).verify(idToken);
    expect(launch).toMatchObject({
      platformUserId: student.sourcedId,
      email: student.email,
      issuer: 'https://api.learnkit.test',
      targetLinkUri: APP,
      messageType: 'LtiResourceLinkRequest',
    });
    expect(html).toContain(`<form id="learnkit-launch" method="post" action="${APP}">`);
    expect(html).toContain(`name="id_token" value="${idToken}"`);
  });

  it('takes the issuer of the environment preset its base URL is', () => {
    const sandbox = createMockPlatform({ baseUrl: ENVIRONMENTS.sandbox.baseUrl });
    expect(sandbox.lti.issuer).toBe(ENVIRONMENTS.sandbox.ltiIssuer);
    expect(sandbox.lti.jwksUrl).toBe(ENVIRONMENTS.sandbox.ltiJwksUrl);
    expect(createMockPlatform({ ltiIssuer: 'https://issuer.test' }).lti.issuer).toBe('https://issuer.test');
  });

  it.each([
    ['expired', 'expired'],
    ['wrong_audience', 'wrong_audience'],
    ['unknown_key', 'unknown_key'],
  ] as const)('injects the %s fault, which the verifier refuses as %s', async (fault, reason) => {
    const platform = createMockPlatform();
    const user = platform.fixtures.roster.student.sourcedId;
    const { idToken } = await platform.lti.launch({ user, targetLinkUri: APP, fault });
    const error = await verifierOf(platform)
      .verify(idToken)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LaunchVerificationError);
    expect((error as LaunchVerificationError).reason).toBe(reason);
  });

  it('injects a replay: the previous launch again, refused the second time', async () => {
    const platform = createMockPlatform();
    const user = platform.fixtures.roster.student.sourcedId;
    const verifier = verifierOf(platform);
    await verifier.verify((await platform.lti.launch({ user, targetLinkUri: APP })).idToken);
    const replay = await platform.lti.launch({ user, targetLinkUri: APP, fault: 'replay' });
    await expect(verifier.verify(replay.idToken)).rejects.toMatchObject({ reason: 'replayed' });
  });

  it('rotates its key on demand: the new kid is accepted after one refetch of the key set', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const platform = createMockPlatform();
    const user = platform.fixtures.roster.student.sourcedId;
    const count = { fetches: 0 };
    const verifier = verifierOf(platform, count);
    await verifier.verify((await platform.lti.launch({ user, targetLinkUri: APP })).idToken);
    const { kid } = await platform.lti.rotateKey({ dropPrevious: true });
    expect((await platform.lti.keySet()).keys.map((key) => key.kid)).toEqual([kid]);
    vi.setSystemTime(Date.now() + 31_000);
    await verifier.verify((await platform.lti.launch({ user, targetLinkUri: APP })).idToken);
    expect(count.fetches).toBe(2);
  });
});

describe('a launch signs the student in as the actor of the activity', () => {
  const ctx = usePlatform('loopback');

  it("the handler's session is the activity server's user, and the Caliper actor is the launch's sub", async () => {
    const { platform } = ctx;
    const verifier = createLaunchVerifier({
      issuer: platform.lti.issuer,
      audience: platform.clients.application.clientId,
      jwksUrl: platform.lti.jwksUrl,
      fetch: keySetFetch(platform),
    });
    const handler = createLaunchHandler({
      verifier,
      sessionSecret: SESSION_SECRET,
      onLaunch: () => ({ redirectTo: '/lesson' }),
    });
    const student = platform.fixtures.roster.student;
    const { idToken } = await platform.lti.launch({ user: student.sourcedId, targetLinkUri: APP });
    const launched = await handler(
      new Request(APP, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id_token: idToken }),
      }),
    );
    expect(launched.status).toBe(302);
    const cookie = (launched.headers.get('set-cookie') as string).split(';')[0] as string;

    const activity = createActivityServer({
      client: clientOptions(ctx),
      config: {
        sensor: 'https://app.example.test',
        app: { name: 'Fractions App' },
        courses: [{ subject: 'Math', grade: 3, courseId: 'course-math-g3', totalLessons: 40 }],
      },
      getUser: handler.getLaunchUser,
      logger: false,
    });
    const endedAt = new Date().toISOString();
    const startedAt = new Date(Date.now() - 16_000).toISOString();
    const rawResponse = await activity.handler(
      new Request('https://app.example.test/api/activity', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          v: 1,
          events: [
            {
              kind: 'timeSpent',
              id: `urn:uuid:${crypto.randomUUID()}`,
              runId: crypto.randomUUID(),
              activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
              window: { activeMs: 15_000, inactiveMs: 1000, startedAt, endedAt },
            },
          ],
        }),
      }),
    );
    expect(rawResponse.status).toBe(202);
    const [stored] = platform.state.caliperEvents.map((s) => s.event) as { actor: { id: string } }[];
    expect(stored?.actor.id).toBe(`${ctx.baseUrl}/rostering/1.0/users/${student.sourcedId}`);
    // No roster look-up by email: the launch gave the platform id.
    expect(platform.state.requests.filter((r) => r.path.startsWith('/ims/oneroster/rostering'))).toEqual([]);
  });
});
