import { v5 as uuidV5 } from 'uuid';
import { sha1Block } from '../generated/sha1-block';

// The version-5 uuid of an ASCII name, computed here: the `uuid` package hashes each name through a new
// `createHash('sha1')` (Node) or its own SHA-1 on byte arrays (browsers), about 4 µs a call, and a 100,000-item
// ASN file has 250,000 distinct identifiers. The output is the package's, byte for byte; any name that is not
// ASCII is still handed to the package, so UTF-8 encoding and its errors stay its own
// (docs/decisions.md#d-case-convert-speed).

/** The 16 bytes of a namespace uuid (`6ba7b811-9dad-...`). */
export function namespaceBytes(namespace: string): Uint8Array {
  const hex = namespace.replaceAll('-', '');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Character codes of lower-case hex digits. */
const DIGITS = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
const DASH = 45;

/** SHA-1's initial state h0..h4 (FIPS 180-4, 5.3.1). */
const INITIAL = Int32Array.of(0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476, 0xc3d2e1f0 | 0);
/** The state of the hash in progress, reused by every call (the function never re-enters itself). */
const STATE = new Int32Array(5);
/** The padded message of a name up to 103 characters (two blocks), reused; longer names get their own. */
const SHORT = new Int32Array(32);

/** The hex digit of `word` at bit `shift` (28: the first of its eight). */
const hex = (word: number, shift: number): number => DIGITS[(word >>> shift) & 15] as number;

/**
 * `uuid`'s `v5(name, namespace)`, the same string: SHA-1 of the namespace's 16 bytes then the name's, the
 * version and variant bits set, written 8-4-4-4-12 in lower-case hex. A hash allocates nothing but its result
 * (a 100,000-item ASN file hashes 250,000 names), written as one flat string.
 */
export function uuidV5Of(name: string, namespace: string, nsBytes: Uint8Array): string {
  const n = name.length;
  const length = 16 + n;
  const blocks = ((length + 8) >> 6) + 1;
  let words = SHORT;
  if (blocks <= 2) {
    // A loop, not `fill`: the builtin is a call into the engine that costs more than these 32 stores.
    for (let i = 0; i < 32; i++) SHORT[i] = 0;
  } else words = new Int32Array(blocks * 16);
  for (let i = 0; i < 16; i++)
    words[i >> 2] = (words[i >> 2] as number) | ((nsBytes[i] as number) << (24 - (i & 3) * 8));
  for (let i = 0; i < n; i++) {
    const code = name.charCodeAt(i);
    // Not ASCII: the package encodes it (the buffer is cleared again by the next call).
    if (code > 127) return uuidV5(name, namespace);
    const j = i + 16;
    words[j >> 2] = (words[j >> 2] as number) | (code << (24 - (j & 3) * 8));
  }
  words[length >> 2] = (words[length >> 2] as number) | (0x80 << (24 - (length & 3) * 8));
  words[blocks * 16 - 1] = length * 8;
  STATE.set(INITIAL);
  for (let block = 0; block < blocks; block++) sha1Block(words, block * 16, STATE);
  const h0 = STATE[0] as number;
  // Version 5 in the high nibble of byte 6, the RFC 9562 variant in the top bits of byte 8.
  const h1 = ((STATE[1] as number) & 0xffff0fff) | 0x5000;
  const h2 = ((STATE[2] as number) & 0x3fffffff) | 0x80000000;
  const h3 = STATE[3] as number;
  // One call with every character: a flat string, without an array to spread.
  return String.fromCharCode(
    hex(h0, 28),
    hex(h0, 24),
    hex(h0, 20),
    hex(h0, 16),
    hex(h0, 12),
    hex(h0, 8),
    hex(h0, 4),
    hex(h0, 0),
    DASH,
    hex(h1, 28),
    hex(h1, 24),
    hex(h1, 20),
    hex(h1, 16),
    DASH,
    hex(h1, 12),
    hex(h1, 8),
    hex(h1, 4),
    hex(h1, 0),
    DASH,
    hex(h2, 28),
    hex(h2, 24),
    hex(h2, 20),
    hex(h2, 16),
    DASH,
    hex(h2, 12),
    hex(h2, 8),
    hex(h2, 4),
    hex(h2, 0),
    hex(h3, 28),
    hex(h3, 24),
    hex(h3, 20),
    hex(h3, 16),
    hex(h3, 12),
    hex(h3, 8),
    hex(h3, 4),
    hex(h3, 0),
  );
}
