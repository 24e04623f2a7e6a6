import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateFramework, WEBHOOK_EVENT_TYPES } from '../../src/index.js';
import type { Harness } from '../support/harness.js';
import { actor, completed, envelope, timeSpent } from '../support/helpers.js';
import { rawRequest } from '../support/raw.js';

const RUNS = 40;

/** A string that is not an 8-4-4-4-12 hex identifier. */
const notAnId = fc
  .string()
  .filter((text) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text));

/** A package with one mutation that surely breaks it. */
function brokenPackage() {
  const valid = generateFramework({ seed: 5, items: 12 });
  return fc.oneof(
    fc.constantFrom('CFDocument', 'CFItems', 'CFAssociations').map((key) => {
      const copy: Record<string, unknown> = structuredClone(valid);
      delete copy[key];
      return copy;
    }),
    fc.tuple(fc.nat(11), notAnId).map(([index, id]) => {
      const copy = structuredClone(valid);
      copy.CFItems[index]!.identifier = id;
      return copy;
    }),
    fc
      .tuple(
        fc.nat(11),
        fc.string().filter((text) => !text.includes(':')),
      )
      .map(([index, uri]) => {
        const copy = structuredClone(valid);
        copy.CFItems[index]!.uri = uri;
        return copy;
      }),
    fc
      .tuple(fc.nat(10), fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }))
      .map(([index, sequence]) => {
        const copy = structuredClone(valid);
        copy.CFAssociations[index]!.sequenceNumber = sequence;
        return copy;
      }),
    fc
      .tuple(
        fc.nat(11),
        fc
          .string({ minLength: 1 })
          .filter(
            (key) =>
              ![
                'identifier',
                'uri',
                'fullStatement',
                'lastChangeDateTime',
                'CFItemType',
                'cfItemType',
                'humanCodingScheme',
                'listEnumeration',
                'language',
                'subject',
                'educationLevel',
                'abbreviatedStatement',
                'conceptKeywords',
                'alternativeLabel',
                'notes',
                'statusStartDate',
                'statusEndDate',
                'CFItemTypeURI',
                'licenseURI',
                'extensions',
                '__proto__',
              ].includes(key),
          ),
        fc.jsonValue(),
      )
      .map(([index, key, value]) => {
        const copy = structuredClone(valid);
        (copy.CFItems[index] as unknown as Record<string, unknown>)[key] = value;
        return copy;
      }),
    fc
      .jsonValue()
      .filter(
        (value) =>
          typeof value !== 'object' || value === null || Array.isArray(value) || !('CFDocument' in value),
      ),
  );
}

const badUrl = fc.oneof(
  fc.webUrl({ validSchemes: ['http'] }),
  fc.ipV4().map((ip) => `https://${ip}/hook`),
  fc.ipV6().map((ip) => `https://[${ip}]/hook`),
  fc.string().filter((text) => !text.startsWith('https://')),
  fc.constantFrom('https://localhost/x', 'https://user:pw@hooks.example.com/x', 'https://2130706433/'),
);
const badEventTypes = fc.oneof(
  fc.constant([]),
  fc.array(
    fc.string().filter((text) => !(WEBHOOK_EVENT_TYPES as string[]).includes(text)),
    { minLength: 1, maxLength: 3 },
  ),
  fc.jsonValue().filter((value) => !Array.isArray(value)),
);

