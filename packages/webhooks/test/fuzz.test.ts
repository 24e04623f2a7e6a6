// Issue 13, the fuzz suite for deliveries: hostile headers (any names, prototype keys, arrays, non-strings, huge
// values) and bodies (random text and bytes, JSON with `__proto__` and `constructor` members, types named after
// Object.prototype, oversized), signed or forged, to verifyWebhook and to the handler. Properties: a delivery passes
// only when its signature is the platform's and its timestamp fresh; verifyWebhook fails only with a
// WebhookVerificationError (or a TypeError for a broken clock, a LearnKitError for misuse); the handler never throws,
// returns a 2xx only to an authentic delivery, runs a function only for its own type, and logs no secret.
// On a failure fast-check prints the seed and path; LEARNKIT_FUZZ_SEED replays it.
import { LearnKitError, WebhookVerificationError } from '@learnkit/core';
import { recordingLogger } from '@learnkit/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webhookCrypto as nodeCrypto } from '../src/crypto/node';
import { webhookCrypto as webCrypto } from '../src/crypto/web';
import { createWebhookHandler } from '../src/index';
import { verifyWebhookWith } from '../src/verify';
import { envelope, platformSign, SECRET, T0 } from './helpers';

const RUNS = Number(process.env.LEARNKIT_FUZZ_RUNS ?? 150);
const SEED =
  process.env.LEARNKIT_FUZZ_SEED === undefined ? undefined : Number(process.env.LEARNKIT_FUZZ_SEED);
const settings = { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }) };
const URL_ = 'https://consumer.example/webhooks';
const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'];

/** Bodies a delivery may carry: envelopes (catalogue, unknown and prototype-named types), broken JSON, noise. */
const bodyArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .constantFrom('enrollment.created', 'test.ping', 'user.deleted', 'future.type', ...PROTO_NAMES)
    .map((type) => JSON.stringify({ ...envelope(), type })),
  fc.constant(JSON.stringify(envelope())),
  fc.constant('{"__proto__":{"type":"enrollment.created"},"id":"x","timestamp":"t","data":{}}'),
  fc.constant('{"id":"x","type":"enrollment.created","timestamp":"t","data":{"__proto__":{"userId":1}}}'),
  fc.json({ maxDepth: 5 }),
  fc.string({ maxLength: 500 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** How the delivery is signed: by the platform now, stale, in the future, with another secret, or not at all. */
const signingArb = fc.constantFrom(
  'valid',
  'valid',
  'stale',
  'future',
  'wrong-secret',
  'tampered',
  'garbage',
);

/** Header names and values an attacker controls, beside (or instead of) the two the platform sends. */
const extraHeaderArb: fc.Arbitrary<[string, unknown]> = fc.tuple(
  fc.oneof(
    fc.constantFrom(
      ...PROTO_NAMES,
      'X-Service-Webhook-Signature',
      'x-service-webhook-timestamp',
      'X-SERVICE-WEBHOOK-TIMESTAMP',
      'content-length',
      'get',
    ),
    fc.string({ maxLength: 20 }),
  ),
  fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.array(fc.string({ maxLength: 70 }), { maxLength: 3 }),
    fc.constantFrom(undefined, null, 42, '9'.repeat(16), 'a'.repeat(10_000), {}),
  ),
);

/** The two headers for `body` as the plan says. */
function sign(plan: string, body: string): Record<string, string> {
  const at = plan === 'stale' ? T0 - 3600 : plan === 'future' ? T0 + 3600 : T0;
  const secret = plan === 'wrong-secret' ? `${SECRET}x` : SECRET;
  let signature = platformSign(secret, at, body);
  if (plan === 'tampered') signature = `${signature.slice(0, 63)}${signature.endsWith('0') ? '1' : '0'}`;
  if (plan === 'garbage') signature = 'not-a-signature';
  return { 'x-service-webhook-timestamp': String(at), 'x-service-webhook-signature': signature };
}

const isAuthentic = (plan: string) => plan === 'valid';

describe('fuzz: verifyWebhook with hostile headers and bodies', () => {
  it('property: passes only an authentic, fresh delivery; fails only with a WebhookVerificationError', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyArb,
        signingArb,
        fc.array(extraHeaderArb, { maxLength: 4 }),
        fc.constantFrom('plain', 'headers', 'node-arrays'),
        fc.constantFrom(nodeCrypto, webCrypto),
        async (body, plan, extra, shape, impl) => {
          const signed = sign(plan, body);
          // Extra headers come first, so a signed header given twice keeps the platform's value where the shape
          // takes the first one (Node arrays) and is overridden where it takes the last.
          const plainHeaders: Record<string, unknown> = {};
          for (const [name, value] of extra) plainHeaders[name] = value;
          const overridden = Object.keys(plainHeaders).some((k) =>
            k.toLowerCase().startsWith('x-service-webhook'),
          );
          let headers: unknown;
          if (shape === 'plain') headers = { ...plainHeaders, ...signed };
          else if (shape === 'node-arrays')
            headers = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, [v, 'second']]));
          else {
            const h = new Headers();
            for (const [name, value] of Object.entries(plainHeaders)) {
              try {
                h.set(name, String(value));
              } catch {
                // A name or value Headers refuses cannot arrive in a real request either.
              }
            }
            for (const [name, value] of Object.entries(signed)) h.set(name, value);
            headers = h;
          }
          const outcome = await verifyWebhookWith(
            { body, headers: headers as never, secret: SECRET, now: () => T0 * 1000 },
            impl.verify,
          ).then(
            (event) => ({ ok: true as const, event }),
            (error: unknown) => ({ ok: false as const, error }),
          );
          if (outcome.ok) {
            // Only what the platform signed, fresh, passes, and it is the envelope that was signed.
            expect(isAuthentic(plan) || overridden).toBe(true);
            expect(outcome.event).toEqual(JSON.parse(body));
          } else {
            expect(outcome.error, String(outcome.error)).toBeInstanceOf(WebhookVerificationError);
            if (!isAuthentic(plan) && !overridden) {
              expect((outcome.error as WebhookVerificationError).reason).not.toBe('invalid_payload');
            }
          }
        },
      ),
      settings,
    );
  });

  it('property: any clock that is not finite is a TypeError, never a pass', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined, 'now', {}),
        signingArb,
        async (clock, plan) => {
          const body = JSON.stringify(envelope());
          const error = await verifyWebhookWith(
            { body, headers: sign(plan, body), secret: SECRET, now: () => clock as number },
            nodeCrypto.verify,
          ).then(
            () => 'passed',
            (e: unknown) => e,
          );
          expect(error).not.toBe('passed');
          // A forged delivery is refused for its signature first; an authentic one meets the broken clock.
          if (isAuthentic(plan) || plan === 'stale' || plan === 'future')
            expect(error).toBeInstanceOf(TypeError);
          else expect(error).toBeInstanceOf(LearnKitError);
        },
      ),
      settings,
    );
  });
});

