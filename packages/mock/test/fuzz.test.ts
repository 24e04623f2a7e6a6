// Property-based fuzzing of every route of the mock, over both transports: hostile methods, paths, query strings,
// headers and bodies. Properties: no 5xx and no unexpected exception, the stored state unchanged after a refused
// request, no secret revealed in a response or the request log. The run is bounded by its count of runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateFramework, type MockPlatform } from '../src/index.js';
import { buildRouter } from '../src/operations/index.js';
import { fuzzParameters, revealed, secretsOf } from './support/fuzz.js';
import { type Harness, type Transport, useHarness } from './support/harness.js';
import { actor, completed, envelope, timeSpent } from './support/helpers.js';
import {
  headerString,
  hostileJson,
  hostileString,
  type Mutation,
  mutate,
  mutation,
  nestedJson,
  PROTOTYPE_NAMES,
} from './support/hostile.js';

/** Runs per transport: each is a fresh platform and one to three hostile requests. */
const RUNS: Record<Transport, number> = {
  msw: Number(process.env.FUZZ_RUNS ?? 120),
  loopback: Number(process.env.FUZZ_RUNS ?? 50),
};

const ROUTES = buildRouter().routes();

/** A valid body of each route that takes one, built against the seeded platform; the fuzz mutates it. */
function exampleBodies(platform: MockPlatform): Record<string, unknown> {
  const { roster, case: framework } = platform.fixtures;
  const { partner } = platform.clients;
  const user = actor(platform.baseUrl, roster.student.sourcedId, roster.student.email);
  const form = {
    grant_type: 'client_credentials',
    client_id: partner.clientId,
    client_secret: partner.clientSecret,
  };
  const lineItem = { assessmentLineItem: { title: 'Quiz', class: { sourcedId: roster.classIds[0] } } };
  return {
    'POST /auth/1.0/token': form,
    'POST /oauth2/token': { ...form, scope: partner.scopes[0] },
    'POST /ims/case/v1p1/CFItems/validate': { ids: framework.itemIds.slice(0, 3) },
    'POST /ims/case/v1p1/CFPackages': generateFramework({ seed: 9, items: 3 }),
    'POST /ims/oneroster/gradebook/v1p2/assessmentLineItems': lineItem,
    'PUT /ims/oneroster/gradebook/v1p2/assessmentLineItems/:sourcedId': lineItem,
    'POST /webhooks/1.0/:sourcedApplicationId/subscriptions': {
      url: 'https://hooks.partner.example/x',
      eventTypes: ['test.ping'],
    },
    'PUT /webhooks/1.0/:sourcedApplicationId/subscriptions/:subscriptionId': {
      status: 'paused',
      url: 'https://hooks.partner.example/y',
      eventTypes: ['user.created'],
    },
    'POST /caliper/v1p2': envelope([timeSpent(user), completed(user)]),
    'PUT /rostering/1.0/users/:sourcedId': {
      email: 'fuzz@maple.learnkit.test',
      givenName: 'Fuzz',
      familyName: 'Tester',
      primaryOrgId: roster.schoolIds[0],
      roles: [{ orgId: roster.schoolIds[0], role: 'student' }],
      metadata: { grade: 3 },
    },
    'PUT /rostering/1.0/users/:sourcedId/roles/:roleId': { orgId: roster.schoolIds[0], role: 'teacher' },
    'PUT /rostering/1.0/orgs/:sourcedId/config': { theme: 'dark' },
    'POST /applications/1.0/drafts': { name: 'Fuzz' },
    'PUT /applications/1.0/applications/:sourcedId': { name: 'Fuzz', proctoringEnabled: true },
    'POST /insights/1.0/sessions': { sessionId: 'session-fuzz', subject: 'Math' },
    'POST /apps/v1/discount-codes/validate': { code: 'WELCOME10' },
    'POST /store/v1/discount-codes/validate': { code: 'LEARNKIT' },
  };
}

/**
 * Ids the platform holds now that fit the parameter `name` of `pattern` (what the segment before it names), so a
 * path often names an object that exists and the request gets past the 404 into the operation.
 */
