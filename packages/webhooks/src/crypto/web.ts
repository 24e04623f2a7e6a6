import type { RawBody, WebhookCrypto } from './types';

/** An HMAC-SHA256 key of the UTF-8 bytes of `secret`, for `use` only (the verify entry then carries no 'sign'). */
const keyOf = (secret: string, use: KeyUsage) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    use,
  ]);

/** The signed message, `<timestamp>.<body>`, as UTF-8 bytes (a Blob joins the text and the raw bytes as they are). */
const message = (timestamp: string, body: RawBody) =>
  new Blob([`${timestamp}.`, body as BlobPart]).arrayBuffer();

/**
 * Whether any of `secrets` signs `<timestamp>.<body>` to `signature` (64 lowercase hex, checked by the caller).
 * `crypto.subtle.verify` recomputes the HMAC and compares it in constant time inside the engine (BoringSSL,
 * OpenSSL, NSS, ring), so no signature byte is compared in JavaScript. Keys are imported per call: a cache would
 * cost more bytes in the browser bundle than the import costs time for one delivery.
 */
export async function verifySignature(
  secrets: readonly string[],
  timestamp: string,
  body: RawBody,
  signature: string,
): Promise<boolean> {
  const data = await message(timestamp, body);
  const expected = Uint8Array.from(signature.match(/../g) as string[], (hex) => parseInt(hex, 16));
  let ok = false;
  // Every secret is tried, whichever matches, so the time taken does not tell which one did; test/constant-time.test.ts
  // holds this to subtle.verify (docs/decisions.md#d-constant-time-check-pinned).
  for (const secret of secrets)
    ok = (await crypto.subtle.verify('HMAC', await keyOf(secret, 'verify'), expected, data)) || ok;
  return ok;
}

/** Lowercase hex HMAC-SHA256 of `<timestamp>.<body>` keyed by the UTF-8 bytes of `secret`. */
export async function signBody(secret: string, timestamp: string, body: RawBody): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await keyOf(secret, 'sign'), await message(timestamp, body));
  let out = '';
  for (const byte of new Uint8Array(mac)) out += (byte < 16 ? '0' : '') + byte.toString(16);
  return out;
}

/** Web Crypto (`crypto.subtle`): for Bun, Deno, browsers, workers and edge runtimes. */
export const webhookCrypto: WebhookCrypto = { verify: verifySignature, sign: signBody };
