/** HMAC-SHA256 with Web Crypto, so the mock runs wherever `fetch` and `crypto.subtle` exist (Node, browsers, edge). */
import { toHex } from './random.js';

const encoder = new TextEncoder();
// One import of each secret's key: a delivery and its retries sign with the same secret.
const keys = new Map<string, Promise<CryptoKey>>();

/** Lowercase hex HMAC-SHA256 of `message` keyed by the UTF-8 bytes of `secret`. */
async function hmacHex(secret: string, message: string): Promise<string> {
  const { subtle } = globalThis.crypto;
  const key =
    keys.get(secret) ??
    subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  keys.set(secret, key);
  return toHex(new Uint8Array(await subtle.sign('HMAC', await key, encoder.encode(message))));
}

/**
 * Signs a delivery as the platform does (docs/decisions.md#d-webhook-signature), with the same name and arguments as `signWebhook` of
 * `@learnkit/webhooks` (docs/decisions.md#d-one-name-per-concept): the key is the whole `signingSecret` (with `whsec_`) as
 * UTF-8, the message `${timestamp}.${body}`, the signature lowercase hex. `timestamp`: Unix seconds or a Date
 * (default now).
 *
 * @example
 * const headers = await signWebhook({ secret: 'whsec_test', body: JSON.stringify(envelope) });
 */
export async function signWebhook(options: {
  /** The subscription's `signingSecret`. */
  secret: string;
  /** The exact body sent. */
  body: string;
  /** Unix seconds or a Date; default now. */
  timestamp?: number | Date | undefined;
}) {
  const t = options.timestamp;
  const timestamp = String(typeof t === 'number' ? t : Math.floor((t?.getTime() ?? Date.now()) / 1000));
  return {
    /** `timestamp` as a decimal string: Unix seconds. */
    'X-Service-Webhook-Timestamp': timestamp,
    /** Lowercase hex HMAC-SHA256 of `${timestamp}.${body}`, keyed by the whole signing secret. */
    'X-Service-Webhook-Signature': await hmacHex(options.secret, `${timestamp}.${options.body}`),
  };
}
