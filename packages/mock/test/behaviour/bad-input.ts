import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, generateFramework } from '../../src/index.js';
import type { Harness } from '../support/harness.js';
import { actor, completed, envelope, timeSpent } from '../support/helpers.js';

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
    fc.string().filter((text) => !(EVENT_TYPES as string[]).includes(text)),
    { minLength: 1, maxLength: 3 },
  ),
  fc.jsonValue().filter((value) => !Array.isArray(value)),
);

/** Random malformed bodies get the documented status and never change the stored state. */
export function badInputTests(h: Harness): void {
  describe('bad input', () => {
    it('answers malformed bodies on every write with 400/422 and leaves the state unchanged (fast-check)', {
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
            const answer = await h.call('POST', '/ims/case/v1p1/CFPackages', {
              token,
              body: text,
              headers: { 'content-type': 'application/json' },
            });
            expect(answer.status).toBe(400);
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
  });
}