function knownIds(platform: MockPlatform, pattern: string, name: string): string[] {
  const { state } = platform;
  const { roster } = state;
  const before = pattern.slice(0, pattern.indexOf(`:${name}`));
  const pools: [RegExp, () => Iterable<string>][] = [
    [/subscriptions\/$/, () => state.subscriptions.keys()],
    [/claims\/$/, () => state.secretClaims.keys()],
    [/sessions\/$/, () => state.sessions.keys()],
    [/enrollments\/$/, () => roster.enrollments.keys()],
    [/roles\/$/, () => roster.roles.keys()],
    [/profiles\/$/, () => roster.profiles.keys()],
    [/users\/$/, () => roster.users.keys()],
    [/orgs\/$/, () => roster.orgs.keys()],
    [/CFDocuments\/$|CFPackages\/$/, () => state.case.documents.keys()],
    [/CFItems\/$/, () => [...state.case.items.keys()].slice(0, 5)],
    [/CFAssociations\/$/, () => state.case.associations.keys()],
    [/assessmentLineItems\/$/, () => roster.lineItems.keys()],
    [/applications\/$|applications\/1\.0\/$|webhooks\/1\.0\/$/, () => state.applications.keys()],
  ];
  const ids = [...(pools.find(([pattern]) => pattern.test(before))?.[1]() ?? [])];
  return ids.length > 0 ? ids : [...roster.users.keys()];
}

type PathValue = { kind: 'known'; index: number } | { kind: 'hostile'; value: string; encode: boolean };
type Auth =
  | 'none'
  | 'partner'
  | 'internal'
  | 'otherPartner'
  | 'noWebhookScopes'
  | 'developer'
  | 'basicPartner'
  | 'basicMixed'
  | 'bearerSecret'
  | 'tokenSuffix'
  | { garbage: string };
type Body =
  | { kind: 'none' }
  | { kind: 'example'; mutations: Mutation[] }
  | { kind: 'deepMember'; depth: number; at: Placement }
  | { kind: 'bigMember'; bytes: number; at: Placement }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string };
/** Where a deep or big value goes into an example body: a new member, or in place of an existing one. */
type Placement = { kind: 'add'; key: string } | { kind: 'replace'; index: number };
type Fuzzed = {
  route: number;
  method: string | null;
  params: PathValue[];
  query: [string, string][];
  auth: Auth;
  contentType: string | null;
  host: 'own' | 'localhost' | 'foreign' | { garbage: string } | null;
  body: Body;
};

const filterText = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('sourcedId', 'title', 'status', 'email', ...PROTOTYPE_NAMES), hostileString),
      fc.constantFrom('=', '!=', '~', '>', '>=', '<', '<=', '@', '==', ''),
      fc.oneof(
        hostileString.map((value) => `'${value}'`),
        hostileString,
      ),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((conditions) =>
    fc
      .array(fc.constantFrom(' AND ', ' OR ', ' and ', ''), {
        minLength: conditions.length,
        maxLength: conditions.length,
      })
      .map((joins) =>
        conditions
          .map(([field, op, value], index) => `${index ? joins[index] : ''}${field}${op}${value}`)
          .join(''),
      ),
  );

const queryEntry: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constantFrom('limit', 'offset'),
    fc.oneof(fc.integer({ min: -5, max: 4000 }).map(String), hostileString),
  ),
  fc.tuple(fc.constant('filter'), filterText),
  fc.tuple(fc.constantFrom('sort', 'fields'), fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostileString)),
  fc.tuple(fc.constantFrom('orderBy', 'search', 'studentId', 'subject'), hostileString),
  fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostileString), hostileString),
);

/** Indexes of the routes that take a body (POST and PUT). */
const BODY_ROUTES = ROUTES.flatMap((route, index) => (['POST', 'PUT'].includes(route.method) ? [index] : []));

const placement: fc.Arbitrary<Placement> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.oneof(fc.constantFrom('metadata', 'extra'), hostileString),
  }),
  fc.record({ kind: fc.constant('replace' as const), index: fc.nat() }),
);

const OTHER_AUTH = [
  'none',
  'internal',
  'otherPartner',
  'noWebhookScopes',
  'developer',
  'basicPartner',
  'basicMixed',
  'bearerSecret',
  'tokenSuffix',
] as const;

/** Weights of one property: which boundary it presses on hardest. */
type Focus = {
  routes: number[];
  hostileLine: number;
  bodyWeights: [number, number, number, number, number, number];
};

/** The request-line property: every route; methods, paths, queries, Host and credentials at their worst. */
const LINE: Focus = {
  routes: ROUTES.map((_, index) => index),
  hostileLine: 1,
  bodyWeights: [6, 1, 1, 1, 2, 1],
};
/** The body property: routes that take a body, a valid caller, bodies at their worst (deep, big, mutated, junk). */
const BODY: Focus = { routes: BODY_ROUTES, hostileLine: 0, bodyWeights: [6, 0, 3, 2, 3, 1] };

