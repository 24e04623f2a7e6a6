import { createHmac } from 'node:crypto';

export const SECRET = 'whsec_c2VjcmV0LWV4YW1wbGU';
export const OTHER_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
/** 2026-01-01T00:00:00Z in Unix seconds. */
export const T0 = 1_767_225_600;
export const nowAt = (seconds: number) => () => seconds * 1000;

/**
 * Known-answer vectors (also in docs/webhooks.md, checked by verify.test.ts): computed with `openssl dgst -sha256 -hmac <secret>` over
 * `<timestamp>.<body>`, independently of the code under test.
 */
export const VECTORS = [
  {
    secret: 'whsec_c2VjcmV0LWV4YW1wbGU',
    timestamp: '1767225600',
    body: '{"id":"3f1c2b7e-8d4a-4c6b-9e2f-1a2b3c4d5e6f","type":"test.ping","timestamp":"2026-01-01T00:00:00Z","data":{"message":"hello"}}',
    signature: 'a0b9ce004cc0ae7c352c2f9a9acf10bbb1adc6761805204144b0f2e4f4eecf36',
  },
  {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    timestamp: '1700000000',
    body: '{"id":"0b6c5a52-56d4-4f47-8a0b-6a2d1c3e4f50","type":"enrollment.created","timestamp":"2023-11-14T22:13:20Z","data":{"enrollmentId":"enr-1","classId":"cls-1","userId":"usr-1"}}',
    signature: 'ab9d66e98521ad08cfa542a7397d1cd9becacd7a46b37016f535b4fb64b06d56',
  },
  {
    secret: 'whsec_c2VjcmV0LWV4YW1wbGU',
    timestamp: '1767225600',
    body: '{"id":"e","type":"test.ping","timestamp":"2026-01-01T00:00:00Z","data":{"message":"héllo ✓"}}',
    signature: '6f8e8c1ce8caa295ec10cd30ce447bcc48b59eae9e2dafcb02ad0006eaa7ff60',
  },
] as const;

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