describe('fuzz: the webhook handler with hostile requests', () => {
  it('property: never throws, 2xx only for an authentic delivery, functions only for their own type, no secret logged', async () => {
    const { logger, lines } = recordingLogger();
    const ran: { type: string; event: unknown }[] = [];
    const on = Object.fromEntries(
      ['enrollment.created', 'test.ping', 'user.deleted'].map((type) => [
        type,
        (event: unknown) => void ran.push({ type, event }),
      ]),
    );
    const handler = createWebhookHandler({
      secret: SECRET,
      now: () => T0 * 1000,
      on,
      logger,
      maxBodyBytes: 4096,
    });
    await fc.assert(
      fc.asyncProperty(
        bodyArb,
        signingArb,
        fc.array(extraHeaderArb, { maxLength: 3 }),
        fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH'),
        fc.option(fc.integer({ min: 4097, max: 20_000 }), { nil: undefined }),
        async (body, plan, extra, method, padTo) => {
          // Padding inside the envelope keeps it valid JSON, so only the size refuses it.
          const text =
            padTo === undefined
              ? body
              : JSON.stringify({ ...JSON.parse(JSON.stringify(envelope())), pad: 'x'.repeat(padTo) });
          const headers = new Headers();
          for (const [name, value] of extra) {
            try {
              headers.set(name, String(value));
            } catch {
              // Refused by Headers: cannot arrive.
            }
          }
          for (const [name, value] of Object.entries(sign(plan, text))) headers.set(name, value);
          const before = ran.length;
          const init: RequestInit = { method, headers };
          if (method !== 'GET') init.body = text;
          let response: Response;
          try {
            response = await handler(new Request(URL_, init));
          } catch (error) {
            throw new Error(`the handler threw: ${String(error)}`);
          }
          const status = response.status;
          expect([200, 400, 401, 405, 413, 500, 503]).toContain(status);
          const authentic = isAuthentic(plan) && method === 'POST' && padTo === undefined;
          if (status >= 200 && status < 300) expect(authentic).toBe(true);
          if (method !== 'POST') expect(status).toBe(405);
          if (padTo !== undefined && method === 'POST') expect(status).toBe(413);
          const newly = ran.slice(before);
          if (!authentic) expect(newly).toEqual([]);
          // A type without a function of its own (prototype names included) is acknowledged as not handled.
          const type = (() => {
            try {
              return (JSON.parse(text) as { type?: unknown }).type;
            } catch {
              return undefined;
            }
          })();
          if (status === 200 && typeof type === 'string' && !Object.hasOwn(on, type)) {
            expect(await response.json()).toEqual({ received: true, handled: false });
          }
          for (const { type, event } of newly) expect((event as { type: string }).type).toBe(type);
          for (const line of lines) expect(line).not.toContain(SECRET);
        },
      ),
      settings,
    );
  });
});