function fuzzedRequest(focus: Focus): fc.Arbitrary<Fuzzed> {
  const hostile = focus.hostileLine;
  const [example, none, deep, big, json, text] = focus.bodyWeights;
  return fc.record({
    route: fc.constantFrom(...focus.routes),
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(null) },
      {
        weight: hostile,
        arbitrary: fc.constantFrom(
          'GET',
          'POST',
          'PUT',
          'DELETE',
          'PATCH',
          'OPTIONS',
          'HEAD',
          'PROPFIND',
          'FOO',
          'patch',
        ),
      },
    ),
    params: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.record({ kind: fc.constant('known' as const), index: fc.nat() }) },
        {
          weight: hostile,
          arbitrary: fc.record({
            kind: fc.constant('hostile' as const),
            value: hostileString,
            encode: fc.boolean(),
          }),
        },
      ),
      { minLength: 3, maxLength: 3 },
    ),
    query: hostile ? fc.array(queryEntry, { maxLength: 3 }) : fc.constant([]),
    auth: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom<Auth>('partner', 'partner', 'internal') },
      { weight: 3 * hostile, arbitrary: fc.constantFrom<Auth>(...OTHER_AUTH) },
      { weight: hostile, arbitrary: headerString.map((garbage): Auth => ({ garbage })) },
    ),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
        ),
      },
      { weight: 1, arbitrary: headerString },
    ),
    host: fc.oneof(
      { weight: 16, arbitrary: fc.constant(null) },
      {
        weight: 2 * hostile,
        arbitrary: fc.constantFrom('own' as const, 'localhost' as const, 'foreign' as const),
      },
      { weight: hostile, arbitrary: headerString.map((garbage) => ({ garbage })) },
    ),
    body: fc.oneof(
      {
        weight: example,
        arbitrary: fc.record({
          kind: fc.constant('example' as const),
          mutations: fc.array(mutation, { maxLength: 3 }),
        }),
      },
      { weight: none, arbitrary: fc.constant({ kind: 'none' as const }) },
      {
        weight: deep,
        arbitrary: fc.record({
          kind: fc.constant('deepMember' as const),
          depth: fc.oneof(fc.integer({ min: 60, max: 70 }), fc.integer({ min: 3000, max: 20_000 })),
          at: placement,
        }),
      },
      {
        weight: big,
        arbitrary: fc.record({
          kind: fc.constant('bigMember' as const),
          bytes: fc.integer({ min: 1024 * 1024 - 200, max: 1024 * 1024 + 200 }),
          at: placement,
        }),
      },
      { weight: json, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileJson }) },
      { weight: text, arbitrary: fc.record({ kind: fc.constant('text' as const), text: hostileString }) },
    ),
  });
}

/** `value` as a form body, as the token endpoints take it (members that are not strings become text). */
const formOf = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? new URLSearchParams(
        Object.entries(value).map(([key, entry]) => [
          key,
          typeof entry === 'string' ? entry : (JSON.stringify(entry) ?? ''),
        ]),
      ).toString()
    : String(value);

/** The request a fuzzed value stands for, against the platform of this run. */
function build(h: { url: string; platform: MockPlatform }, fuzzed: Fuzzed, tokens: Record<string, string>) {
  const { platform } = h;
  const route = ROUTES[fuzzed.route]!;
  let param = 0;
  const path = route.pattern.replace(/:(\w+)/g, (_, name: string) => {
    const pick = fuzzed.params[param++ % fuzzed.params.length]!;
    if (pick.kind === 'known') {
      const ids = knownIds(platform, route.pattern, name);
      return encodeURIComponent(ids[pick.index % ids.length]!);
    }
    return pick.encode ? encodeURIComponent(pick.value) : pick.value;
  });
  const query = fuzzed.query.length ? `?${new URLSearchParams(fuzzed.query).toString()}` : '';
  const method = fuzzed.method ?? route.method;
  const headers: Record<string, string> = {};
  const { partner, internal } = platform.clients;
  const auth = fuzzed.auth;
  if (typeof auth === 'object') headers.authorization = auth.garbage;
  else if (auth === 'basicPartner')
    headers.authorization = `Basic ${btoa(`${partner.clientId}:${partner.clientSecret}`)}`;
  else if (auth === 'basicMixed')
    headers.authorization = `Basic ${btoa(`${partner.clientId}:${internal.clientSecret}`)}`;
  else if (auth === 'bearerSecret') headers.authorization = `Bearer ${internal.clientSecret}`;
  else if (auth === 'tokenSuffix') headers.authorization = `Bearer ${tokens.partner}x`;
  else if (auth !== 'none') headers.authorization = `Bearer ${tokens[auth]}`;
  const host = fuzzed.host;
  if (host === 'own') headers.host = new URL(h.url).host;
  else if (host === 'localhost') headers.host = 'localhost';
  else if (host === 'foreign') headers.host = 'evil.example';
  else if (host) headers.host = host.garbage;

  const example = exampleBodies(platform)[`${route.method} ${route.pattern}`];
  const form = route.pattern.endsWith('/token');
  let body: string | undefined;
  const mark = 'fuzz-deep-member-mark';
  switch (fuzzed.body.kind) {
    case 'example': {
      const value = mutate(example ?? {}, fuzzed.body.mutations);
      body = form ? formOf(value) : JSON.stringify(value);
      break;
    }
    case 'deepMember':
      body = JSON.stringify(mutate(example ?? {}, [{ ...fuzzed.body.at, value: mark }])).replace(
        `"${mark}"`,
        nestedJson(fuzzed.body.depth),
      );
      break;
    case 'bigMember':
      body = JSON.stringify(
        mutate(example ?? {}, [{ ...fuzzed.body.at, value: 'b'.repeat(fuzzed.body.bytes) }]),
      );
      break;
    case 'json':
      body = JSON.stringify(fuzzed.body.value);
      break;
    case 'text':
      body = fuzzed.body.text;
      break;
  }
  if (body !== undefined)
    headers['content-type'] =
      fuzzed.contentType ?? (form ? 'application/x-www-form-urlencoded' : 'application/json');
  if (method === 'GET' || method === 'HEAD') body = undefined;
  return { method, target: `${path}${query}`, headers, body };
}

