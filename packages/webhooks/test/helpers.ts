import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { WebhookVerificationReason } from '@learnkit/core/internal';

export const SECRET = 'whsec_c2VjcmV0LWV4YW1wbGU';
export const OTHER_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
/** 2026-01-01T00:00:00Z in Unix seconds. */
export const T0 = 1_767_225_600;
export const nowAt = (seconds: number) => () => seconds * 1000;

/** One test vector: a delivery that verifies, and signs to `signature`. */
export interface TestVector {
  secret: string;
  timestamp: string;
  body: string;
  signature: string;
}

/** One verification of the shared file: its outcome at `now` (Unix seconds) is `reason`, or null when it verifies. */
export interface VerificationCase {
  name: string;
  body: string;
  headers: Record<string, string>;
  secret: string | string[];
  now: number;
  toleranceSec?: number;
  reason: WebhookVerificationReason | null;
}

/**
 * The test-vector file shared with the Python package's tests (python/tests/test_webhooks.py), so both
 * implementations are held to the same vectors and the same reasons: computed with `openssl dgst -sha256 -hmac
 * <secret>` over `<timestamp>.<body>`, independently of the code under test. The vectors are also in
 * docs/webhooks.md, checked by verify.test.ts.
 */
const TEST_VECTOR_FILE = JSON.parse(
  readFileSync(new URL('./fixtures/test-vectors.json', import.meta.url), 'utf8'),
) as { vectors: TestVector[]; cases: VerificationCase[] };

/** The test vectors (see {@link TEST_VECTOR_FILE}). */
export const VECTORS: readonly TestVector[] = TEST_VECTOR_FILE.vectors;

/** The verification cases of the shared file (see {@link TEST_VECTOR_FILE}). */
export const VERIFICATION_CASES: readonly VerificationCase[] = TEST_VECTOR_FILE.cases;

let counter = 0;
/** A delivery envelope as the platform sends it. */
export function envelope(type = 'enrollment.created', data?: Record<string, unknown>, id?: string) {
  counter++;
  return {
    id: id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    type,
    timestamp: '2026-01-01T00:00:00Z',
    data: data ?? { enrollmentId: `enr-${counter}`, classId: 'cls-1', userId: 'usr-1' },
  };
}

/** The platform's signature, computed here without the code under test. */
export function platformSign(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** A signed delivery: body text and both headers (canonical case). */
export function delivery(options: { secret?: string; timestamp?: number; body?: string } = {}) {
  const body = options.body ?? JSON.stringify(envelope());
  const timestamp = options.timestamp ?? T0;
  const secret = options.secret ?? SECRET;
  return {
    body,
    timestamp,
    headers: {
      'X-Service-Webhook-Timestamp': String(timestamp),
      'X-Service-Webhook-Signature': platformSign(secret, timestamp, body),
      'Content-Type': 'application/json',
    } as Record<string, string>,
  };
}
