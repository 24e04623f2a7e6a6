import { v5 as uuidV5 } from 'uuid';

// The version-5 uuid of an ASCII name, computed here: the `uuid` package hashes each name through a new
// `createHash('sha1')` (Node) or its own SHA-1 on byte arrays (browsers), about 4 µs a call, and a 100,000-item
// ASN file has 250,000 distinct identifiers. The output is the package's, byte for byte; any name that is not
// ASCII is still handed to the package, so UTF-8 encoding and its errors stay its own
// (docs/decisions.md#d-i12-convert-speed).

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

/** The message schedule, reused by every call (the function never re-enters itself). */
const W = new Int32Array(80);
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
  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0 | 0;
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 16; t++) W[t] = words[block * 16 + t] as number;
    for (let t = 16; t < 80; t++) {
      const x = (W[t - 3] as number) ^ (W[t - 8] as number) ^ (W[t - 14] as number) ^ (W[t - 16] as number);
      W[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    // The four rounds of 20 steps apart: no branch per step.
    for (let t = 0; t < 20; t++) {
      const next = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + 0x5a827999 + (W[t] as number)) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (let t = 20; t < 40; t++) {
      const next = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + (W[t] as number)) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (let t = 40; t < 60; t++) {
      const next =
        (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + (0x8f1bbcdc | 0) + (W[t] as number)) |
        0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (let t = 60; t < 80; t++) {
      const next = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + (0xca62c1d6 | 0) + (W[t] as number)) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  // Version 5 in the high nibble of byte 6, the RFC 9562 variant in the top bits of byte 8.
  h1 = (h1 & 0xffff0fff) | 0x5000;
  h2 = (h2 & 0x3fffffff) | 0x80000000;
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
