/** Deterministic hashing and ids for seeded data, and real randomness for secrets and runtime ids. */

/** A 32-bit avalanche mix (splitmix32 finaliser): small input changes flip about half of the output bits. */
function mix32(value: number): number {
  let t = (value + 0x9e3779b9) | 0;
  t ^= t >>> 16;
  t = Math.imul(t, 0x21f0aaad);
  t ^= t >>> 15;
  t = Math.imul(t, 0x735a2d97);
  t ^= t >>> 15;
  return t >>> 0;
}

/**
 * A 32-bit hash of (seed, index, salt), pure, so any record can be recomputed without generating the ones before
 * it. The salt is mixed into the key before the index, so for one (seed, salt) the index maps one-to-one, and two
 * salts give unrelated sequences (ids of different kinds cannot collide word by word).
 */
export function hash32(seed: number, index: number, salt = 0): number {
  return mix32(mix32(mix32(seed) ^ mix32(salt ^ 0x632be5ab)) ^ index);
}

/** A 32-bit hash of a string, chained through `hash32` from `seed` one UTF-16 code unit at a time. */
export function hashText(text: string, seed = 0): number {
  let h = seed;
  for (let index = 0; index < text.length; index++) h = hash32(h, text.charCodeAt(index));
  return h;
}

/** A fraction in [0, 1) derived from (seed, index, salt). */
export const fraction = (seed: number, index: number, salt = 0) => hash32(seed, index, salt) / 0x1_0000_0000;

/** Picks an entry of `list` by (seed, index, salt). */
export function pick<T>(list: readonly T[], seed: number, index: number, salt = 0): T {
  return list[hash32(seed, index, salt) % list.length]!;
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

/** Bytes as lowercase hex. */
export const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => hex(byte, 2)).join('');

/** A version-4-shaped UUID derived from (seed, index, salt): stable across runs and machines. */
export function seededUuid(seed: number, index: number, salt = 0): string {
  const a = hash32(seed, index, salt ^ 0x1111);
  const b = hash32(seed, index, salt ^ 0x2222);
  const c = hash32(seed, index, salt ^ 0x3333);
  const d = hash32(seed, index, salt ^ 0x4444);
  return (
    `${hex(a, 8)}-${hex(b >>> 16, 4)}-4${hex(b & 0xfff, 3)}-` +
    `${hex(((c >>> 16) & 0x3fff) | 0x8000, 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`
  );
}

/** A random UUID for records created at run time. */
export const randomId = (): string => globalThis.crypto.randomUUID();

/** `bytes` random bytes as lowercase hex, for secrets. */
export const randomHex = (bytes: number) => toHex(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
