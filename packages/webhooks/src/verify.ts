import { verifySignature } from '#crypto';
import type { WebhookCrypto } from './crypto/types';
import { parseWebhookEvent, type WebhookEvent } from './events';
import { fail } from './internal/fail';
import { readHeader, type WebhookHeaders } from './internal/headers';
import { rawBodyOf, type WebhookBody } from './internal/raw-body';
import { optionError, secretHints, secretsOf } from './internal/secrets';
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
  /** Clock in ms (default `Date.now`); a result that is not a finite number is a `TypeError`. */
  now?: (() => number) | undefined;
}

/** The default replay tolerance: the spec's recommended 300 seconds. */
export const DEFAULT_TOLERANCE_SEC = 300;

/**
 * Verifies a webhook delivery (docs/decisions.md#d-webhook-signature) and returns its event, typed by `type`. Checks, in order:
 * the body is raw, both headers are present and well formed, the HMAC-SHA256 of `<timestamp>.<body>` matches
 * in constant time with one of the secrets, the timestamp is within `toleranceSec` (300 s) of now either way,
 * and the body is an envelope whose `data` fits its catalogue type. Unknown (newer) types pass through.
 *
 * Rejects with `WebhookVerificationError` (`reason` says which check failed), a plain `LearnKitError` for an
 * unusable `secret` or `toleranceSec` (a usage error, not a refused delivery), or a `TypeError` when `now()` does
 * not return a finite number (a broken clock never lets a stale delivery pass). Uses `node:crypto` on Node and Web
 * Crypto elsewhere.
 *
 * @example
 * app.post('/webhooks', express.raw({ type: 'application/json' }), async (req, res) => {
 *   const event = await verifyWebhook({ body: req.body, headers: req.headers, secret: process.env.LEARNKIT_WEBHOOK_SECRET! });
 *   if (event.type === 'enrollment.created') await enroll(event.data.enrollmentId);
 *   res.sendStatus(204);
 * });
 */
export function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent>;
// The signature check is a hidden parameter (tests pass the Web Crypto one on Node), so that the browser bundle
// carries no wrapper function.
export async function verifyWebhook(
  options: VerifyWebhookOptions,
  verify: WebhookCrypto['verify'] = verifySignature,
): Promise<WebhookEvent> {
  const raw = rawBodyOf(options.body);
  const secrets = secretsOf(options.secret);
  // DEFAULT_TOLERANCE_SEC, written out: a literal costs the browser bundle fewer bytes than the binding.
  const tolerance = options.toleranceSec ?? 300;
  // The value is not echoed: a misplaced argument could be a secret.
  if (!(tolerance >= 0 && tolerance < Infinity)) throw optionError('toleranceSec', 'must be >= 0');
  const signature = readHeader(options.headers, 'x-service-webhook-signature');
  const timestamp = readHeader(options.headers, 'x-service-webhook-timestamp');
  if (!signature) fail('missing_signature');
  if (!timestamp) fail('missing_timestamp');
  if (!/^\d{1,15}$/.test(timestamp as string)) fail('invalid_timestamp');
  if (!/^[\da-f]{64}$/.test(signature as string)) fail('malformed_signature');
  const verdict = verify(secrets, timestamp as string, raw, signature as string);
  // node:crypto returns synchronously: no extra turn of the event loop for a valid delivery.
  if (!(verdict === true || (await verdict))) {
    fail('signature_mismatch', `. ${secretHints(secrets)}Pass the raw body as received.`);
  }
  // Only an authentic delivery gets here, so the timestamp is the platform's own.
  // `+timestamp`: the header is 1 to 15 digits here; the unary plus is Number() in fewer bytes.
  const age = Math.floor((options.now ?? Date.now)() / 1000) - +(timestamp as string);
  // A broken clock (NaN, Infinity, undefined) makes every comparison below false, a stale delivery a pass: it is a
  // TypeError instead. `age - age` is 0 for a finite age only, in fewer bytes than Number.isFinite
  // (docs/decisions.md#d-webhook-broken-clock).
  if (age - age !== 0) throw TypeError('now() is not finite');
  if (age > tolerance) fail('timestamp_too_old');
  if (-age > tolerance) fail('timestamp_in_future');

  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw));
  } catch {
    fail('invalid_payload');
  }
  return parseWebhookEvent(value);
}

/** {@link verifyWebhook} on a given signature check: tests run the Web Crypto one on Node. */
export const verifyWebhookWith = verifyWebhook as (
  options: VerifyWebhookOptions,
  verify: WebhookCrypto['verify'],
) => Promise<WebhookEvent>;
