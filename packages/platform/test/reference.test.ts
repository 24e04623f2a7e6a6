import { ContractRecorder, contractFetch } from '@learnkit/contract';
import { clientCredentials, createTokenCache, ValidationError } from '@learnkit/core';
import { contract } from '@learnkit/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient, type Enrollment } from '../src/index';
import { type ReferencePlatform, referencePlatform } from './reference/server';

// The SDK's rostering, applications and insights families against a stand-in written from the platform's
// published reference (test/reference/server.ts), not against the mock: every exchange is checked against
// openapi/platform.yaml, so returns written from the reference must pass the contract checker too.

const recorder = new ContractRecorder();

function clientOf(platform: ReferencePlatform) {
  const fetch = contractFetch(contract, recorder, platform.fetch);
  return createPlatformClient({
    baseUrl: platform.baseUrl,
    auth: clientCredentials({
      tokenUrl: `${platform.baseUrl}/auth/1.0/token`,
      clientId: 'sandbox-client',
      clientSecret: 'sandbox-secret',
      style: 'basic',
      cache: createTokenCache(),
      fetch,
    }),
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    fetch,
    logger: false,
  });
}

afterEach(() => {
  recorder.assertClean();
  recorder.clear();
});

describe('the SDK against a stand-in written from the platform reference', () => {
  it('walks 237 enrollments from a server that pages by at most 100: 100 a page, total read from the body', async () => {
    const platform = referencePlatform({ enrollments: 237 });
    const client = clientOf(platform);
    const walked: Enrollment[] = [];
    for await (const enrollment of client.rostering.enrollments.list()) walked.push(enrollment);
    expect(walked).toHaveLength(237);
    expect(new Set(walked.map((enrollment) => enrollment.sourcedId)).size).toBe(237);
    expect(platform.requests.map((url) => url.search)).toEqual([
      '?limit=100&offset=0',
      '?limit=100&offset=100',
      '?limit=100&offset=200',
    ]);
    expect(walked[0]!.class.sourcedId).toMatch(/^cls-/);
    const first = await client.rostering.enrollments.list({ limit: 20, offset: 40 });
    expect(first).toMatchObject({ total: 237, offset: 40, limit: 20 });
    expect(first.data).toHaveLength(20);
    // Each request and each response of the stand-in was checked against openapi/platform.yaml.
    expect(recorder.results.length).toBeGreaterThanOrEqual(2 * platform.requests.length);
  });

  it('refuses a limit over 100 before sending, naming the range 1-100', async () => {
    const platform = referencePlatform();
    const client = clientOf(platform);
    const error = await client.rostering.enrollments.list({ limit: 250 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/query\.limit: must be a whole number in the range 1-100/);
    expect(platform.requests).toHaveLength(0);
  });

  it('lists orgs, upserts a student, and upserts and deletes its agent', async () => {
    const platform = referencePlatform();
    const client = clientOf(platform);
    const orgs = await client.rostering.orgs.list().toArray({ max: 100 });
    expect(orgs.map((org) => org.type)).toEqual(['district', 'school', 'school']);
    const student = await client.rostering.students.upsert({
      sourcedId: 'stu-1',
      givenName: 'Ada',
      familyName: 'Lovelace',
      enabledUser: 'true',
      primaryOrg: { sourcedId: orgs[1]!.sourcedId, type: 'org' },
    });
    expect(student).toMatchObject({ sourcedId: 'stu-1', enabledUser: 'true' });
    const parent = { href: `${platform.baseUrl}/rostering/1.0/users/p-1`, sourcedId: 'p-1', type: 'user' };
    const agentId = '7c0e8f52-4d1b-4b8a-9c3e-1f2a3b4c5d6e';
    await client.rostering.agents.upsert('stu-1', agentId, { relationshipType: 'parent', user: parent });
    expect((await client.rostering.agents.list('stu-1')).data).toEqual([
      { agentId, relationshipType: 'parent', user: parent },
    ]);
    await client.rostering.agents.remove('stu-1', agentId);
    expect((await client.rostering.agents.list('stu-1')).total).toBe(0);
  });

  it('registers a draft, reads its credentials in both pools, lists LTI applications with a filter', async () => {
    const platform = referencePlatform();
    const client = clientOf(platform);
    const draft = await client.applications.drafts.create({
      name: 'Fractions',
      description: 'Fractions practice',
      launchUrl: 'https://fractions.example.com/lti/launch',
    });
    expect(draft.appUrn).toBe(`urn:uuid:${draft.applicationId}`);
    const credentials = await client.applications.credentials.get(draft.applicationId);
    expect(credentials.productionCredentials.scopes).toEqual(['lti.readonly']);
    expect(credentials.sandboxCredentials?.clientId).toBe('sandbox-client');
    const active = await client.applications.ltiApplications
      .list({ filter: "status='active'" })
      .toArray({ max: 10 });
    expect(active.map((app) => app.name)).toEqual(['Fractions']);
  });

  it("writes an org config where null deletes a key, and reads a user's insights, sessions and overview", async () => {
    const platform = referencePlatform();
    const client = clientOf(platform);
    const config = await client.rostering.orgs.config.update('org-1', {
      cameraMicDefault: null,
      theme: 'dark',
    });
    expect(config).toEqual({ timezone: 'America/Denver', theme: 'dark' });
    const insights = await client.insights.users.list('usr-1').toArray({ max: 10 });
    expect(insights[0]).toMatchObject({ insightType: 'RapidGuessing', review: null });
    const sessions = await client.insights.users.sessions('usr-1').toArray({ max: 10 });
    expect(sessions.map((session) => session.wastePercentage)).toEqual([10, 10]);
    expect(await client.insights.users.overview('usr-1')).toMatchObject({ trend: [{ minutes: 25 }] });
  });
});
