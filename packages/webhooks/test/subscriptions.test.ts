import { inspect } from 'node:util';
import {
  BadRequestError,
  ConnectionError,
  clientCredentials,
  createTokenCache,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from '@learnkit/core';
import { describe, expect, it } from 'vitest';
import { createSubscriptionsClient, SigningSecret, type WebhookEventType } from '../src/index';
import { useMockPlatform } from './mock-support';

const ctx = useMockPlatform();
const app = () => ctx.platform.fixtures.application.applicationId;
const URL_ = 'https://hooks.partner.example/learnkit';

const subscriptionsOf = (client: 'partner' | 'otherPartner' | 'noGrant' | 'noWebhookScopes') =>
  createSubscriptionsClient(ctx.http(ctx.platform.clients[client]));

describe('subscriptions against the mock platform', () => {
  it('creates, lists, gets, updates, rotates and deletes, with the secret only from create and rotate', async () => {
    const subs = subscriptionsOf('partner');
    const created = await subs.create(app(), {
      url: URL_,
      eventTypes: ['enrollment.created', 'enrollment.deleted'],
    });
    expect(created).toMatchObject({
      url: URL_,
      eventTypes: ['enrollment.created', 'enrollment.deleted'],
      status: 'active',
    });
    expect(created.signingSecret).toBeInstanceOf(SigningSecret);
    const secret = created.signingSecret.reveal();
    expect(secret).toMatch(/^whsec_/);

    const listed = await subs.list(app());
    expect(listed).toEqual([
      {
        id: created.id,
        url: URL_,
        eventTypes: created.eventTypes,
        status: 'active',
        dateCreated: created.dateCreated,
      },
    ]);
    expect(await subs.get(app(), created.id)).toEqual(listed[0]);

    const paused = await subs.update(app(), created.id, { status: 'paused' });
    expect(paused.status).toBe('paused');
    const changed = await subs.update(app(), created.id, {
      status: 'active',
      url: `${URL_}/v2`,
      eventTypes: ['test.ping'],
    });
    expect(changed).toMatchObject({ status: 'active', url: `${URL_}/v2`, eventTypes: ['test.ping'] });

    const rotated = await subs.rotateSecret(app(), created.id);
    expect(rotated.id).toBe(created.id);
    expect(rotated.signingSecret.reveal()).toMatch(/^whsec_/);
    expect(rotated.signingSecret.reveal()).not.toBe(secret);

    await expect(subs.delete(app(), created.id)).resolves.toBeUndefined();
    await expect(subs.get(app(), created.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await subs.list(app())).toEqual([]);
  });

  it('builds its own HTTP client from HttpClientOptions', async () => {
    const { partner } = ctx.platform.clients;
    const subs = createSubscriptionsClient({
      baseUrl: ctx.platform.baseUrl,
      auth: clientCredentials({
        tokenUrl: `${ctx.platform.baseUrl}/auth/1.0/token`,
        clientId: partner.clientId,
        clientSecret: partner.clientSecret,
        style: 'basic',
        cache: createTokenCache(),
      }),
    });
    const created = await subs.create(app(), { url: URL_, eventTypes: ['user.created'] });
    expect((await subs.list(app())).map((s) => s.id)).toEqual([created.id]);
  });

  it('keeps the signing secret out of logs, JSON and inspection', async () => {
    const created = await subscriptionsOf('partner').create(app(), { url: URL_, eventTypes: ['test.ping'] });
    const secret = created.signingSecret.reveal();
    const tail = secret.slice(-4);
    for (const shown of [
      String(created.signingSecret),
      `${created.signingSecret}`,
      JSON.stringify(created),
      inspect(created),
    ]) {
      expect(shown).not.toContain(secret);
      expect(shown).toContain(`whsec_…${tail}`);
    }
    const error = new Error('failed to store', { cause: created });
    expect(JSON.stringify({ error: error.message, cause: error.cause })).not.toContain(secret);
    expect(inspect(error, { depth: 5 })).not.toContain(secret);
  });

  it('applies the ownership rules: another auth client sees none of it (404), the developer tool path neither', async () => {
    const mine = subscriptionsOf('partner');
    const theirs = subscriptionsOf('otherPartner');
    const created = await mine.create(app(), { url: URL_, eventTypes: ['test.ping'] });
    expect(await theirs.list(app())).toEqual([]);
    for (const call of [
      () => theirs.get(app(), created.id),
      () => theirs.update(app(), created.id, { status: 'paused' }),
      () => theirs.rotateSecret(app(), created.id),
      () => theirs.delete(app(), created.id),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(NotFoundError);
    }
    expect((await mine.get(app(), created.id)).status).toBe('active');

    const developer = createSubscriptionsClient(ctx.developerHttp());
    expect(await developer.list(app())).toEqual([]);
    await expect(developer.get(app(), created.id)).rejects.toBeInstanceOf(NotFoundError);
    const viaTool = await developer.create(app(), { url: `${URL_}/tool`, eventTypes: ['user.created'] });
    expect((await developer.list(app())).map((s) => s.id)).toEqual([viaTool.id]);
    expect((await mine.list(app())).map((s) => s.id)).toEqual([created.id]);
  });

  it('responds with 403 without the app:manage_webhooks grant or the webhook scopes', async () => {
    await expect(subscriptionsOf('noGrant').list(app())).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(
      subscriptionsOf('noWebhookScopes').create(app(), { url: URL_, eventTypes: ['test.ping'] }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('applies the status rules: pause holds, active re-enables; disabled is refused before sending', async () => {
    const subs = subscriptionsOf('partner');
    const created = await subs.create(app(), { url: URL_, eventTypes: ['test.ping'] });
    expect((await subs.update(app(), created.id, { status: 'paused' })).status).toBe('paused');
    expect((await subs.update(app(), created.id, { status: 'active' })).status).toBe('active');
    const before = ctx.apiRequests().length;
    const error = (await subs
      .update(app(), created.id, { status: 'disabled' as never })
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([
      { path: ['status'], message: expect.stringMatching(/only the platform disables/) },
    ]);
    expect(ctx.apiRequests().length).toBe(before);
  });

  it('sends a type newer than the SDK only when allowed, and the platform judges it', async () => {
    // The type is outside openapi/'s enum on purpose: the request breaks the contract, the response must not.
    ctx.allowBadRequests();
    const subs = subscriptionsOf('partner');
    await expect(
      subs.create(app(), { url: URL_, eventTypes: ['course.published' as WebhookEventType] }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(ctx.apiRequests()).toHaveLength(0);
    const refused = await subs
      .create(app(), { url: URL_, eventTypes: ['course.published'] }, { allowUnknownEventTypes: true })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).message).toMatch(/Unknown webhook event types: course\.published/);
    expect(ctx.apiRequests()).toHaveLength(1);
    const lenient = createSubscriptionsClient(ctx.http(ctx.platform.clients.partner), {
      allowUnknownEventTypes: true,
    });
    await expect(
      lenient.update(
        app(),
        '00000000-0000-4000-8000-000000000000',
        { eventTypes: ['course.published'] },
        { allowUnknownEventTypes: true },
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('validation before sending (nothing sent)', () => {
  const cases: [string, () => Promise<unknown>, (string | number)[], RegExp][] = [
    [
      'http url',
      () =>
        subscriptionsOf('partner').create(app(), {
          url: 'http://hooks.example.com/x',
          eventTypes: ['test.ping'],
        }),
      ['url'],
      /https:\/\//,
    ],
    [
      'IPv4 url',
      () =>
        subscriptionsOf('partner').create(app(), { url: 'https://203.0.113.7/x', eventTypes: ['test.ping'] }),
      ['url'],
      /IPv4/,
    ],
    [
      'IPv4 in decimal',
      () =>
        subscriptionsOf('partner').create(app(), { url: 'https://3405803783/x', eventTypes: ['test.ping'] }),
      ['url'],
      /IPv4/,
    ],
    [
      'IPv6 url',
      () =>
        subscriptionsOf('partner').create(app(), {
          url: 'https://[2001:db8::1]/x',
          eventTypes: ['test.ping'],
        }),
      ['url'],
      /IPv6/,
    ],
    [
      'credentials',
      () =>
        subscriptionsOf('partner').create(app(), {
          url: 'https://u:p@hooks.example.com/',
          eventTypes: ['test.ping'],
        }),
      ['url'],
      /credentials/,
    ],
    [
      'localhost',
      () =>
        subscriptionsOf('partner').create(app(), {
          url: 'https://localhost:8443/hook',
          eventTypes: ['test.ping'],
        }),
      ['url'],
      /domain name/,
    ],
    [
      'not a URL',
      () => subscriptionsOf('partner').create(app(), { url: 'https://', eventTypes: ['test.ping'] }),
      ['url'],
      /valid URL/,
    ],
    [
      'no event types',
      () => subscriptionsOf('partner').create(app(), { url: URL_, eventTypes: [] }),
      ['eventTypes'],
      /at least one/,
    ],
    [
      'event types that are not a list, on update',
      () =>
        subscriptionsOf('partner').update(app(), '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', {
          eventTypes: 42 as never,
        }),
      ['eventTypes'],
      /at least one/,
    ],
    [
      'unknown event type',
      () =>
        subscriptionsOf('partner').create(app(), {
          url: URL_,
          eventTypes: ['test.ping', 'enrolment.created' as WebhookEventType],
        }),
      ['eventTypes', 1],
      /did you mean "enrollment\.created"\?/,
    ],
    [
      'unknown member',
      () =>
        subscriptionsOf('partner').create(app(), {
          url: URL_,
          eventTypes: ['test.ping'],
          status: 'active',
        } as never),
      ['status'],
      /allowed: url, eventTypes/,
    ],
    [
      'status value',
      () => subscriptionsOf('partner').update(app(), 'id-1', { status: 'stopped' as never }),
      ['status'],
      /'active' or 'paused'/,
    ],
    [
      'update url',
      () => subscriptionsOf('partner').update(app(), 'id-1', { url: 'https://10.0.0.1/' }),
      ['url'],
      /IPv4/,
    ],
    ['empty appId', () => subscriptionsOf('partner').list(''), ['appId'], /non-empty/],
    ['empty id', () => subscriptionsOf('partner').rotateSecret(app(), ''), ['id'], /non-empty/],
    ['empty id on delete', () => subscriptionsOf('partner').delete(app(), ' '), ['id'], /non-empty/],
  ];
  it.each(cases)('%s', async (_label, call, path, message) => {
    const error = (await call().catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    const issue = error.issues.find((i) => JSON.stringify(i.path) === JSON.stringify(path));
    expect(issue, JSON.stringify(error.issues)).toBeDefined();
    expect(issue!.message).toMatch(message);
    expect(ctx.sent).toHaveLength(0);
  });
});

describe('idempotency (docs/decisions.md#d-retries)', () => {
  const path = () => `/webhooks/1.0/${app()}/subscriptions`;

  it('does not retry create after a 500, nor after a reset connection', async () => {
    const subs = subscriptionsOf('partner');
    ctx.platform.faults.inject({ method: 'POST', path: path(), status: 500, times: 2 });
    await expect(subs.create(app(), { url: URL_, eventTypes: ['test.ping'] })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(ctx.apiRequests()).toHaveLength(1);
    ctx.platform.faults.clear();
    ctx.platform.faults.inject({ method: 'POST', path: path(), reset: true });
    await expect(subs.create(app(), { url: URL_, eventTypes: ['test.ping'] })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect(ctx.apiRequests()).toHaveLength(2);
  });

  it('retries create on 429', async () => {
    const subs = subscriptionsOf('partner');
    ctx.platform.faults.inject({ method: 'POST', path: path(), status: 429, retryAfter: 0 });
    await expect(subs.create(app(), { url: URL_, eventTypes: ['test.ping'] })).resolves.toMatchObject({
      status: 'active',
    });
    expect(ctx.apiRequests()).toHaveLength(2);
  });

  it('does not retry rotate-secret or delete after a 500; retries get, list and update', async () => {
    const subs = subscriptionsOf('partner');
    const created = await subs.create(app(), { url: URL_, eventTypes: ['test.ping'] });
    const item = `${path()}/${created.id}`;
    const count = () => ctx.apiRequests().length;

    let before = count();
    ctx.platform.faults.inject({ method: 'POST', path: `${item}/rotate-secret`, status: 500, times: 3 });
    await expect(subs.rotateSecret(app(), created.id)).rejects.toBeInstanceOf(InternalServerError);
    expect(count() - before).toBe(1);
    ctx.platform.faults.clear();

    before = count();
    ctx.platform.faults.inject({ method: 'DELETE', path: item, status: 500, times: 3 });
    await expect(subs.delete(app(), created.id)).rejects.toBeInstanceOf(InternalServerError);
    expect(count() - before).toBe(1);
    ctx.platform.faults.clear();

    for (const [method, call] of [
      ['GET', () => subs.get(app(), created.id)],
      ['GET', () => subs.list(app())],
      ['PUT', () => subs.update(app(), created.id, { status: 'paused' })],
    ] as const) {
      before = count();
      ctx.platform.faults.inject({ method, path: /\/subscriptions/, status: 500, times: 2 });
      await expect(call()).resolves.toBeTruthy();
      expect(count() - before, method).toBe(3);
      ctx.platform.faults.clear();
    }
  });
});
