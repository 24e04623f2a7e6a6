/** The header that carries a call's id, sent by the client and echoed by the platform. */
export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_ID = /^[\x21-\x7e]{1,200}$/;

/** Two hex digits of each byte value. */
const HEX = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** Random bytes for 128 ids, drawn at once: one call into the random source per 128 calls, not per call. */
const POOL_SIZE = 16 * 128;
let pool: Uint8Array | undefined;
let used = POOL_SIZE;

/** A source of random bytes: Web Crypto, or (an old or sandboxed runtime) `Math.random`, as an id need not be secret. */
function refill(bytes: Uint8Array): void {
  const crypto = globalThis.crypto;
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
}

/**
 * A fresh id for one call, `req_` and 32 hex digits: random enough to be unique across a partner's fleet, short
 * enough to quote to support (docs/decisions.md#d-request-id-per-call). Made from a pool of random bytes drawn 128 ids
 * at a time: a request id is on every call's path (docs/decisions.md#d-call-path-allocation).
 */
export function newRequestId(): string {
  if (used === POOL_SIZE) {
    pool ??= new Uint8Array(POOL_SIZE);
    refill(pool);
    used = 0;
  }
  const bytes = pool as Uint8Array;
  let id = 'req_';
  for (const end = used + 16; used < end; used++) id += HEX[bytes[used] as number];
  return id;
}

/** Whether a caller's or a server's id is fit to send and log: printable ASCII, no spaces, at most 200 characters. */
export function isSafeRequestId(value: string): boolean {
  return SAFE_ID.test(value);
}
