import fc from 'fast-check';
import { parse, v5 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { NON_URI_NAMESPACE } from '../src/convert/identifiers';
import { namespaceBytes, uuidV5Of } from '../src/convert/uuid-v5';

// The hand-rolled v5 must give the `uuid` package's output on every name (docs/decisions.md#d-case-convert-speed).
const NAMESPACES = [v5.URL, NON_URI_NAMESPACE, v5.DNS];

describe('uuidV5Of', () => {
  it("is the uuid package's v5 for ASN URIs and every length across SHA-1's 64-byte blocks", () => {
    // Every length from 0 (the empty name) to 199 spans SHA-1's blocks and their padding.
    const names = [
      'K.CC.2',
      'http://purl.org/ASN/resources/S114340D',
      ...Array.from({ length: 200 }, (_, i) => 'x'.repeat(i)),
      ...Array.from({ length: 2000 }, (_, i) => `http://purl.org/ASN/resources/S${(i * 7919).toString(16)}`),
    ];
    for (const namespace of NAMESPACES) {
      const bytes = namespaceBytes(namespace);
      for (const name of names) expect(uuidV5Of(name, namespace, bytes)).toBe(v5(name, namespace));
    }
  });

  it("is the uuid package's v5 for any string, ASCII or not", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 150 }), fc.string({ unit: 'grapheme', maxLength: 80 })),
        fc.constantFrom(...NAMESPACES),
        (name, namespace) => {
          expect(uuidV5Of(name, namespace, namespaceBytes(namespace))).toBe(v5(name, namespace));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses a lone surrogate as the uuid package does', () => {
    expect(() => v5('\ud800', v5.URL)).toThrow(URIError);
    expect(() => uuidV5Of('\ud800', v5.URL, namespaceBytes(v5.URL))).toThrow(URIError);
  });

  it('reads a namespace into its 16 bytes', () => {
    expect([...namespaceBytes(v5.URL)]).toEqual([...parse(v5.URL)]);
  });
});
