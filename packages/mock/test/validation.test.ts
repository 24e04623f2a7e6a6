import { describe, expect, it } from 'vitest';
import { checkPackage } from '../src/case/validate-package.js';
import { generateFramework } from '../src/index.js';
import { useHarness } from './support/harness.js';

describe('requests validated by the schemas of openapi/ (docs/decisions.md#d-mock-validates-with-ajv)', () => {
  const h = useHarness('msw');

  it('names every failing member by its JSON path and the fix, in the imsx format on OneRoster paths', async () => {
    h.allowBadRequests();
    const token = await h.token(h.platform.clients.partner);
    const before = h.platform.snapshot();
    const rawResponse = await h.call('POST', '/ims/oneroster/gradebook/v1p2/assessmentLineItems/', {
      token,
      body: {
        assessmentLineItem: { status: 'archived', resultValueMin: 'low', class: {}, colour: 'red' },
      },
    });
    expect(rawResponse.status).toBe(400);
    const description = (rawResponse.body as { imsx_description: string }).imsx_description;
    expect(description).toMatch(/^Invalid request body: /);
    for (const problem of [
      'body.assessmentLineItem.title is required',
      'body.assessmentLineItem.colour is not allowed; remove it',
      'body.assessmentLineItem.status must be one of active, tobedeleted',
      'body.assessmentLineItem.resultValueMin must be a number or null',
      'body.assessmentLineItem.class.sourcedId is required',
    ]) {
      expect(description).toContain(problem);
    }
    expect(h.platform.snapshot()).toEqual(before);
  });

  it('responds with { error, message } on platform paths, naming array entries by index', async () => {
    h.allowBadRequests();
    const token = await h.token(h.platform.clients.partner);
    const { roster } = h.platform.fixtures;
    const rawResponse = await h.call('PUT', `/rostering/1.0/users/${roster.student.sourcedId}`, {
      token,
      body: { roles: [{ orgId: roster.schoolIds[0], role: 'student', beginDate: 'soon' }], metadata: 3 },
    });
    expect(rawResponse.status).toBe(400);
    expect(rawResponse.body).toEqual({
      error: 'bad_request',
      message:
        'Invalid request body: body.roles[0].beginDate must be a date YYYY-MM-DD; body.metadata must be an object or null',
    });
  });

  it('checks the body only after the token: a caller without one learns nothing from its problems', async () => {
    h.allowBadRequests();
    h.allowBadResponses();
    const rawResponse = await h.call('PUT', '/rostering/1.0/users/anyone', { body: { metadata: 3 } });
    expect(rawResponse.status).toBe(401);
  });

  it('responds with 404 naming the rule for a path parameter its schema refuses, after the token check', async () => {
    h.allowBadRequests();
    h.allowBadResponses();
    const app = h.platform.fixtures.application.applicationId;
    const path = `/webhooks/1.0/${app}/subscriptions/not-a-uuid`;
    expect((await h.call('GET', path)).status).toBe(401);
    const token = await h.token(h.platform.clients.partner);
    const rawResponse = await h.call('GET', path, { token });
    expect(rawResponse.status).toBe(404);
    expect((rawResponse.body as { message: string }).message).toContain('path.subscriptionId must');
  });

  it('names the members of a package whose responses would break the documents, as the upload spells them', () => {
    const valid = generateFramework({ seed: 3, items: 3 });
    expect(
      checkPackage(
        {
          ...valid,
          CFDocument: { ...valid.CFDocument, licenseUri: 'no scheme' },
          CFItems: [{ ...valid.CFItems[0]!, lastChangeDateTime: '2025-01-01T00:00:00' }],
        },
        'https://api.learnkit.test',
      ).problems,
    ).toEqual([
      'body.CFDocument.licenseUri must be an absolute URI',
      'body.CFItems[0].lastChangeDateTime must be an ISO 8601 date-time with a time zone',
    ]);
  });

  it('keeps the business messages the schemas cannot word: unknown event types, the platform-only status', async () => {
    h.allowBadRequests();
    const token = await h.token(h.platform.clients.partner);
    const app = h.platform.fixtures.application.applicationId;
    const unknown = await h.call('POST', `/webhooks/1.0/${app}/subscriptions`, {
      token,
      body: { url: 'https://hooks.partner.example/x', eventTypes: ['test.ping', 'nope'] },
    });
    expect(unknown.body).toEqual({ error: 'bad_request', message: 'Unknown webhook event types: nope' });
    const ip = await h.call('POST', `/webhooks/1.0/${app}/subscriptions`, {
      token,
      body: { url: 'https://10.0.0.1/x', eventTypes: ['test.ping'] },
    });
    expect(ip.body).toEqual({
      error: 'bad_request',
      message: 'url must use a domain name, not an IPv4 address',
    });
  });
});
