// A stand-in for the platform as its published reference describes it (https://docs.platform.timeback.com/, the
// facts summarised in docs/decisions.md#d-platform-reference-shapes and #d-platform-paging). It is NOT the mock:
// written from the reference alone, small, with no state beyond what a test needs, so the SDK's tests of the
// rostering, applications and insights families have a second judge of what the platform does.
//
// - Listings page: `limit` default 10, range 1-100 (400 otherwise), `offset` default 0, responds
//   `{ <plural>, limit, offset, total }` (getting-started/oneroster-api-conventions).
// - Records are OneRoster-shaped with GUIDRefs `{ href, sourcedId, type }` (api-reference models).
// - Drafts need `name`, `description` and `launchUrl` and respond with `{ applicationId, appUrn, clientId,
//   clientSecret, publisherId }`; credentials are `{ productionCredentials, sandboxCredentials }`, never a secret.
// - An org config is a flat map where `null` deletes a key.

/** What the stand-in holds: the enrollments it pages through, and every request it responded. */
export type ReferencePlatform = {
  /** Responds to one request, as a server would (pass it as the SDK's `fetch`). */
  fetch: typeof fetch;
  /** The URLs of the API requests responded (token requests left out), oldest first. */
  requests: URL[];
  /** The base URL the stand-in responses at. */
  baseUrl: string;
};

const BASE = 'https://sandbox.platform.timeback.test';
const ORG_IDS = [
  'f1a1c1d0-0000-4000-8000-000000000001',
  'f1a1c1d0-0000-4000-8000-000000000002',
  'f1a1c1d0-0000-4000-8000-000000000003',
];

const guidRef = (type: string, collection: string, sourcedId: string) => ({
  href: `${BASE}/rostering/1.0/${collection}/${sourcedId}`,
  sourcedId,
  type,
});

/** The `n`-th enrollment: a student in one of six classes of the second school. */
function enrollment(n: number) {
  const id = String(n).padStart(5, '0');
  return {
    sourcedId: `enr-${id}`,
    status: 'active',
    dateLastModified: '2026-09-01T12:00:00.000Z',
    role: 'student',
    primary: false,
    beginDate: '2026-08-17',
    endDate: null,
    user: guidRef('user', 'users', `usr-${id}`),
    class: guidRef('class', 'classes', `cls-${n % 6}`),
    school: guidRef('org', 'orgs', ORG_IDS[1]!),
    metadata: null,
  };
}

const orgs = () =>
  ORG_IDS.map((sourcedId, index) => ({
    sourcedId,
    status: 'active',
    dateLastModified: '2026-09-01T12:00:00.000Z',
    name: ['Sandbox District', 'Sandbox Elementary', 'Sandbox Middle'][index]!,
    type: index === 0 ? 'district' : 'school',
    identifier: null,
    children: index === 0 ? ORG_IDS.slice(1).map((id) => guidRef('org', 'orgs', id)) : [],
    parent: index === 0 ? null : guidRef('org', 'orgs', ORG_IDS[0]!),
    metadata: null,
  }));

const session = (userId: string, n: number) => ({
  id: `ses-${userId}-${n}`,
  applicationId: 'a5e0b7c2-1111-4222-8333-944455556666',
  startedAtTime: '2026-09-02T14:00:00.000Z',
  endedAtTime: '2026-09-02T14:25:00.000Z',
  durationInSeconds: 1500,
  wasteDurationInSeconds: 150,
  wastePercentage: 10,
  isProctored: false,
  webcamEnabled: null,
  proctoredResult: null,
  recordingStartedAtTime: null,
  recordingEndedAtTime: null,
  recordingS3Key: null,
  metadata: null,
});

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

const badRequest = (message: string) => json(400, { error: 'bad_request', message });

/** One page of `items` as the reference responds to it, or a 400 for a `limit` outside 1-100 or a bad `offset`. */
function page(url: URL, key: string, items: readonly unknown[]): Response {
  const limitText = url.searchParams.get('limit') ?? '10';
  const offsetText = url.searchParams.get('offset') ?? '0';
  const limit = Number(limitText);
  const offset = Number(offsetText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100) return badRequest('limit must be from 1 to 100');
  if (!/^\d+$/.test(offsetText)) return badRequest('offset must be >= 0');
  return json(200, { [key]: items.slice(offset, offset + limit), limit, offset, total: items.length });
}

/** `field='value'` filters (one predicate, `=` only: what these tests send). */
function filtered<T extends Record<string, unknown>>(url: URL, items: readonly T[]): T[] {
  const filter = url.searchParams.get('filter');
  if (filter === null) return [...items];
  const match = /^(\w+)='([^']*)'$/.exec(filter);
  if (!match) return [];
  return items.filter((item) => String(item[match[1]!]) === match[2]);
}

