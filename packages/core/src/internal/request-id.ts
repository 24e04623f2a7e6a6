/** The header that carries a call's id, sent by the client and echoed by the platform. */
export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_ID = /^[\x21-\x7e]{1,200}$/;

/**
 * A fresh id for one call, `req_` and 32 hex digits: random enough to be unique across a partner's fleet, short
 * enough to quote to support (docs/decisions.md#d-s20-request-id).
 */
export function newRequestId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return `req_${uuid.replaceAll('-', '')}`;
  // No Web Crypto (an old or sandboxed runtime): an id need not be secret, only unlikely to repeat.
  let hex = '';
  for (let i = 0; i < 32; i++) hex += Math.floor(Math.random() * 16).toString(16);
  return `req_${hex}`;
}

/** Whether a caller's or a server's id is fit to send and log: printable ASCII, no spaces, at most 200 characters. */
export function isSafeRequestId(value: string): boolean {
  return SAFE_ID.test(value);
}
