// The TypeScript `record` on the inputs of the Python package's test (python/tests/test_same_events.py), so that
// the two packages can be compared byte for byte (docs/decisions.md#d-python-same-caliper-events).
//
// Reads on stdin `{ baseUrl, config, nowMs, users, history, cases: [params, ...] }` and runs each case's params
// through `createActivityServer(...).record` with the clock pinned, a Caliper client that keeps what it is given, and
// a `fetch` that returns the roster look-up with `users` and the gradebook with `history`. Prints a JSON array: per
// case, the JSON text of the events sent (keys sorted at every level) and the pctComplete.
import { readFileSync } from 'node:fs';
import type { CaliperClient } from '../../../packages/activity/src/server/caliper-client';
import { createActivityServer } from '../../../packages/activity/src/server/index';
import type { RecordParams } from '../../../packages/activity/src/server/record';
import { ApiPromise, staticToken } from '../../../packages/core/src/index';

interface Input {
  baseUrl: string;
  config: Record<string, unknown>;
  nowMs: number;
  users: { sourcedId: string }[];
  history: Record<string, unknown>[];
  cases: RecordParams[];
}

/** `value` with the members of every object in sorted order (arrays keep theirs). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortKeys(record[key])]),
    );
  }
  return value;
}

const input = JSON.parse(readFileSync(0, 'utf8')) as Input;

/** The platform as far as `record` reads it: the roster look-up and the gradebook history, one page each. */
async function platformFetch(request: RequestInfo | URL): Promise<Response> {
  const url = new URL(typeof request === 'string' || request instanceof URL ? request : request.url);
  const json = (body: unknown, total: number) =>
    new Response(JSON.stringify(body), {
      headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
    });
  if (url.pathname.endsWith('/users/')) return json({ users: input.users }, input.users.length);
  if (url.pathname.endsWith('/assessmentResults/'))
    return json({ assessmentResults: input.history }, input.history.length);
  return new Response('{}', { status: 404 });
}

const out: { events: string; pctComplete: number | null }[] = [];
for (const params of input.cases) {
  let sent: unknown[] = [];
  const caliper: CaliperClient = {
    send: (events) =>
      ApiPromise.fromResult(async () => {
        sent = Array.isArray(events) ? [...events] : [events];
        const data = { accepted: sent.length, duplicates: 0, skipped: [], requests: 1 };
        return { data, rawResponse: undefined };
      }),
    hasAccepted: () => false,
  };
  const server = createActivityServer({
    client: {
      baseUrl: input.baseUrl,
      auth: staticToken('token-of-the-test'),
      fetch: platformFetch,
      retry: false,
    },
    config: input.config,
    caliper,
    now: () => input.nowMs,
  });
  const result = await server.record(params);
  if (JSON.stringify(result.events) !== JSON.stringify(sent))
    throw new Error('record returned other events than it sent');
  out.push({ events: JSON.stringify(sortKeys(sent)), pctComplete: result.pctComplete ?? null });
}
process.stdout.write(JSON.stringify(out));