const user = (sourcedId: string, givenName: string, familyName: string) => ({
  sourcedId,
  status: 'active',
  dateLastModified: '2026-09-01T12:00:00.000Z',
  enabledUser: 'true',
  givenName,
  familyName,
  email: `${givenName}.${familyName}@sandbox.test`.toLowerCase(),
  grades: ['5'],
  roles: [
    {
      org: guidRef('org', 'orgs', ORG_IDS[1]!),
      role: 'student',
      roleType: 'primary',
      beginDate: '2026-08-17',
      endDate: null,
      userProfile: null,
    },
  ],
  agents: [],
  resources: [],
  userIds: [],
  userProfiles: [],
  identifier: null,
  metadata: null,
});

type Route = (url: URL, request: Request, match: RegExpExecArray) => Response | Promise<Response>;

type RouteEntry = [string, RegExp, Route];

/** What a stand-in holds between requests. */
type State = ReturnType<typeof stateOf>;

function stateOf(enrollments: number) {
  const allEnrollments = Array.from({ length: enrollments }, (_, n) => enrollment(n));
  const agents = new Map<string, { agentId: string; relationshipType: string; user: unknown }>();
  const config: Record<string, unknown> = { cameraMicDefault: 'at_school', timezone: 'America/Denver' };
  const applications = [
    {
      sourcedId: 'a5e0b7c2-1111-4222-8333-944455556666',
      name: 'Fractions',
      status: 'active',
      launchUrl: 'https://fractions.example.com/lti',
    },
    {
      sourcedId: 'b6f1c8d3-2222-4333-8444-a55566667777',
      name: 'Spelling',
      status: 'draft',
      launchUrl: 'https://spelling.example.com/lti',
    },
  ];
  return { allEnrollments, agents, config, applications };
}

/** `/rostering/1.0`: enrollments, orgs, users, students, agents, org config. */
function rosteringRoutes({ allEnrollments, agents, config }: State): RouteEntry[] {
  return [
    ['GET', /^\/rostering\/1\.0\/enrollments$/, (url) => page(url, 'enrollments', allEnrollments)],
    [
      'GET',
      /^\/rostering\/1\.0\/enrollments\/([^/]+)$/,
      (_url, _req, m) => {
        const found = allEnrollments.find((e) => e.sourcedId === m[1]);
        return found ? json(200, found) : json(404, { error: 'not_found', message: 'not found' });
      },
    ],
    ['GET', /^\/rostering\/1\.0\/orgs$/, (url) => page(url, 'orgs', orgs())],
    [
      'GET',
      /^\/rostering\/1\.0\/users\/([^/]+)$/,
      (_url, _req, m) => json(200, user(m[1]!, 'Ada', 'Lovelace')),
    ],
    [
      'PUT',
      /^\/rostering\/1\.0\/students$/,
      async (_url, request) => {
        const body = (await request.json()) as {
          student?: { sourcedId?: string; givenName?: string; familyName?: string };
        };
        const student = body.student;
        if (!student?.sourcedId || !student.givenName || !student.familyName)
          return badRequest('student is incomplete');
        return json(201, user(student.sourcedId, student.givenName, student.familyName));
      },
    ],
    [
      'GET',
      /^\/rostering\/1\.0\/users\/([^/]+)\/agents$/,
      (url) => page(url, 'agents', [...agents.values()]),
    ],
    [
      'PUT',
      /^\/rostering\/1\.0\/users\/([^/]+)\/agents\/([^/]+)$/,
      async (_url, request, m) => {
        const body = (await request.json()) as { relationshipType?: string; user?: unknown };
        if (!body.relationshipType || !body.user) return badRequest('relationshipType and user are required');
        const created = !agents.has(m[2]!);
        const agent = { agentId: m[2]!, relationshipType: body.relationshipType, user: body.user };
        agents.set(m[2]!, agent);
        return json(created ? 201 : 200, agent);
      },
    ],
    [
      'DELETE',
      /^\/rostering\/1\.0\/users\/([^/]+)\/agents\/([^/]+)$/,
      (_url, _req, m) =>
        agents.delete(m[2]!) ? json(204, undefined) : json(404, { error: 'not_found', message: 'not found' }),
    ],
    ['GET', /^\/rostering\/1\.0\/orgs\/([^/]+)\/config$/, () => json(200, config)],
    [
      'PUT',
      /^\/rostering\/1\.0\/orgs\/([^/]+)\/config$/,
      async (_url, request) => {
        const body = (await request.json()) as Record<string, unknown>;
        if (typeof body !== 'object' || body === null || Array.isArray(body))
          return badRequest('a flat map is needed');
        for (const [key, value] of Object.entries(body)) {
          if (value === null) delete config[key];
          else config[key] = value;
        }
        return json(200, config);
      },
    ],
  ];
}

