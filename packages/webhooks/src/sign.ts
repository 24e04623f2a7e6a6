import { ValidationError } from '@learnkit/core';
import { signBody } from '#crypto';
import type { WebhookCrypto } from './crypto/types';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './internal/headers';
import { rawBodyOf } from './internal/raw-body';
import { secretsOf } from './internal/secrets';
import type { WebhookSecret } from './signing-secret';

/** Options of {@link signWebhook}. */
export interface SignWebhookOptions {
  /** The exact body you will send: a string (e.g. `JSON.stringify(envelope)`) or bytes. */
  body: string | Uint8Array | ArrayBuffer;
  /** The signing secret (with its `whsec_` prefix). */
  secret: WebhookSecret;
  /** When the delivery is signed: Unix seconds or a `Date`. Default: now. */
  timestamp?: number | Date | undefined;
}

/** The two headers of a signed delivery (a type alias, so it fits `HeadersInit` and `verifyWebhook`'s headers). */
export type WebhookSignatureHeaders = {
  /** When the delivery was signed, in whole Unix seconds, as a decimal string. */
  'X-Service-Webhook-Timestamp': string;
  /** HMAC-SHA256 of `<timestamp>.<body>` keyed with the secret: 64 lowercase hex characters. */
  'X-Service-Webhook-Signature': string;
};

/** {@link signWebhook} on a given crypto implementation. */
export async function signWebhookWith(
  impl: Pick<WebhookCrypto, 'sign'>,
  options: SignWebhookOptions,
): Promise<WebhookSignatureHeaders> {
  const body = rawBodyOf(options.body);
  const [secret] = secretsOf(options.secret) as [string];
  const t = options.timestamp;
  const seconds =
    t === undefined ? Math.floor(Date.now() / 1000) : t instanceof Date ? Math.floor(t.getTime() / 1000) : t;
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new ValidationError([
      { path: ['timestamp'], message: `must be whole Unix seconds >= 0 or a Date (got ${String(t)})` },
    ]);
  }
  const timestamp = String(seconds);
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: await impl.sign(secret, timestamp, body),
  } as WebhookSignatureHeaders;
}

/**
 * Signs a delivery as the platform does (docs/decisions.md#d-webhook-signature), for testing your consumer: returns the
 * `X-Service-Webhook-Timestamp` and `X-Service-Webhook-Signature` headers for `body`.
 *
 * @example
 * const body = JSON.stringify({ id: crypto.randomUUID(), type: 'test.ping', timestamp: new Date().toISOString(), data: { message: 'hi' } });
 * const headers = await signWebhook({ body, secret: 'whsec_test' });
 * const res = await handler(new Request('http://localhost/webhooks', { method: 'POST', headers, body }));
 */
export function signWebhook(options: SignWebhookOptions): Promise<WebhookSignatureHeaders> {
  return signWebhookWith({ sign: signBody }, options);
}
