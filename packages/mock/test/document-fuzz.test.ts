// The mock fuzzed from the documents alone (issue 41): for every operation of openapi/*.yaml (the platform's three
// documents, and mock-control.yaml on the control path), valid requests built from its schemas and invalid ones
// (a required member dropped, an unknown one added, a wrong type, a body that is no object, an unknown or malformed
// query parameter, a body sent as text, nested too deep or holding 1e309). Invariants of every exchange: no 5xx and
// nothing thrown; the response conforms to the operation in the documents (a 2xx to its schema, an error to its
// documented error body); a request the documents refuse gets 4xx; a refused request changes nothing.
// Bounded by a count of requests per operation and seeded: FUZZ_SEED replays a run, and the seed is printed on a
// failure (docs/decisions.md#d-mock-document-fuzz).
import {
  CONTROL_DOCUMENT,
  type Contract,
  formatResult,
  loadContract,
  loadControlContract,
  readDocuments,
} from '@learnkit/contract';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createControl } from '../src/cli/control.js';
import { createMockPlatform, type MockPlatform } from '../src/index.js';
import {
  BREAKAGES,
  breakDraft,
  type Caller,
  type DocumentOperation,
  type Draft,
  operationsOf,
  validDraft,
} from './support/document-requests.js';
import { fuzzParameters } from './support/fuzz.js';

/** Requests per operation (half valid, half broken); `FUZZ_DOCUMENT_RUNS` raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_DOCUMENT_RUNS ?? 8);

const CONTROL_BASE = 'http://127.0.0.1:4010/__learnkit-mock';

/** A fresh platform per operation, with the control path `learnkit-mock serve` puts in front of it. */
function start() {
  const platform = createMockPlatform({ frameworkItems: 20 });
  const control = createControl(platform, { routedInMs: 60_000, log: () => {}, changed: () => {} });
  return { platform, control };
}

/** The request a draft stands for, with the caller's credentials. */
function requestOf(
  platform: MockPlatform,
  operation: DocumentOperation,
  draft: Draft,
  caller: Caller,
): Request {
  const control = operation.document === CONTROL_DOCUMENT;
  const base = control
    ? CONTROL_BASE
    : operation.path === '/oauth2/token'
      ? platform.authUrl
      : platform.baseUrl;
  const query = draft.query.length > 0 ? `?${new URLSearchParams(draft.query)}` : '';
  const headers: Record<string, string> = { ...draft.headers };
  const client = platform.clients[caller === 'developer' ? 'internal' : caller];
  if (operation.basic) headers.authorization = `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`;
  else if (operation.secured)
    headers.authorization = `Bearer ${caller === 'developer' ? platform.developerToken() : platform.accessToken(client)}`;
  let body: string | undefined;
  if (draft.body) {
    const { type } = draft.body;
    if (type) headers['content-type'] = type;
    if ('text' in draft.body) body = draft.body.text;
    else if (type === 'application/x-www-form-urlencoded') {
      // A token form names a client that exists, else every response is the same 401.
      const fields = { ...(draft.body.value as Record<string, unknown>) };
      if ('client_id' in fields)
        Object.assign(fields, { client_id: client.clientId, client_secret: client.clientSecret });
      body = new URLSearchParams(
        Object.entries(fields).map(([key, value]) => [key, String(value)]),
      ).toString();
    } else body = JSON.stringify(draft.body.value);
  } else if (control && operation.method !== 'GET') headers['content-type'] = 'application/json';
  return new Request(`${base}${draft.path}${query}`, { method: operation.method, headers, body });
}

/** What a refused request must leave as it was: the stored state and the faults. */
const stateOf = (platform: MockPlatform) =>
  JSON.stringify({ state: platform.snapshot(), faults: platform.faults.active() });

/** Counts over the whole run, printed at its end. */
const totals = {
  operations: 0,
  requests: 0,
  valid: 0,
  invalid: 0,
  success: 0,
  refused: 0,
  serverErrors: 0,
  outsideDocuments: 0,
  invalidAccepted: 0,
  stateChangedByRefusal: 0,
};
afterAll(() => {
  const t = totals;
  console.log(
    `document fuzz: ${t.operations} operations, ${t.requests} requests (${t.valid} valid, ${t.invalid} invalid by the documents); ${t.success} responded with 2xx, ${t.refused} 4xx; ${t.serverErrors} 5xx, ${t.outsideDocuments} returns outside the documents, ${t.invalidAccepted} invalid inputs accepted, ${t.stateChangedByRefusal} refusals that changed the state`,
  );
});

/** One exchange and its invariants. */
async function exchange(
  contract: Contract,
  setup: ReturnType<typeof start>,
  operation: DocumentOperation,
  draft: Draft,
  caller: Caller,
): Promise<void> {
  const { platform, control } = setup;
  const request = requestOf(platform, operation, draft, caller);
  const checked = await contract.checkRequest(request.clone());
  const before = stateOf(platform);
  const errors = platform.state.errors.length;
  const response = await (control(request.clone()) ?? platform.handle(request.clone()));
  const text = await response.clone().text();
  const where = `${operation.operationId}: ${request.method} ${request.url.slice(0, 200)} ${(await request.clone().text()).slice(0, 300)} -> ${response.status} ${text.slice(0, 300)}`;
  const rawResponse = await contract.checkResponse(request.clone(), response);
  const after = response.status >= 400 ? stateOf(platform) : before;
  totals.requests++;
  totals[checked.ok ? 'valid' : 'invalid']++;
  totals[response.status < 300 ? 'success' : 'refused']++;
  if (response.status >= 500 || platform.state.errors.length > errors) totals.serverErrors++;
  if (!rawResponse.ok) totals.outsideDocuments++;
  if (!checked.ok && response.status < 400) totals.invalidAccepted++;
  if (after !== before) totals.stateChangedByRefusal++;
  expect(response.status, where).toBeLessThan(500);
  expect(platform.state.errors.slice(errors), where).toEqual([]);
  expect(rawResponse.ok, `${where}\n${formatResult(rawResponse)}`).toBe(true);
  if (!checked.ok)
    expect(
      response.status,
      `${where}\nthe documents refuse it: ${formatResult(checked)}`,
    ).toBeGreaterThanOrEqual(400);
  expect(after, `${where}\na refused request changed the state`).toBe(before);
}

const documents: [string, Contract, DocumentOperation[]][] = [
  ['platform documents', loadContract(), operationsOf(readDocuments() as never)],
  [
    'control path',
    loadControlContract(),
    operationsOf(readDocuments(undefined, [CONTROL_DOCUMENT]) as never),
  ],
];

describe.each(documents)('document fuzz: every operation of the %s', (_name, contract, operations) => {
  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s',
    async (_id, operation) => {
      const setup = start();
      totals.operations++;
      try {
        const caller = fc.constantFrom<Caller>('internal', 'internal', 'partner', 'developer');
        const request = fc.oneof(
          fc.record({ draft: validDraft(operation, setup.platform), caller }),
          fc
            .record({
              draft: validDraft(operation, setup.platform),
              breakage: fc.constantFrom(...BREAKAGES),
              pick: fc.nat(1000),
              caller,
            })
            .map(({ draft, breakage, pick, caller: who }) => ({
              draft: breakDraft(operation, draft, breakage, pick),
              caller: who,
            })),
        );
        await fc.assert(
          fc.asyncProperty(request, ({ draft, caller: who }) =>
            exchange(contract, setup, operation, draft, who),
          ),
          { ...fuzzParameters(RUNS), endOnFailure: true },
        );
      } finally {
        setup.platform.close();
      }
    },
  );
});