/** `/applications/1.0`: drafts, credentials, the listings with a filter. */
function applicationRoutes({ applications }: State): RouteEntry[] {
  return [
    [
      'POST',
      /^\/applications\/1\.0\/drafts$/,
      async (_url, request) => {
        const body = (await request.json()) as Record<string, unknown>;
        const missing = ['name', 'description', 'launchUrl'].filter((key) => typeof body[key] !== 'string');
        if (missing.length > 0) return badRequest(`${missing.join(', ')} required`);
        const applicationId = 'c7a2d9e4-3333-4444-8555-b66677778888';
        return json(201, {
          applicationId,
          appUrn: `urn:uuid:${applicationId}`,
          clientId: 'draft-client',
          clientSecret: 'draft-secret-shown-once',
          publisherId: null,
        });
      },
    ],
    [
      'GET',
      /^\/applications\/1\.0\/([^/]+)\/credentials$/,
      (_url, _req, m) => {
        const pool = (clientId: string, scopes: string[]) => ({
          clientId,
          scopes,
          tokenUrl: `${BASE}/auth/1.0/token`,
        });
        return json(200, {
          applicationId: m[1],
          appUrn: `urn:uuid:${m[1]}`,
          productionCredentials: pool('prod-client', ['lti.readonly']),
          sandboxCredentials: pool('sandbox-client', ['roster.readonly', 'events.write']),
        });
      },
    ],
    ['GET', /^\/applications\/1\.0$/, (url) => page(url, 'applications', filtered(url, applications))],
    [
      'GET',
      /^\/applications\/1\.0\/applications$/,
      (url) => page(url, 'applications', filtered(url, applications)),
    ],
  ];
}

/** `/insights/1.0/users/{userId}`: insights, sessions, overview. */
function insightRoutes(): RouteEntry[] {
  return [
    [
      'GET',
      /^\/insights\/1\.0\/users\/([^/]+)$/,
      (url, _req, m) =>
        page(url, 'insights', [
          {
            id: 'ins-1',
            applicationId: null,
            userId: m[1],
            sessionId: null,
            insightType: 'RapidGuessing',
            reason: 'responds in under 2 s',
            durationInSeconds: 60,
            startedAtTime: null,
            endedAtTime: null,
            version: 1,
            review: null,
          },
        ]),
    ],
    [
      'GET',
      /^\/insights\/1\.0\/users\/([^/]+)\/sessions$/,
      (url, _req, m) => page(url, 'sessions', [session(m[1]!, 1), session(m[1]!, 2)]),
    ],
    [
      'GET',
      /^\/insights\/1\.0\/users\/([^/]+)\/overview$/,
      () =>
        json(200, {
          trend: [{ date: '2026-09-02', minutes: 25 }],
          breakdown: [{ subject: 'Math', minutes: 25 }],
        }),
    ],
  ];
}

/** Responds to a request by the first route of its method and path, after the token and the bearer check. */
function serve(routes: RouteEntry[]): Pick<ReferencePlatform, 'fetch' | 'requests'> {
  const requests: URL[] = [];
  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === '/auth/1.0/token') {
      return json(200, {
        access_token: 'eyJhbGciOiJSUzI1NiJ9.e30.sig',
        expires_in: 3600,
        token_type: 'Bearer',
        scope: '',
      });
    }
    requests.push(url);
    if (request.headers.get('authorization') !== 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.sig')
      return json(401, { error: 'unauthorized', message: 'a bearer token is needed' });
    for (const [method, pattern, route] of routes) {
      const match = pattern.exec(url.pathname);
      if (match && request.method === method) return route(url, request, match);
    }
    return json(404, { error: 'not_found', message: 'not found' });
  };
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    handle(new Request(input, init))) as typeof globalThis.fetch;
  return { fetch, requests };
}

/** Starts a stand-in holding `enrollments` enrollments (237 by default). */
export function referencePlatform({ enrollments = 237 }: { enrollments?: number } = {}): ReferencePlatform {
  const state = stateOf(enrollments);
  const routes = [...rosteringRoutes(state), ...applicationRoutes(state), ...insightRoutes()];
  return { ...serve(routes), baseUrl: BASE };
}
