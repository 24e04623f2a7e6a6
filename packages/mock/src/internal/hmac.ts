/** HMAC-SHA256 with Web Crypto, so the mock runs wherever `fetch` and `crypto.subtle` exist (Node, browsers, edge). */

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = globalThis.crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    keys.set(secret, key);
  }
  return key;
}

/** Lowercase hex HMAC-SHA256 of `message` keyed by the UTF-8 bytes of `secret`. */
async function hmacHex(secret: string, message: string): Promise<string> {
  const signature = await globalThis.crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(message));
  let out = '';
  for (const byte of new Uint8Array(signature)) out += byte.toString(16).padStart(2, '0');
  return out;
}

/**
 * The two delivery headers of docs/decisions.md#d-webhook-signature: the key is the whole `signingSecret` (with `whsec_`) as UTF-8,
 * the message `${timestamp}.${rawBody}`, the signature lowercase hex.
 */
export async function signDelivery(secret: string, body: string, timestampSec: number) {
  const timestamp = String(timestampSec);
  return {
    /** `timestampSec` as a decimal string: Unix seconds. */
    'X-Service-Webhook-Timestamp': timestamp,
    /** Lowercase hex HMAC-SHA256 of `${timestamp}.${body}`, keyed by the whole signing secret. */
    'X-Service-Webhook-Signature': await hmacHex(secret, `${timestamp}.${body}`),
  };
}