/** Stands for a request without secrets, for the log of a failure. */
const describeRequest = (request: ReturnType<typeof build>) =>
  `${request.method} ${request.target.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} ${request.body?.slice(0, 300) ?? ''}`;

/**
 * One run: a fresh platform (with a subscription, so subscription paths can name one), then `requests` one after
 * another, each checked: a status below 500, no unexpected exception, the state unchanged when refused, no secret
 * the request did not carry in the response, none in the request log; at the end the state still copies whole.
 */
async function run(h: Harness, requests: Fuzzed[]): Promise<void> {
  await h.restart({ frameworkItems: 20 });
  const { platform } = h;
  const app = platform.fixtures.application.applicationId;
  const tokens: Record<string, string> = {
    partner: platform.accessToken(platform.clients.partner),
    internal: platform.accessToken(platform.clients.internal),
    otherPartner: platform.accessToken(platform.clients.otherPartner),
    noWebhookScopes: platform.accessToken(platform.clients.noWebhookScopes),
    developer: platform.developerToken(),
  };
  const created = await fetch(`${h.url}/webhooks/1.0/${app}/subscriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.partner}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://hooks.partner.example/fuzz', eventTypes: ['test.ping'] }),
  });
  expect(created.status).toBe(201);

  for (const fuzzed of requests) {
    const request = build(h, fuzzed, tokens);
    const secrets = secretsOf(platform);
    const before = platform.snapshot();
    const errors = platform.state.errors.length;
    const response = await fetch(`${h.url}${request.target}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    const where = `${describeRequest(request)} -> ${response.status} ${text.slice(0, 300)}`;
    expect(response.status, where).toBeGreaterThanOrEqual(200);
    expect(response.status, where).toBeLessThan(500);
    expect(platform.state.errors.slice(errors), where).toEqual([]);
    if (response.status >= 400) expect(platform.snapshot(), where).toEqual(before);
    // Credentials sent in Authorization are never echoed either: they do not count as carried.
    const { authorization: _credentials, ...otherHeaders } = request.headers;
    const input = `${request.target} ${JSON.stringify(otherHeaders)} ${request.body ?? ''}`;
    expect(revealed(secrets, input, text), where).toEqual([]);
    // The log keeps method, path and status: the path as sent (a claim URL's token is in it), nothing else.
    const logged = JSON.stringify(platform.state.requests.at(-1));
    expect(revealed(secrets, request.target, logged), where).toEqual([]);
  }
  // What was stored can still be copied and serialised whole (a 10,000-deep member could not).
  expect(() => JSON.stringify(platform.snapshot())).not.toThrow();
}

describe.each<Transport>(['msw', 'loopback'])('fuzz: every route of the mock (%s)', (transport) => {
  const h = useHarness(transport, { frameworkItems: 20 });

  it('request lines and headers: methods, paths, queries, Host and credentials at their worst', {
    timeout: 600_000,
  }, async () => {
    h.allowBadRequests();
    h.allowBadResponses();
    await fc.assert(
      fc.asyncProperty(fc.array(fuzzedRequest(LINE), { minLength: 1, maxLength: 3 }), (requests) =>
        run(h, requests),
      ),
      fuzzParameters(RUNS[transport]),
    );
  });

  it('bodies: mutated, deep, big and junk bodies to every route that takes one, from a valid caller', {
    timeout: 600_000,
  }, async () => {
    h.allowBadRequests();
    h.allowBadResponses();
    await fc.assert(
      fc.asyncProperty(fc.array(fuzzedRequest(BODY), { minLength: 1, maxLength: 3 }), (requests) =>
        run(h, requests),
      ),
      fuzzParameters(RUNS[transport]),
    );
  });
});
