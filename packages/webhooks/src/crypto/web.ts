import type { RawBody, WebhookCrypto } from './types';

const encoder = new TextEncoder();
// Imported keys by secret: importKey is the slow part of a Web Crypto HMAC. A rotation adds one; bounded.
const keys = new Map<string, Promise<CryptoKey>>();

async function hex(secret: string, timestamp: string, body: RawBody): Promise<string> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size > 15) keys.clear();
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    keys.set(secret, key);
  }
  let data = encoder.encode(`${timestamp}.${typeof body === 'string' ? body : ''}`);
  if (typeof body !== 'string') {
    const joined = new Uint8Array(data.length + body.length);
    joined.set(data);
    joined.set(body, data.length);
    data = joined;
  }
  let out = '';
  for (const byte of new Uint8Array(await crypto.subtle.sign('HMAC', await key, data))) {
    out += (byte < 16 ? '0' : '') + byte.toString(16);
  }
  return out;
}

/** Web Crypto (`crypto.subtle`): for Bun, Deno, browsers, workers and edge runtimes. */
export const webhookCrypto: WebhookCrypto = {
  async verify(secrets, timestamp, body, signature) {
    let ok = false;
    for (const secret of secrets) {
      const actual = await hex(secret, timestamp, body);
      // Constant time: every character is compared whatever the earlier ones were.
      let diff = 0;
      for (let i = 0; i < 64; i++) diff |= actual.charCodeAt(i) ^ signature.charCodeAt(i);
      if (!diff) ok = true;
    }
    return ok;
  },
  sign: hex,
};
