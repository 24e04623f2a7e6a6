// Name-based event ids for `record` with an idempotency key: the same key, user and activity always give the
// same ids, so a retried `record()` (after a lost response) is a duplicate the platform and the Caliper client
// recognise. Without a key, ids are fresh: a runId never dedupes (docs/decisions.md#d-runid-correlates).

/** The namespace of LearnKit's name-based event ids (a fixed random UUID), as bytes. */
const NAMESPACE = Uint8Array.from(
  'f4c1e2a0-6b7d-4e59-9a3c-2d8b1f0e7c65'.replace(/-/g, '').match(/../g)!,
  (h) => Number.parseInt(h, 16),
);
const encoder = new TextEncoder();

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** An RFC 9562 version 5 (SHA-1, name-based) UUID of `name` in LearnKit's namespace. */
export async function nameBasedUuid(name: string): Promise<string> {
  const text = encoder.encode(name);
  const input = new Uint8Array(NAMESPACE.length + text.length);
  input.set(NAMESPACE);
  input.set(text, NAMESPACE.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', input)).slice(0, 16);
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const h = hex(digest);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Any 8-4-4-4-12 hex string (the form `runId` must have), whatever its version bits. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
