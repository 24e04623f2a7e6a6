// The signature is compared in constant time: node:crypto's timingSafeEqual on Node, crypto.subtle.verify (compared
// inside the engine) elsewhere. No behaviour test can see a timing leak, so these pin the mechanism: each verify goes
// through the constant-time primitive once for every secret (a match stops nothing), and its response alone is the verdict, so a plain comparison
// (`===` on hex, Buffer#equals, subtle.sign and a string compare) put in its place or beside it fails them
// (docs/decisions.md#d-constant-time-check-pinned).
import * as nodeCrypto from 'node:crypto';
import { WebhookVerificationError } from '@learnkit/core';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { webhookCrypto as nodeImpl } from '../src/crypto/node';
import { webhookCrypto as webImpl } from '../src/crypto/web';
import { verifyWebhook } from '../src/index';
import { verifyWebhookWith } from '../src/verify';
import { delivery, nowAt, OTHER_SECRET, SECRET, T0 } from './helpers';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const timingSafeEqual = vi.mocked(nodeCrypto.timingSafeEqual);
const signed = delivery({ secret: SECRET });
const forged = delivery({ secret: 'whsec_not-the-platforms-secret' });
const bytesOf = (hex: string) => Buffer.from(hex, 'hex');
const signatureOf = (d: typeof signed) => d.headers['X-Service-Webhook-Signature']!;
// The matching secret first: stopping at the first match would also tell, by the time taken, which secret matched.
const options = (d: typeof signed, secret: string | string[] = [SECRET, OTHER_SECRET]) => ({
  body: d.body,
  headers: d.headers,
  secret,
  now: nowAt(T0),
});
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'verified',
    (e: unknown) => (e instanceof WebhookVerificationError ? e.reason : e),
  );

describe('node:crypto: every signature comparison is timingSafeEqual', () => {
  let equals: MockInstance;
  let compare: MockInstance;
  beforeEach(() => {
    timingSafeEqual.mockClear();
    equals = vi.spyOn(Buffer.prototype, 'equals');
    compare = vi.spyOn(Buffer, 'compare');
  });
  afterEach(() => {
    timingSafeEqual.mockReset();
    vi.restoreAllMocks();
  });

  it('verifyWebhook compares the HMAC of every secret with the signature, 32 bytes each, even after a match', async () => {
    for (const d of [signed, forged]) {
      timingSafeEqual.mockClear();
      await outcome(verifyWebhook(options(d)));
      expect(timingSafeEqual).toHaveBeenCalledTimes(2);
      for (const [digest, expected] of timingSafeEqual.mock.calls) {
        expect(digest).toBeInstanceOf(Buffer);
        expect((digest as Buffer).byteLength).toBe(32);
        expect(expected).toEqual(bytesOf(signatureOf(d)));
      }
    }
    expect(equals).not.toHaveBeenCalled();
    expect(compare).not.toHaveBeenCalled();
  });

  it("the verdict is timingSafeEqual's alone: no other comparison accepts or refuses", async () => {
    expect(await outcome(verifyWebhook(options(signed)))).toBe('verified');
    expect(await outcome(verifyWebhook(options(forged)))).toBe('signature_mismatch');
    // A correct signature that timingSafeEqual calls different is refused; a forged one it calls equal passes.
    timingSafeEqual.mockReturnValue(false);
    expect(await outcome(verifyWebhook(options(signed)))).toBe('signature_mismatch');
    timingSafeEqual.mockReturnValue(true);
    expect(await outcome(verifyWebhook(options(forged, SECRET)))).toBe('verified');
    expect(nodeImpl.verify([SECRET], String(T0), forged.body, signatureOf(forged))).toBe(true);
    expect(equals).not.toHaveBeenCalled();
    expect(compare).not.toHaveBeenCalled();
  });
});

describe('Web Crypto: every signature check is crypto.subtle.verify', () => {
  let verify: MockInstance<SubtleCrypto['verify']>;
  let sign: MockInstance<SubtleCrypto['sign']>;
  beforeEach(() => {
    verify = vi.spyOn(crypto.subtle, 'verify');
    sign = vi.spyOn(crypto.subtle, 'sign');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const webVerify = (o: ReturnType<typeof options>) => verifyWebhookWith(o, webImpl.verify);

  it('verifies once for every secret, even after a match, with a key made for verify only and the signature bytes as given; never signs', async () => {
    for (const d of [signed, forged]) {
      verify.mockClear();
      await outcome(webVerify(options(d)));
      expect(verify).toHaveBeenCalledTimes(2);
      for (const [algorithm, key, expected] of verify.mock.calls) {
        expect(algorithm).toBe('HMAC');
        expect(key).toMatchObject({ type: 'secret', usages: ['verify'], algorithm: { name: 'HMAC' } });
        expect(new Uint8Array(expected as ArrayBuffer)).toEqual(new Uint8Array(bytesOf(signatureOf(d))));
      }
    }
    expect(sign).not.toHaveBeenCalled();
  });

  it("the verdict is crypto.subtle.verify's alone: no comparison in JavaScript accepts or refuses", async () => {
    expect(await outcome(webVerify(options(signed)))).toBe('verified');
    expect(await outcome(webVerify(options(forged)))).toBe('signature_mismatch');
    verify.mockResolvedValue(false);
    expect(await outcome(webVerify(options(signed)))).toBe('signature_mismatch');
    verify.mockResolvedValue(true);
    expect(await outcome(webVerify(options(forged, SECRET)))).toBe('verified');
    await expect(webImpl.verify([SECRET], String(T0), forged.body, signatureOf(forged))).resolves.toBe(true);
    expect(sign).not.toHaveBeenCalled();
  });
});
