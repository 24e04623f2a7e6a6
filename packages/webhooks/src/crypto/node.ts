import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { RawBody, WebhookCrypto } from './types';

// A KeyObject per secret: createHmac with one skips re-encoding the key on every delivery. A rotation adds one.
const keys = new Map<string, KeyObject>();

/** Bytes of a raw body given as an `ArrayBuffer` or any view, without copying them. */
const bytesOf = (body: ArrayBuffer | ArrayBufferView): Uint8Array =>
  ArrayBuffer.isView(body)
    ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
    : new Uint8Array(body);

function digest(secret: string, timestamp: string, body: RawBody): Buffer {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size > 15) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  const hmac = createHmac('sha256', key);
  if (typeof body === 'string') hmac.update(`${timestamp}.${body}`);
  else hmac.update(`${timestamp}.`).update(bytesOf(body));
  return hmac.digest();
}

/** Whether any of `secrets` signs `<timestamp>.<body>` to `signature`: `timingSafeEqual`, synchronous. */
export function verifySignature(
  secrets: readonly string[],
  timestamp: string,
  body: RawBody,
  signature: string,
): boolean {
  // The caller has checked `signature` is 64 lowercase hex characters, so this is always 32 bytes.
  const expected = Buffer.from(signature, 'hex');
  let ok = false;
  // Every secret is tried, whichever matches; test/constant-time.test.ts holds this to timingSafeEqual
  // (docs/decisions.md#d-constant-time-check-pinned).
  for (const secret of secrets) {
    if (timingSafeEqual(digest(secret, timestamp, body), expected)) ok = true;
  }
  return ok;
}

/** Lowercase hex HMAC-SHA256 of `<timestamp>.<body>` keyed by the UTF-8 bytes of `secret`. */
export function signBody(secret: string, timestamp: string, body: RawBody): string {
  return digest(secret, timestamp, body).toString('hex');
}

/** `node:crypto`: `createHmac` and `timingSafeEqual`, synchronous (the fastest path on Node). */
export const webhookCrypto: WebhookCrypto = { verify: verifySignature, sign: signBody };