/** Random malformed bodies get the documented status and never change the stored state. */
export function badInputTests(h: Harness): void {
  describe('bad input', () => {
    it('returns malformed bodies on every write with 400/422 and leaves the state unchanged (fast-check)', {
      timeout: 120_000,
    }, async () => {
      h.allowBadRequests();
      const token = await h.token(h.platform.clients.partner);
      const app = h.platform.fixtures.application.applicationId;
      const created = await h.call('POST', `/webhooks/1.0/${app}/subscriptions`, {
        token,
        body: { url: 'https://hooks.partner.example/x', eventTypes: ['test.ping'] },
      });
      const subscriptionId = (created.body as { id: string }).id;
      const { student } = h.platform.fixtures.roster;
      const user = actor(h.platform.baseUrl, student.sourcedId, student.email);
      const before = h.platform.snapshot();
      const send = (method: string, path: string, body: unknown) =>
        h.call(method, path, {
          token,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });

      await fc.assert(
        fc.asyncProperty(brokenPackage(), async (body) => {
          expect((await send('POST', '/ims/case/v1p1/CFPackages', body)).status).toBe(422);
        }),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string().filter((text) => {
            try {
              JSON.parse(text);
              return false;
            } catch {
              return text.trim().length > 0;
            }
          }),
          async (text) => {
            const rawResponse = await h.call('POST', '/ims/case/v1p1/CFPackages', {
              token,
              body: text,
              headers: { 'content-type': 'application/json' },
            });
            expect(rawResponse.status).toBe(400);
          },
        ),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record({ url: badUrl, eventTypes: fc.constant(['test.ping']) }),
            fc.record({ url: fc.constant('https://hooks.partner.example/y'), eventTypes: badEventTypes }),
            fc
              .jsonValue()
              .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
          ),
          async (body) => {
            expect((await send('POST', `/webhooks/1.0/${app}/subscriptions`, body)).status).toBe(400);
          },
        ),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record({ status: fc.string().filter((status) => status !== 'active' && status !== 'paused') }),
            fc.record({ url: badUrl }),
            fc.record({ eventTypes: badEventTypes }),
            fc.record({ status: fc.constant('active'), url: badUrl }),
          ),
          async (body) => {
            expect(
              (await send('PUT', `/webhooks/1.0/${app}/subscriptions/${subscriptionId}`, body)).status,
            ).toBe(400);
          },
        ),
        { numRuns: RUNS },
      );
      const validEvents = [timeSpent(user), completed(user)];
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue(),
            fc
              .tuple(
                fc.nat(1),
                fc.constantFrom(
                  '@context',
                  'id',
                  'type',
                  'actor',
                  'action',
                  'object',
                  'eventTime',
                  'profile',
                  'generated',
                  'extensions',
                ),
              )
              .map(([index, key]) => {
                const events = structuredClone(validEvents) as Record<string, unknown>[];
                delete events[index]![key];
                return envelope(events);
              }),
            fc.constantFrom('sensor', 'sendTime', 'dataVersion', 'data').map((key) => {
              const batch: Record<string, unknown> = envelope(structuredClone(validEvents));
              delete batch[key];
              return batch;
            }),
          ),
          async (body) => {
            expect((await send('POST', '/caliper/v1p2', body)).status).toBe(400);
          },
        ),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record({ ids: fc.array(notAnId, { minLength: 1 }) }),
            fc
              .jsonValue()
              .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
          ),
          async (body) => {
            expect((await send('POST', '/ims/case/v1p1/CFItems/validate', body)).status).toBe(400);
          },
        ),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            assessmentLineItem: fc.record({ title: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)) }),
          }),
          async (body) => {
            expect(
              (await send('PUT', '/ims/oneroster/gradebook/v1p2/assessmentLineItems/ali-fuzz', body)).status,
            ).toBe(400);
          },
        ),
        { numRuns: RUNS },
      );
      expect(h.platform.snapshot()).toEqual(before);
    });

    describeLimits(h);
  });
}

