import { loadContract } from '@learnkit/contract';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/generated/operations.js';
import { buildRouter, EXTRA_ROUTES, HANDLERS, NOT_MODELLED, patternOf } from '../src/operations/index.js';

// The operationIds as the documents state them, read from openapi/ by the contract package, not from the
// generated table the mock routes by (docs/decisions.md#d-mock-routes-by-operation-id).
const documented = loadContract().operationIds().sort();
const handled = Object.keys(HANDLERS).sort();
const notModelled = Object.keys(NOT_MODELLED).sort();

describe('the mock routes every operation of openapi/ by operationId (docs/decisions.md#d-mock-routes-by-operation-id)', () => {
  it('has a handler or a listed reason for every operation of the documents, and never both', () => {
    const missing = documented.filter((id) => !handled.includes(id) && !notModelled.includes(id));
    expect(
      missing,
      'operations without a handler: add one in src/routes/, or list it in NOT_MODELLED (operations/index.ts)',
    ).toEqual([]);
    expect(handled.filter((id) => notModelled.includes(id))).toEqual([]);
  });

  it('names only operations the documents state, in the handlers and in the not-modelled list', () => {
    expect(handled.filter((id) => !documented.includes(id))).toEqual([]);
    expect(notModelled.filter((id) => !documented.includes(id))).toEqual([]);
    expect(Object.keys(OPERATIONS).sort()).toEqual(documented);
  });

  it('routes each operation at the method and path the documents give, plus only the listed extra routes', () => {
    const routes = buildRouter()
      .routes()
      .map(({ method, pattern }) => `${method} ${pattern}`);
    const expected = [
      ...documented.map((id) => patternOf(id as keyof typeof OPERATIONS)),
      ...EXTRA_ROUTES,
    ].map(({ method, pattern }) => `${method} ${pattern}`);
    expect(routes.sort()).toEqual(expected.sort());
    expect(patternOf('getAllAssessmentLineItems')).toEqual({
      method: 'GET',
      pattern: '/ims/oneroster/gradebook/v1p2/assessmentLineItems',
    });
    expect(patternOf('getWebhookSubscription').pattern).toBe(
      '/webhooks/1.0/:sourcedApplicationId/subscriptions/:subscriptionId',
    );
  });

  it('returns an operation the mock does not model with 501 naming it and the reason, in its area format', async () => {
    const { getCFItem: _case, listInsightTypes: _platform, ...rest } = HANDLERS;
    const router = buildRouter(rest, { getCFItem: 'CASE items are read from the package only' });
    const context = {
      core: undefined as never,
      request: new Request('http://x/'),
      query: new URLSearchParams(),
    };
    const caseMatch = router.match('GET', '/ims/case/v1p1/CFItems/abc');
    if (caseMatch.kind !== 'found') throw new Error('the not-modelled operation is not routed');
    const caseResponse = await caseMatch.handler(context, caseMatch.params);
    expect(caseResponse.status).toBe(501);
    expect(((await caseResponse.json()) as { imsx_description: string }).imsx_description).toBe(
      'The mock does not model getCFItem (GET /ims/case/v1p1/CFItems/:sourcedId): CASE items are read from the package only',
    );
    const platformMatch = router.match('GET', '/insights/1.0/types');
    if (platformMatch.kind !== 'found') throw new Error('the operation without a handler is not routed');
    const platformResponse = await platformMatch.handler(context, platformMatch.params);
    expect(platformResponse.status).toBe(501);
    expect(await platformResponse.json()).toEqual({
      error: 'not_implemented',
      message:
        'The mock does not model listInsightTypes (GET /insights/1.0/types): no handler is registered for it',
    });
  });
});
