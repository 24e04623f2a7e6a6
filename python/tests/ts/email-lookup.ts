// The TypeScript roster look-up by email on the emails of the Python package's test (python/tests/test_same_events.py),
// so that the two packages can be compared: the queries each sends and what it responds
// (docs/decisions.md#d-email-filter-longest-part).
//
// Reads on stdin a JSON array of emails. For each, runs the look-up of `createActivityServer` against a roster that
// holds one user with that email (id `usr-1`), and prints a JSON array: per email, the queries sent and the id found,
// or the path of the ValidationError that refused it.
import { readFileSync } from 'node:fs';
import type { LooseHttp } from '../../../packages/activity/src/server/http';
import { rosterLookup } from '../../../packages/activity/src/server/users';
import { ValidationError } from '../../../packages/core/src/index';

const emails = JSON.parse(readFileSync(0, 'utf8')) as string[];

const out: { queries: unknown[]; id?: string | null; refused?: (string | number)[] }[] = [];
for (const email of emails) {
  const queries: unknown[] = [];
  const rawResponse = async (init: { params?: { query?: object } }) => {
    queries.push(init.params?.query);
    const data = { users: [{ sourcedId: 'usr-1', email }] };
    return { data, response: new Response(null, { headers: { 'x-total-count': '1' } }) };
  };
  const http = {
    callWithResponse: (_m: string, _p: string, init: object) => rawResponse(init),
  } as unknown as LooseHttp;
  try {
    const id = await rosterLookup(http)({ email });
    out.push({ queries, id: id ?? null });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    out.push({ queries, refused: error.issues[0]?.path ?? [] });
  }
}
process.stdout.write(JSON.stringify(out));
