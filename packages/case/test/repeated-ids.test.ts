import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validatePackageUpload } from '../src/index';
import { repeatedIds } from '../src/validation';

// The duplicate-identifier check sorts hashes instead of filling a Map (docs/decisions.md#d-case-duplicate-ids-sorted):
// it must find exactly what a Map finds, hash collisions included.

/** The plain response: each repeat's index to its first occurrence's. */
function byMap(ids: readonly (string | undefined)[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeats = new Map<number, number>();
  ids.forEach((id, i) => {
    if (id === undefined) return;
    const seen = first.get(id);
    if (seen === undefined) first.set(id, i);
    else repeats.set(i, seen);
  });
  return repeats;
}

// Pairs with one FNV-1a 32-bit hash: distinct identifiers that land in one run of the sort.
const COLLIDING = ['costarring', 'liquid', 'declinate', 'macallums', 'altarage', 'zinke'];

describe('repeatedIds', () => {
  it('finds what a Map finds, for lists with many repeats and hash collisions', () => {
    const id = fc.oneof(
      fc.constantFrom(...COLLIDING),
      fc.uuid(),
      fc.string({ maxLength: 6 }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 80 }), (ids) => {
        expect([...repeatedIds(ids)].sort((a, b) => a[0] - b[0])).toEqual(
          [...byMap(ids)].sort((a, b) => a[0] - b[0]),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps colliding identifiers apart', () => {
    expect(repeatedIds(['costarring', 'liquid', 'liquid', 'costarring'])).toEqual(
      new Map([
        [2, 1],
        [3, 0],
      ]),
    );
  });

  it('finds repeats in a list too long to sort by hash and index (2^21 entries and more)', () => {
    const ids: (string | undefined)[] = new Array(2 ** 21 + 2).fill(undefined);
    ids[5] = 'a';
    ids[7] = 'b';
    ids[2 ** 21 + 1] = 'a';
    expect(repeatedIds(ids)).toEqual(new Map([[2 ** 21 + 1, 5]]));
  });

  it('names each repeat and its first place, across the document, items and associations', () => {
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const node = (n: number) => ({ title: 't', identifier: uuid(n), uri: `urn:uuid:${uuid(n)}` });
    const item = (n: number) => ({
      identifier: uuid(n),
      uri: `urn:uuid:${uuid(n)}`,
      lastChangeDateTime: '2024-01-01T00:00:00Z',
      fullStatement: 's',
    });
    const association = (n: number) => ({
      identifier: uuid(n),
      uri: `urn:uuid:${uuid(n)}`,
      lastChangeDateTime: '2024-01-01T00:00:00Z',
      associationType: 'isChildOf',
      originNodeURI: node(2),
      destinationNodeURI: node(1),
    });
    const body = {
      CFDocument: {
        identifier: uuid(1),
        uri: `urn:uuid:${uuid(1)}`,
        lastChangeDateTime: '2024-01-01T00:00:00Z',
        title: 'T',
        creator: 'C',
      },
      CFItems: [item(2), item(1), item(3), item(2)],
      CFAssociations: [association(4), association(3), association(4)],
    };
    expect(validatePackageUpload(body).map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['CFItems.1.identifier', `"${uuid(1)}" is already the identifier of CFDocument.identifier`],
      ['CFItems.3.identifier', `"${uuid(2)}" is already the identifier of CFItems[0].identifier`],
      ['CFAssociations.1.identifier', `"${uuid(3)}" is already the identifier of CFItems[2].identifier`],
      [
        'CFAssociations.2.identifier',
        `"${uuid(4)}" is already the identifier of CFAssociations[0].identifier`,
      ],
    ]);
  });
});
