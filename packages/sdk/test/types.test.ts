import type { CaseComponents } from '@learnkit/case';
import type { OneRosterComponents } from '@learnkit/oneroster';
import type { PlatformComponents } from '@learnkit/platform';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CaseClient,
  type CFDocument,
  type HttpClient,
  LearnKit,
  type LearnKitPaths,
  type SubscriptionsClient,
  type WebhookSubscriptionWithSecret,
} from '../src/index';

// Compile-time checks (tsc runs them through `typecheck`); at run time the closures are never called.
const lk = new LearnKit({
  baseUrl: 'https://api.example.com',
  clientId: 'c',
  clientSecret: 'types-only',
  env: {},
});

describe('types of lk.http: every path of openapi/ on one client', () => {
  it('types CASE, platform and OneRoster operations from the intersection of the three documents', () => {
    expectTypeOf(lk.http).toEqualTypeOf<HttpClient<LearnKitPaths>>();

    const doc = () =>
      lk.http.call('GET', '/ims/case/v1p1/CFDocuments/{sourcedId}', { params: { path: { sourcedId: 'x' } } });
    expectTypeOf<Awaited<ReturnType<typeof doc>>['CFDocument']>().toEqualTypeOf<
      CaseComponents['schemas']['CFDocument']
    >();

    const user = () =>
      lk.http.call('GET', '/rostering/1.0/users/{sourcedId}', { params: { path: { sourcedId: 'u' } } });
    expectTypeOf<Awaited<ReturnType<typeof user>>>().toEqualTypeOf<PlatformComponents['schemas']['User']>();

    const users = () => lk.http.call('GET', '/ims/oneroster/rostering/v1p2/users/');
    expectTypeOf<Awaited<ReturnType<typeof users>>['users'][number]>().toEqualTypeOf<
      OneRosterComponents['schemas']['User']
    >();

    const caliper = () =>
      lk.http.call('POST', '/caliper/v1p2', {
        body: {
          sensor: 's',
          sendTime: 't',
          dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p2',
          data: [],
        },
      });
    expectTypeOf<Awaited<ReturnType<typeof caliper>>>().toEqualTypeOf<{
      accepted: number;
      duplicates: number;
    }>();

    // openapi-fetch's own methods accept the intersection too.
    const raw = () => lk.http.GET('/ims/case/v1p1/CFItems', { params: { query: { limit: 5 } } });
    expectTypeOf<NonNullable<Awaited<ReturnType<typeof raw>>['data']>['CFItems']>().toBeArray();
  });

  it('refuses unknown paths, wrong methods and missing parameters', () => {
    // @ts-expect-error: not a path of the platform
    void (() => lk.http.call('GET', '/nope'));
    // @ts-expect-error: CFDocuments has no DELETE
    void (() => lk.http.call('DELETE', '/ims/case/v1p1/CFDocuments'));
    // @ts-expect-error: the path parameter is required
    void (() => lk.http.call('GET', '/rostering/1.0/users/{sourcedId}'));
    // @ts-expect-error: limit is a number
    void (() => lk.http.call('GET', '/ims/case/v1p1/CFItems', { params: { query: { limit: 'ten' } } }));
  });

  it('types the domain clients', () => {
    expectTypeOf(lk.case).toEqualTypeOf<CaseClient>();
    expectTypeOf(lk.webhooks.subscriptions).toEqualTypeOf<SubscriptionsClient>();
    const created = () =>
      lk.webhooks.subscriptions.create('app', { url: 'https://x.example', eventTypes: ['test.ping'] });
    expectTypeOf<Awaited<ReturnType<typeof created>>>().toEqualTypeOf<WebhookSubscriptionWithSecret>();
    const get = () => lk.case.documents.get('id');
    expectTypeOf<Awaited<ReturnType<typeof get>>>().toEqualTypeOf<CFDocument>();
    // @ts-expect-error: not a catalogue event type
    void (() => lk.webhooks.subscriptions.create('app', { url: 'https://x.example', eventTypes: ['nope'] }));
  });
});
