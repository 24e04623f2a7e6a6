import { ValidationError, WebhookVerificationError, type WebhookVerificationReason } from '@learnkit/core';
import { webhookCrypto } from '#crypto';
import type { WebhookCrypto } from './crypto/types';
import { parseWebhookEvent, type WebhookEvent } from './events';
import { readHeader, type WebhookHeaders } from './internal/headers';
import { rawBodyOf, type WebhookBody } from './internal/raw-body';
import { secretHints, secretsOf } from './internal/secrets';
import type { WebhookSecret } from './signing-secret';

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** The raw request body, exactly as received: a string, `Uint8Array`/`Buffer` or `ArrayBuffer`. Never a parsed object. */
  body: WebhookBody;
  /** The request headers: `Headers`, Node's `req.headers`, or a plain object (names in any case). */
  headers: WebhookHeaders;
  /**
   * The subscription's `signingSecret` (string or `SigningSecret`), or several during a rotation window
   * (`[newSecret, oldSecret]`): a delivery signed with any of them verifies.
   */
  secret: WebhookSecret | readonly WebhookSecret[];
  /** Largest age (and future skew) of the timestamp, in seconds. Default 300. */
  toleranceSec?: number | undefined;
  /** Clock in ms (default `Date.now`). */
  now?: (() => number) | undefined;
}

/** The default replay tolerance: the spec's recommended 300 seconds. */
export const DEFAULT_TOLERANCE_SEC = 300;

const HEX64 = /^[0-9a-f]{64}$/;
const DIGITS = /^[0-9]{1,15}$/;

const fail = (reason: WebhookVerificationReason, message: string): never => {
  throw new WebhookVerificationError(reason, message);
};

/** {@link verifyWebhook} on a given crypto implementation (tests force the Web Crypto one on Node). */
export async function verifyWebhookWith(
  impl: WebhookCrypto,
  options: VerifyWebhookOptions,
): Promise<WebhookEvent> {
  const raw = rawBodyOf(options.body);
  const secrets = secretsOf(options.secret);
  const tolerance = options.toleranceSec ?? DEFAULT_TOLERANCE_SEC;
  if (!(tolerance >= 0 && tolerance < Number.POSITIVE_INFINITY)) {
    throw new ValidationError([
      { path: ['toleranceSec'], message: `must be a finite number of seconds >= 0 (got ${tolerance})` },
    ]);
  }
  const signature = readHeader(options.headers, 'x-service-webhook-signature');
  const timestamp = readHeader(options.headers, 'x-service-webhook-timestamp');
  if (!signature) fail('missing_signature', 'No X-Service-Webhook-Signature header: not a signed delivery.');
  if (!timestamp) fail('missing_timestamp', 'No X-Service-Webhook-Timestamp header.');
  if (!DIGITS.test(timestamp as string))
    fail('invalid_timestamp', 'X-Service-Webhook-Timestamp must be Unix seconds.');
  if (!HEX64.test(signature as string))
    fail('malformed_signature', 'X-Service-Webhook-Signature must be 64 lowercase hex digits.');

  const verdict = impl.verify(secrets, timestamp as string, raw, signature as string);
  // node:crypto answers synchronously: no extra turn of the event loop for it.
  if (!(typeof verdict === 'boolean' ? verdict : await verdict)) {
    fail(
      'signature_mismatch',
      `The signature does not match body, timestamp and secret. ${secretHints(secrets)}` +
        'Pass the raw body as received (not re-serialized JSON); while rotating, pass [newSecret, oldSecret].',
    );
  }
  // Only an authentic delivery gets here, so the timestamp is the platform's own.
  const age = Math.floor((options.now ?? Date.now)() / 1000) - Number(timestamp);
  if (age > tolerance)
    fail(
      'timestamp_too_old',
      `Signed ${age} s ago, over toleranceSec ${tolerance}: a replay, or a clock off.`,
    );
  if (-age > tolerance)
    fail(
      'timestamp_in_future',
      `Signed ${-age} s in the future, over toleranceSec ${tolerance}: check the clock.`,
    );

  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw));
  } catch {
    fail('invalid_payload', 'Signature valid, payload invalid: the body is not JSON.');
  }
  return parseWebhookEvent(value);
}

/**
 * Verifies a webhook delivery (DESIGN decision 1) and returns its event, typed by `type`. Checks, in order:
 * the body is raw, both headers are present and well formed, the HMAC-SHA256 of `<timestamp>.<body>` matches
 * in constant time with one of the secrets, the timestamp is within `toleranceSec` (300 s) of now either way,
 * and the body is an envelope whose `data` fits its catalogue type. Unknown (newer) types pass through.
 *
 * Rejects with `WebhookVerificationError` (`reason` says which check failed), or `ValidationError` for an
 * unusable `secret` or `toleranceSec`. Uses `node:crypto` on Node and Web Crypto elsewhere.
 *
 * @example
 * app.post('/webhooks', express.raw({ type: 'application/json' }), async (req, res) => {
 *   const event = await verifyWebhook({ body: req.body, headers: req.headers, secret: process.env.LEARNKIT_WEBHOOK_SECRET! });
 *   if (event.type === 'enrollment.created') await enroll(event.data.enrollmentId);
 *   res.sendStatus(204);
 * });
 */
export function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  return verifyWebhookWith(webhookCrypto, options);
}
