// What the fuzz suites of configuration and errors generate to check that no password shaped like userinfo
// (`user:password@`) is echoed (docs/decisions.md#d-userinfo-redacted). Imports fast-check and vitest only: core's own
// tests use it by path, as core cannot depend on this package without a cycle (docs/decisions.md#d-test-utils-harness).
import fc from 'fast-check';
import { expect } from 'vitest';

const userChars = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~'.split(''),
);
const passwordUnit = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(...'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'.split('')),
  },
  { weight: 2, arbitrary: fc.constantFrom(...`-._~!$&'()*+,;=:`.split('')) },
  { weight: 1, arbitrary: fc.constantFrom('%40', '%3A', '%2F', '%20', '%25', '%E2%82%AC') },
);

/** A user name of userinfo characters (RFC 3986 unreserved), never ending in `mailto`. */
export const userName = fc
  .string({ unit: userChars, minLength: 1, maxLength: 16 })
  .filter((name) => !name.toLowerCase().endsWith('mailto'));

/**
 * A password of userinfo characters (unreserved, sub-delims, colons, percent-encodings), 8 to 31 of them; its
 * first is a capital letter, so it never starts like a port and a path (`8443/`) or a scheme's slashes.
 */
export const password = fc
  .tuple(
    fc.constantFrom(...'PQRSTUVWXYZ'.split('')),
    fc.string({ unit: passwordUnit, minLength: 7, maxLength: 30 }),
  )
  .map(([first, rest]) => `${first}${rest}`);

/** A host, with or without a port. */
export const host = fc.constantFrom(
  'example.test',
  'api.example.com',
  '127.0.0.1',
  'h',
  'auth.example.com:8443',
);

/** The ways a `user:password@host` is written, a URL or not, percent-encoded or not. */
export const USERINFO_SHAPES: readonly ((user: string, pass: string, host: string) => string)[] = [
  (u, p, h) => `https//${u}:${p}@${h}`,
  (u, p, h) => `${u}:${p}@${h}`,
  (u, p, h) => `//${u}:${p}@${h}`,
  (u, p, h) => `ftp:/${u}:${p}@${h}`,
  (u, p, h) => `https://${u}:${p}@${h}/path?q=1`,
  (u, p, h) => `http:${u}:${p}@${h}`,
  (u, p, h) => `https%3A%2F%2F${u}%3A${encodeURIComponent(p)}%40${h}`,
  (u, p, h) => `${u}%3a${encodeURIComponent(p)}%40${h}`,
  (u, p, h) => `next=${encodeURIComponent(`https://${u}:${p}@${h}/`)}&x=1`,
  (u, p, h) => `CFItems[0].${u}:${p}@${h}`,
];

/** A value shaped like userinfo and its password (which neither the name nor the host contains). */
export const withUserinfo = fc
  .tuple(userName, password, host, fc.constantFrom(...USERINFO_SHAPES))
  .filter(([user, pass, at]) => !user.includes(pass) && !at.includes(pass))
  .map(([user, pass, at, shape]) => ({ value: shape(user, pass, at), password: pass, user }));

/** Fails when `text` shows `pass`, as written or percent-encoded. */
export function expectNoPassword(text: string, pass: string): void {
  expect(text).not.toContain(pass);
  expect(text).not.toContain(encodeURIComponent(pass));
}
