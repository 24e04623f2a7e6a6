import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAbsoluteUri, isCaseId } from '../src/internal/ids';

// The character-by-character check must respond as the regular expression it replaced, on every string
// (docs/decisions.md#d-case-char-checks).
const CASE_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Every UTF-16 code unit, lone surrogates included. */
const EVERY_UNIT = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code));

describe('isCaseId', () => {
  it('responds as the 8-4-4-4-12 hex pattern for every character at every place', () => {
    const base = '0123abcd-ABCD-4ef0-89AB-0123456789ef';
    expect(isCaseId(base)).toBe(true);
    for (const place of [0, 7, 8, 12, 13, 18, 23, 35]) {
      for (const unit of EVERY_UNIT) {
        const id = base.slice(0, place) + unit + base.slice(place + 1);
        if (isCaseId(id) !== CASE_ID.test(id)) expect.fail(`${JSON.stringify(id)}: not as the pattern`);
      }
    }
  });

  it('property: responds as the pattern on uuids, near-uuids and anything else', () => {
    const nearly = fc
      .tuple(fc.uuid(), fc.nat(40), fc.constantFrom('-', 'g', 'G', 'f', 'F', '0', '', '--', ' ', 'é'))
      .map(([id, at, unit]) => id.slice(0, at) + unit + id.slice(at + 1));
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), nearly, fc.string(), fc.anything()), (value) => {
        expect(isCaseId(value)).toBe(typeof value === 'string' && CASE_ID.test(value));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('isAbsoluteUri', () => {
  // Written with explicit letter ranges instead of the `i` flag, which costs more per test; it must respond as the
  // case-insensitive pattern did for every code unit, in the scheme, at the colon and after it.
  const CASE_INSENSITIVE = /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]+$/i;

  it('responds as the case-insensitive pattern for every character at every place', () => {
    const base = 'Https+x.y-z:purl.org/ASN/S114340D';
    expect(isAbsoluteUri(base)).toBe(true);
    for (const place of [0, 1, 5, 11, 12, 20, base.length - 1]) {
      for (const unit of EVERY_UNIT) {
        const uri = base.slice(0, place) + unit + base.slice(place + 1);
        if (isAbsoluteUri(uri) !== CASE_INSENSITIVE.test(uri))
          expect.fail(`${JSON.stringify(uri)}: not as the pattern`);
      }
    }
  });
});