/** JSON text nested `depth` levels deep: `{"a":{"a":...1...}}`. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const IMSX_FAILURE = { imsx_codeMajor: 'failure', imsx_severity: 'error' };

/** Findings 13, 15 and 16 of issue 13: limits before anything is stored, hostile request lines, prototype names. */
function describeLimits(h: Harness): void {
  describe('limits and hostile requests', () => {
    const user = () => h.platform.fixtures.roster.student.sourcedId;
    const lineItem = '/ims/oneroster/gradebook/v1p2/assessmentLineItems/ali-limits';

    it('refuses JSON nested deeper than 64 levels with a 400 in the area format, stores nothing, and later reads still work', async () => {
      h.allowBadRequests();
      h.allowBadResponses();
      const token = await h.token(h.platform.clients.partner);
      const headers = { 'content-type': 'application/json' };
      const before = h.platform.snapshot();

      const deepUser = await h.call('PUT', `/rostering/1.0/users/${user()}`, {
        token,
        headers,
        body: `{"metadata":${nested(10_000)}}`,
      });
      expect(deepUser.status).toBe(400);
      expect(deepUser.body).toEqual({
        error: 'bad_request',
        message: expect.stringMatching(/nested deeper than 64 levels/),
      });
      const deepItem = await h.call('PUT', lineItem, {
        token,
        headers,
        body: `{"assessmentLineItem":{"title":"x","metadata":${nested(100)}}}`,
      });
      expect(deepItem.status).toBe(400);
      expect(deepItem.body).toMatchObject({
        ...IMSX_FAILURE,
        imsx_description: expect.stringMatching(/nested deeper than 64 levels/),
      });
      expect(h.platform.snapshot()).toEqual(before);

      // 64 levels in all (the body object is the first) are still accepted, and every read keeps working.
      const atLimit = await h.call('PUT', `/rostering/1.0/users/${user()}`, {
        token,
        headers,
        body: `{"metadata":${nested(62)}}`,
      });
      expect(atLimit.status).toBe(200);
      expect((await h.call('GET', `/rostering/1.0/users/${user()}`, { token })).status).toBe(200);
      expect((await h.call('GET', `/ims/oneroster/rostering/v1p2/users/${user()}`, { token })).status).toBe(
        200,
      );
    });

    it('refuses a body over 1 MiB with 413 before storing anything, by Content-Length or as it streams', async () => {
      h.allowBadRequests();
      h.allowBadResponses();
      const token = await h.token(h.platform.clients.partner);
      const org = h.platform.fixtures.roster.schoolIds[0]!;
      const before = h.platform.snapshot();
      const big = JSON.stringify({ notes: 'x'.repeat(1024 * 1024) });

      const config = await h.call('PUT', `/rostering/1.0/orgs/${org}/config`, { token, body: big });
      expect(config.status).toBe(413);
      expect(config.body).toEqual({
        error: 'payload_too_large',
        message: expect.stringMatching(/larger than 1,048,576 bytes/),
      });
      const item = await h.call('PUT', lineItem, {
        token,
        body: JSON.stringify({ assessmentLineItem: { title: 'x'.repeat(1024 * 1024) } }),
      });
      expect(item.status).toBe(413);
      expect(item.body).toMatchObject(IMSX_FAILURE);

      // Chunked, so no Content-Length to go by: the platform counts what arrives.
      let sent = 0;
      const chunks = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ === 20) controller.close();
          else controller.enqueue(new TextEncoder().encode('y'.repeat(64 * 1024)));
        },
      });
      const streamed = await h.fetch(`/rostering/1.0/orgs/${org}/config`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: chunks,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      await streamed.body?.cancel();
      expect(h.platform.snapshot()).toEqual(before);
      expect((await h.call('GET', `/rostering/1.0/orgs/${org}/config`, { token })).status).toBe(200);
    });

    it('responds to TRACE and methods the platform does not serve with 405 and Allow, in the area format', async () => {
      const documents = await rawRequest(h.url, '/ims/case/v1p1/CFDocuments', { method: 'TRACE' });
      expect(documents.status).toBe(405);
      expect(documents.headers.allow).toBe('GET');
      expect(JSON.parse(documents.text)).toMatchObject(IMSX_FAILURE);
      const app = h.platform.fixtures.application.applicationId;
      for (const method of ['TRACE', 'PROPFIND', 'PURGE']) {
        const rawResponse = await rawRequest(h.url, `/webhooks/1.0/${app}/subscriptions`, { method });
        expect([method, rawResponse.status, rawResponse.headers.allow]).toEqual([method, 405, 'POST, GET']);
        expect(JSON.parse(rawResponse.text)).toMatchObject({ error: 'method_not_allowed' });
      }
    });

    it('returns an unparseable or foreign Host header with 400, and never routes by it', async () => {
      const token = await h.token(h.platform.clients.partner);
      const authorization = `Bearer ${token}`;
      const path = '/ims/case/v1p1/CFDocuments?limit=1';
      for (const host of [
        'a b',
        'api.learnkit.test:99999',
        'evil.example',
        'api.learnkit.test/ims',
        'x@y',
        '[::1',
      ]) {
        const rawResponse = await rawRequest(h.url, path, { headers: { host, authorization } });
        expect([host, rawResponse.status]).toEqual([host, 400]);
        expect(JSON.parse(rawResponse.text)).toMatchObject(IMSX_FAILURE);
      }
      // A Host that carries a path must not move the request to another operation.
      const moved = await rawRequest(h.url, '/v1p1/CFDocuments', {
        headers: { host: 'localhost/ims/case', authorization },
      });
      expect(moved.status).toBe(400);
      for (const host of [
        'localhost',
        `127.0.0.1:${new URL(h.url).port || 443}`,
        '[::1]:8080',
        'api.learnkit.test',
      ]) {
        const rawResponse = await rawRequest(h.url, path, { headers: { host, authorization } });
        expect([host, rawResponse.status]).toEqual([host, 200]);
      }
    });

    it('responds to a request target of 100 KB with 414, without echoing it', async () => {
      h.allowBadRequests();
      h.allowBadResponses();
      const token = await h.token(h.platform.clients.partner);
      const before = h.platform.snapshot();
      const id = 'a'.repeat(100_000);
      // fetch, not node:http: MSW's node:http interception cannot parse a request line this long.
      const read = await h.call('GET', `/ims/case/v1p1/CFItems/${id}`, { token });
      expect(read.status).toBe(414);
      expect(read.text.length).toBeLessThan(1000);
      expect(read.body).toMatchObject(IMSX_FAILURE);
      const write = await h.call('PUT', `/applications/1.0/applications/${id}`, { token, body: {} });
      expect(write.status).toBe(414);
      expect(write.body).toMatchObject({ error: 'uri_too_long' });
      expect(h.platform.snapshot()).toEqual(before);
      expect(h.platform.state.requests.at(-1)?.path.length).toBeLessThan(200);
    });

    if (h.transport === 'loopback') {
      it('returns an absolute-form target naming another host with 400, and one naming this server as usual', async () => {
        const token = await h.token(h.platform.clients.partner);
        const authorization = `Bearer ${token}`;
        const foreign = await rawRequest(h.url, 'http://evil.example/ims/case/v1p1/CFDocuments?limit=1', {
          headers: { authorization },
        });
        expect(foreign.status).toBe(400);
        const own = await rawRequest(h.url, `${h.url}/ims/case/v1p1/CFDocuments?limit=1`, {
          headers: { authorization },
        });
        expect(own.status).toBe(200);
        const star = await rawRequest(h.url, '*', { method: 'OPTIONS' });
        expect(star.status).toBe(400);
      });
    }

    it('refuses members named after Object.prototype where a closed shape is checked', async () => {
      h.allowBadRequests();
      const token = await h.token(h.platform.clients.partner);
      const before = h.platform.snapshot();
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const rawResponse = await h.call('PUT', lineItem, {
          token,
          body: `{"assessmentLineItem":{"title":"x","${name}":{"polluted":true}}}`,
        });
        expect([name, rawResponse.status]).toEqual([name, 400]);
        expect((rawResponse.body as { imsx_description: string }).imsx_description).toContain(
          `body.assessmentLineItem.${name} is not allowed`,
        );
      }
      expect(h.platform.snapshot()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
}
