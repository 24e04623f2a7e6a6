import { WebhookVerificationError } from '@learnkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webhookCrypto as selected } from '#crypto';
import { webhookCrypto as nodeCrypto } from '../src/crypto/node';
import { webhookCrypto as webCrypto } from '../src/crypto/web';
import { signWebhookWith } from '../src/sign';
import { verifyWebhookWith } from '../src/verify';
import { nowAt, platformSign } from './helpers';

const secretArb = fc.string({ minLength: 1, maxLength: 40 }).map((s) => `whsec_${s}`);
const timestampArb = fc.integer({ min: 1_000_000_000, max: 4_000_000_000 });
// Envelopes of catalogue and unknown types, serialized as the platform would.
const bodyArb = fc
  .record({
    id: fc.uuid(),
    type: fc.constantFrom('test.ping', 'future.type'),
    timestamp: fc
      .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((d) => d.toISOString()),
    message: fc.string({ unit: 'binary', maxLength: 200 }),
  })
  .map(({ message, ...rest }) => JSON.stringify({ ...rest, data: { message } }));

const verifies = async (
  impl: typeof nodeCrypto,
  body: string | Uint8Array,
  ts: string,
  sig: string,
  secret: string | string[],
  nowSec: number,
) =>
  verifyWebhookWith(
    {
      body,
      headers: { 'x-service-webhook-timestamp': ts, 'x-service-webhook-signature': sig },
      secret,
      now: nowAt(nowSec),
    },
    impl.verify,
  ).then(
    () => true,
    (error: unknown) => {
      if (!(error instanceof WebhookVerificationError)) throw error;
      if (process.env.DEBUG_PROPS) console.log(error.reason, error.message);
      return false;
    },
  );

const IMPLS = [
  ['node:crypto', nodeCrypto],
  ['Web Crypto', webCrypto],
] as const;

describe('the runtime picks its crypto through package.json imports', () => {
  it('is node:crypto under the node condition (Web Crypto only elsewhere)', () => {
    expect(selected).toBe(nodeCrypto);
  });
});

describe.each(IMPLS)('signature properties on %s', (_name, impl) => {
  it('a signed delivery always verifies', async () => {
    await fc.assert(
      fc.asyncProperty(secretArb, timestampArb, bodyArb, async (secret, ts, body) => {
        const headers = await signWebhookWith(impl, { body, secret, timestamp: ts });
        expect(headers['X-Service-Webhook-Signature']).toBe(platformSign(secret, ts, body));
        return verifies(impl, body, String(ts), headers['X-Service-Webhook-Signature'], secret, ts);
      }),
      { numRuns: 200 },
    );
  });

  it('changing one byte of the body never verifies', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        timestampArb,
        bodyArb,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (secret, ts, text, at, delta) => {
          const bytes = new TextEncoder().encode(text);
          const sig = platformSign(secret, ts, bytes);
          const tampered = bytes.slice();
          const i = at % tampered.length;
          tampered[i] = ((tampered[i] as number) + delta) % 256;
          return !(await verifies(impl, tampered, String(ts), sig, secret, ts));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('changing one character of the timestamp never verifies', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        timestampArb,
        bodyArb,
        fc.nat(),
        fc.integer({ min: 1, max: 127 }),
        async (secret, ts, body, at, delta) => {
          const text = String(ts);
          const i = at % text.length;
          const changed =
            text.slice(0, i) + String.fromCharCode((text.charCodeAt(i) + delta) % 128) + text.slice(i + 1);
          // Even with a clock that would accept the changed timestamp.
          const now = /^\d+$/.test(changed) ? Number(changed) : ts;
          return !(await verifies(impl, body, changed, platformSign(secret, ts, body), secret, now));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('changing one character of the signature never verifies', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        timestampArb,
        bodyArb,
        fc.nat(),
        fc.integer({ min: 1, max: 127 }),
        async (secret, ts, body, at, delta) => {
          const sig = platformSign(secret, ts, body);
          const i = at % 64;
          const changed =
            sig.slice(0, i) + String.fromCharCode((sig.charCodeAt(i) + delta) % 128) + sig.slice(i + 1);
          return !(await verifies(impl, body, String(ts), changed, secret, ts));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rotation: [new, old] verifies deliveries signed with either, and no other secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        secretArb,
        secretArb,
        timestampArb,
        bodyArb,
        async (next, old, other, ts, body) => {
          fc.pre(other !== next && other !== old);
          const withNew = await verifies(
            impl,
            body,
            String(ts),
            platformSign(next, ts, body),
            [next, old],
            ts,
          );
          const withOld = await verifies(
            impl,
            body,
            String(ts),
            platformSign(old, ts, body),
            [next, old],
            ts,
          );
          const withOther = await verifies(
            impl,
            body,
            String(ts),
            platformSign(other, ts, body),
            [next, old],
            ts,
          );
          return withNew && withOld && !withOther;
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('node:crypto and Web Crypto agree', () => {
  it('on every signature and every verdict', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        timestampArb,
        fc.oneof(bodyArb, fc.string({ unit: 'binary' })),
        fc.boolean(),
        fc.integer({ min: -400, max: 400 }),
        async (secret, ts, body, tamper, skew) => {
          const a = await nodeCrypto.sign(secret, String(ts), body);
          const b = await webCrypto.sign(secret, String(ts), new TextEncoder().encode(body));
          expect(a).toBe(b);
          const sig = tamper ? `${a.slice(0, 63)}${a[63] === '0' ? '1' : '0'}` : a;
          const [x, y] = await Promise.all(
            [nodeCrypto, webCrypto].map((impl) =>
              verifyWebhookWith(
                {
                  body,
                  headers: { 'x-service-webhook-timestamp': String(ts), 'x-service-webhook-signature': sig },
                  secret,
                  now: nowAt(ts + skew),
                },
                impl.verify,
              ).then(
                (event) => ({ ok: true, event }),
                (error: WebhookVerificationError) => ({ ok: false, reason: error.reason }),
              ),
            ),
          );
          expect(x).toEqual(y);
        },
      ),
      { numRuns: 200 },
    );
  });
});
