import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';

// Made on first use, never leaves this process: the hashes cannot be compared across processes or brute-forced
// offline from a heap dump without it.
let processKey: Uint8Array | undefined;

/**
 * HMAC-SHA256 of `value` under a random key made once per process, as hex: equal values give equal hashes within
 * the process, and the value cannot be recovered from one (docs/decisions.md#d-token-cache-by-credentials).
 */
export function keyedHash(value: string): string {
  processKey ??= randomBytes(32);
  return bytesToHex(hmac(sha256, processKey, value));
}
