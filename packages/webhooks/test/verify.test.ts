import { readFileSync } from 'node:fs';
import { LearnKitError, ValidationError, WebhookVerificationError } from '@learnkit/core';
import type { WebhookVerificationReason } from '@learnkit/core/internal';
import { describe, expect, it } from 'vitest';
import { webhookCrypto as nodeCrypto } from '../src/crypto/node';
import { webhookCrypto as webCrypto } from '../src/crypto/web';
import { SigningSecret, signWebhook, type VerifyWebhookOptions, verifyWebhook } from '../src/index';
import { signWebhookWith } from '../src/sign';
import { verifyWebhookWith } from '../src/verify';
import {
  delivery,
  envelope,
  nowAt,
  OTHER_SECRET,
  platformSign,
  SECRET,
  T0,
  VECTORS,
  VERIFICATION_CASES,
} from './helpers';

const IMPLS = [
  ['node:crypto', nodeCrypto],
  ['Web Crypto', webCrypto],
] as const;

async function reasonOf(options: VerifyWebhookOptions, impl = nodeCrypto): Promise<WebhookVerificationError> {
  const error = await verifyWebhookWith(options, impl.verify).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe.each(IMPLS)('verifyWebhook on %s', (_name, impl) => {
  const verify = (options: VerifyWebhookOptions) => verifyWebhookWith(options, impl.verify);

  it('verifies the test vectors and signs them to the same signature', async () => {
    for (const v of VECTORS) {
      const headers = {
        'x-service-webhook-timestamp': v.timestamp,
        'x-service-webhook-signature': v.signature,
      };
      const event = await verify({
        body: v.body,
        headers,
        secret: v.secret,
        now: nowAt(Number(v.timestamp)),
      });
      expect(event).toEqual(JSON.parse(v.body));
      const signed = await signWebhookWith(impl, {
        body: v.body,
        secret: v.secret,
        timestamp: Number(v.timestamp),
      });
      expect(signed).toEqual({
        'X-Service-Webhook-Timestamp': v.timestamp,
        'X-Service-Webhook-Signature': v.signature,
      });
    }
  });

  it('takes the body as a string, Buffer, Uint8Array, ArrayBuffer or DataView', async () => {
    const d = delivery();
    const bytes = new TextEncoder().encode(d.body);
    const bodies = [
      d.body,
      Buffer.from(d.body),
      bytes,
      bytes.slice().buffer,
      new DataView(bytes.slice().buffer),
    ];
    for (const body of bodies) {
      const event = await verify({ body, headers: d.headers, secret: SECRET, now: nowAt(T0) });
      expect(event.id).toBe(JSON.parse(d.body).id);
    }
  });

  it('verifies a body holding multi-byte UTF-8 given as text or as bytes', async () => {
    const body = JSON.stringify(envelope('test.ping', { message: 'Grüße, 学生 ✓ 🎓' }));
    const headers = {
      'x-service-webhook-timestamp': String(T0),
      'x-service-webhook-signature': platformSign(SECRET, T0, body),
    };
    expect((await verify({ body, headers, secret: SECRET, now: nowAt(T0) })).data).toEqual({
      message: 'Grüße, 学生 ✓ 🎓',
    });
    const bytes = Buffer.from(body, 'utf8');
    expect((await verify({ body: bytes, headers, secret: SECRET, now: nowAt(T0) })).type).toBe('test.ping');
  });

  it('accepts the timestamp exactly 300 s old or ahead and refuses 301 s either way', async () => {
    const d = delivery();
    const at = (seconds: number) => ({
      body: d.body,
      headers: d.headers,
      secret: SECRET,
      now: nowAt(seconds),
    });
    await expect(verify(at(T0 + 300))).resolves.toBeTruthy();
    await expect(verify(at(T0 - 300))).resolves.toBeTruthy();
    // Within the same second as the edge (the clock's milliseconds do not count).
    await expect(verify({ ...at(T0), now: () => (T0 + 300) * 1000 + 999 })).resolves.toBeTruthy();
    expect((await reasonOf(at(T0 + 301), impl)).reason).toBe('timestamp_too_old');
    expect((await reasonOf(at(T0 - 301), impl)).reason).toBe('timestamp_in_future');
  });

  it('honours toleranceSec', async () => {
    const d = delivery();
    const options = { body: d.body, headers: d.headers, secret: SECRET, toleranceSec: 10 };
    await expect(verify({ ...options, now: nowAt(T0 + 10) })).resolves.toBeTruthy();
    expect((await reasonOf({ ...options, now: nowAt(T0 + 11) }, impl)).reason).toBe('timestamp_too_old');
    expect((await reasonOf({ ...options, toleranceSec: 0, now: nowAt(T0 + 1) }, impl)).reason).toBe(
      'timestamp_too_old',
    );
    await expect(verify({ ...options, toleranceSec: 0, now: nowAt(T0) })).resolves.toBeTruthy();
  });

  it('verifies with any secret of a rotation list', async () => {
    const old = delivery({ secret: SECRET });
    const fresh = delivery({ secret: OTHER_SECRET });
    for (const d of [old, fresh]) {
      await expect(
        verify({ body: d.body, headers: d.headers, secret: [OTHER_SECRET, SECRET], now: nowAt(T0) }),
      ).resolves.toBeTruthy();
    }
    expect(
      (await reasonOf({ body: old.body, headers: old.headers, secret: [OTHER_SECRET], now: nowAt(T0) }, impl))
        .reason,
    ).toBe('signature_mismatch');
  });

  it('accepts a SigningSecret as returned by the subscriptions client', async () => {
    const d = delivery();
    const secret = new SigningSecret(SECRET);
    await expect(verify({ body: d.body, headers: d.headers, secret, now: nowAt(T0) })).resolves.toBeTruthy();
    await expect(
      verify({ body: d.body, headers: d.headers, secret: [secret], now: nowAt(T0) }),
    ).resolves.toBeTruthy();
  });
});

describe('the verification cases shared with the Python package', () => {
  it('finds the shared cases, verifying and refused ones', () => {
    expect(VERIFICATION_CASES.filter((c) => c.reason === null).length).toBeGreaterThan(5);
    expect(new Set(VERIFICATION_CASES.map((c) => c.reason)).size).toBe(9);
  });

  it.each(IMPLS)('ends each case as the file says on %s', async (_name, impl) => {
    for (const c of VERIFICATION_CASES) {
      const options: VerifyWebhookOptions = {
        body: c.body,
        headers: c.headers,
        secret: c.secret,
        now: () => c.now * 1000,
        ...(c.toleranceSec !== undefined && { toleranceSec: c.toleranceSec }),
      };
      const outcome = await verifyWebhookWith(options, impl.verify).then(
        () => null,
        (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : error),
      );
      expect(outcome, c.name).toBe(c.reason);
    }
  });
});

describe('the test vectors of the webhooks guide', () => {
  it('are the ones these tests verify, row by row', () => {
    const guide = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
    for (const v of VECTORS) {
      expect(guide).toContain(`| \`${v.secret}\` | \`${v.timestamp}\` | \`${v.body}\``);
      expect(guide).toContain(`| \`${v.signature}\` |`);
    }
  });
});

describe('verifyWebhook reasons', () => {
  const d = delivery();
  const base = { body: d.body, headers: d.headers, secret: SECRET, now: nowAt(T0) };
  const without = (name: string) =>
    Object.fromEntries(Object.entries(d.headers).filter(([key]) => key !== name));
  const cases: [WebhookVerificationReason, Partial<VerifyWebhookOptions>, RegExp][] = [
    ['missing_signature', { headers: without('X-Service-Webhook-Signature') }, /failed: missing_signature$/],
    [
      'missing_signature',
      { headers: { ...d.headers, 'X-Service-Webhook-Signature': '' } },
      /failed: missing_signature$/,
    ],
    ['missing_timestamp', { headers: without('X-Service-Webhook-Timestamp') }, /failed: missing_timestamp$/],
    [
      'invalid_timestamp',
      { headers: { ...d.headers, 'X-Service-Webhook-Timestamp': 'yesterday' } },
      /failed: invalid_timestamp$/,
    ],
    [
      'invalid_timestamp',
      { headers: { ...d.headers, 'X-Service-Webhook-Timestamp': '-1767225600' } },
      /failed: invalid_timestamp$/,
    ],
    [
      'invalid_timestamp',
      { headers: { ...d.headers, 'X-Service-Webhook-Timestamp': '1767225600.5' } },
      /failed: invalid_timestamp$/,
    ],
    [
      'malformed_signature',
      { headers: { ...d.headers, 'X-Service-Webhook-Signature': 'abc' } },
      /failed: malformed_signature$/,
    ],
    [
      'malformed_signature',
      {
        headers: {
          ...d.headers,
          'X-Service-Webhook-Signature': d.headers['X-Service-Webhook-Signature']!.toUpperCase(),
        },
      },
      /failed: malformed_signature$/,
    ],
    [
      'malformed_signature',
      {
        headers: {
          ...d.headers,
          'X-Service-Webhook-Signature': `v1=${d.headers['X-Service-Webhook-Signature']}`,
        },
      },
      /failed: malformed_signature$/,
    ],
    [
      'signature_mismatch',
      { body: d.body.replace('cls-1', 'cls-2') },
      /signature_mismatch\. Pass the raw body as received\.$/,
    ],
    ['signature_mismatch', { secret: OTHER_SECRET }, /^Webhook verification failed: signature_mismatch/],
    ['timestamp_too_old', { now: nowAt(T0 + 3600) }, /failed: timestamp_too_old$/],
    ['timestamp_in_future', { now: nowAt(T0 - 3600) }, /failed: timestamp_in_future$/],
    ['body_not_raw', { body: JSON.parse(d.body) as never }, /express\.raw[\s\S]*request\.text\(\) elsewhere/],
    ['body_not_raw', { body: undefined as never }, /body_not_raw: pass the raw body, not a parsed one/],
  ];
  it.each(cases)('%s (%#)', async (reason, change, message) => {
    const error = await reasonOf({ ...base, ...change });
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(message);
    expect(error).toBeInstanceOf(LearnKitError);
  });

  it('says how to get the raw body in Express and elsewhere (Next.js, Hono: the web Request) when given a parsed object', async () => {
    const error = await reasonOf({ ...base, body: { ...envelope() } as never });
    expect(error.message).toContain('express.raw({ type: "application/json" }) in Express');
    expect(error.message).toContain('await request.text() elsewhere');
  });

  it('invalid_payload only once the signature holds: a signed non-JSON body, a bad envelope, wrong data', async () => {
    const signed = (body: string) => ({
      ...base,
      body,
      headers: {
        'x-service-webhook-timestamp': String(T0),
        'x-service-webhook-signature': platformSign(SECRET, T0, body),
      },
    });
    const bad: [string, RegExp][] = [
      ['not json', /failed: invalid_payload$/],
      ['[1,2]', /\(body must be object\)$/],
      [JSON.stringify({ ...envelope(), id: '' }), /\(empty id or type\)$/],
      [JSON.stringify({ ...envelope(), type: 5 }), /\(type must be string\)$/],
      [JSON.stringify({ ...envelope(), timestamp: null }), /\(timestamp must be string\)$/],
      [JSON.stringify({ ...envelope(), data: [] }), /\(data must be object\)$/],
      [
        JSON.stringify(envelope('enrollment.created', { enrollmentId: 'e', classId: 'c' })),
        /\(enrollment\.created data\.userId is missing\)$/,
      ],
      [
        JSON.stringify(envelope('enrollment.created', { enrollmentId: 1, classId: 'c', userId: 'u' })),
        /\(enrollment\.created data\.enrollmentId must be string\)$/,
      ],
      [
        JSON.stringify(
          envelope('session.started', {
            caliperSessionId: 's',
            userId: 'u',
            applicationId: 'a',
            isProctored: 'yes',
          }),
        ),
        /\(session\.started data\.isProctored must be boolean\)$/,
      ],
      [
        JSON.stringify(envelope('mastery.created', { userId: 'u', subject: null, masteredGrade: '3' })),
        /\(mastery\.created data\.subject must be string\)$/,
      ],
    ];
    for (const [body, message] of bad) {
      const error = await reasonOf(signed(body));
      expect(error.reason, body).toBe('invalid_payload');
      expect(error.message).toMatch(message);
    }
    // The same bodies unsigned are refused for their signature, never parsed.
    expect((await reasonOf({ ...base, body: 'not json' })).reason).toBe('signature_mismatch');
  });

  it('passes nullable and optional members, extra members, and types newer than the SDK', async () => {
    const signed = async (value: unknown) => {
      const body = JSON.stringify(value);
      const headers = {
        'x-service-webhook-timestamp': String(T0),
        'x-service-webhook-signature': platformSign(SECRET, T0, body),
      };
      return verifyWebhook({ body, headers, secret: SECRET, now: nowAt(T0) });
    };
    const deleted = await signed(
      envelope('mastery.deleted', { userId: 'u', subject: 'Math', masteredGrade: null }),
    );
    expect(deleted.type).toBe('mastery.deleted');
    const insight = envelope('insight.created', {
      insightId: 'i',
      insightType: 'Journal',
      userId: 'u',
      caliperSessionId: 'urn:s',
      rolloutState: 'NOTIFY',
      somethingNew: 42,
    });
    expect((await signed(insight)).data).toEqual(insight.data);
    const future = { ...envelope('course.published', { courseId: 'c-1' }), extra: true };
    const event = await signed(future);
    expect(event).toEqual(future);
    expect(event.type).toBe('course.published');
  });

  it('reads headers from Headers, IncomingHttpHeaders with arrays, and plain objects in any case', async () => {
    const ts = d.headers['X-Service-Webhook-Timestamp']!;
    const sig = d.headers['X-Service-Webhook-Signature']!;
    const shapes = [
      new Headers({ 'X-Service-Webhook-Timestamp': ts, 'X-SERVICE-WEBHOOK-SIGNATURE': sig }),
      {
        host: 'x',
        'x-service-webhook-timestamp': [ts],
        'x-service-webhook-signature': [sig, 'ignored'],
        'set-cookie': ['a=b'],
      },
      { 'x-Service-WEBHOOK-timestamp': ts, 'X-service-webhook-SIGNATURE': sig },
      { 'X-Service-Webhook-Timestamp': ts, 'x-service-webhook-signature': sig, unrelated: undefined },
    ];
    for (const headers of shapes) {
      await expect(
        verifyWebhook({ body: d.body, headers, secret: SECRET, now: nowAt(T0) }),
      ).resolves.toBeTruthy();
    }
  });

  it('diagnoses a secret with whitespace or without whsec_ on a mismatch', async () => {
    const spaced = await reasonOf({ ...base, secret: `${SECRET}\n` });
    expect(spaced.reason).toBe('signature_mismatch');
    expect(spaced.message).toBe(
      'Webhook verification failed: signature_mismatch. A secret has whitespace. Pass the raw body as received.',
    );
    const bare = await reasonOf({ ...base, secret: SECRET.slice('whsec_'.length) });
    expect(bare.message).toMatch(/A secret lacks the whsec_ prefix\./);
    const both = await reasonOf({ ...base, secret: [`${SECRET} `, SECRET.slice('whsec_'.length)] });
    expect(both.message).toMatch(/A secret has whitespace\. A secret lacks the whsec_ prefix\./);
    const fine = await reasonOf({ ...base, secret: OTHER_SECRET });
    expect(fine.message).not.toMatch(/whitespace|prefix/);
  });

  it('refuses an unusable secret or toleranceSec before checking anything', async () => {
    for (const secret of ['', [], [SECRET, ''], undefined, 42, String(new SigningSecret(SECRET))]) {
      const error = await verifyWebhook({ ...base, secret: secret as never }).catch((e: unknown) => e);
      // A plain LearnKitError (a usage error, as core's own), not a WebhookVerificationError: no 401 hides it.
      expect(error, String(secret)).toBeInstanceOf(LearnKitError);
      expect(error).not.toBeInstanceOf(WebhookVerificationError);
      expect((error as Error).message).toBe("Invalid secret: must be the subscription's signingSecret");
    }
    for (const toleranceSec of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = await verifyWebhook({ ...base, toleranceSec }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LearnKitError);
      expect(error).not.toBeInstanceOf(WebhookVerificationError);
      expect((error as Error).message).toBe('Invalid toleranceSec: must be >= 0');
    }
  });

  // Issue 13, finding 10: a broken clock made every age comparison false, so a stale delivery passed.
  it.each([
    ['NaN', Number.NaN],
    ['undefined', undefined],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])(
    'throws a TypeError for a clock responding %s, on a stale delivery and a fresh one alike',
    async (_label, value) => {
      const stale = delivery({ timestamp: T0 - 86_400 });
      for (const d of [stale, delivery()]) {
        for (const impl of [nodeCrypto, webCrypto]) {
          const error = await verifyWebhookWith(
            { body: d.body, headers: d.headers, secret: SECRET, now: () => value as number },
            impl.verify,
          ).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).toMatch(/now\(\)/);
        }
      }
    },
  );

  it('never puts the secret in an error message or its JSON', async () => {
    const error = await reasonOf({ ...base, secret: `${SECRET} ` });
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(error.message).not.toContain(SECRET);
    expect(JSON.stringify(error)).toContain('signature_mismatch');
  });
});

describe('signWebhook', () => {
  it('signs now by default, or at a given time (seconds or Date)', async () => {
    const body = JSON.stringify(envelope());
    const before = Math.floor(Date.now() / 1000);
    const headers = await signWebhook({ body, secret: SECRET });
    const ts = Number(headers['X-Service-Webhook-Timestamp']);
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(headers['X-Service-Webhook-Signature']).toBe(platformSign(SECRET, ts, body));
    const dated = await signWebhook({
      body,
      secret: new SigningSecret(SECRET),
      timestamp: new Date(T0 * 1000 + 999),
    });
    expect(dated['X-Service-Webhook-Timestamp']).toBe(String(T0));
    await expect(verifyWebhook({ body, headers, secret: SECRET })).resolves.toBeTruthy();
  });

  it('refuses a timestamp that is not whole seconds, and a parsed body', async () => {
    await expect(signWebhook({ body: '{}', secret: SECRET, timestamp: 1.5 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(signWebhook({ body: {} as never, secret: SECRET })).rejects.toMatchObject({
      reason: 'body_not_raw',
    });
  });
});
