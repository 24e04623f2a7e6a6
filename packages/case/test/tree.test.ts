import { generateFramework } from '@learnkit/mock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTree, type CFPackageUpload, type TreeAssociation, type TreeSource } from '../src/index';

const DOC = 'd0000000-0000-4000-8000-000000000000';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Item = { identifier: string; humanCodingScheme?: string; listEnumeration?: string };

function pkg(
  items: Item[],
  edges: [child: string, parent: string, seq?: number, type?: string][],
): TreeSource<Item> {
  return {
    CFDocument: { identifier: DOC },
    CFItems: items,
    CFAssociations: edges.map(([child, parent, seq, type], i) => ({
      identifier: id(90_000 + i),
      associationType: type ?? 'isChildOf',
      originNodeURI: { identifier: child },
      destinationNodeURI: { identifier: parent },
      ...(seq !== undefined && { sequenceNumber: seq }),
    })),
  };
}

const codes = (nodes: readonly { item: Item | undefined }[]) => nodes.map((n) => n.item?.humanCodingScheme);

describe('buildTree', () => {
  it('orders children by sequenceNumber, then listEnumeration, then humanCodingScheme (numbers by value), then package order', () => {
    const items: Item[] = [
      { identifier: id(1), humanCodingScheme: 'A.10' },
      { identifier: id(2), humanCodingScheme: 'A.2' },
      { identifier: id(3), humanCodingScheme: 'seq-2' },
      { identifier: id(4), humanCodingScheme: 'seq-1' },
      { identifier: id(5), humanCodingScheme: 'enum-10', listEnumeration: '10' },
      { identifier: id(6), humanCodingScheme: 'enum-9', listEnumeration: '9' },
      { identifier: id(7) },
      { identifier: id(8) },
    ];
    const tree = buildTree(
      pkg(items, [
        [id(1), DOC],
        [id(2), DOC],
        [id(3), DOC, 2],
        [id(4), DOC, 1],
        [id(5), DOC],
        [id(6), DOC],
        [id(8), DOC],
        [id(7), DOC],
      ]),
    );
    expect(tree.problems).toEqual([]);
    expect(tree.root.children.map((n) => n.id)).toEqual([
      id(4),
      id(3),
      id(6),
      id(5),
      id(2),
      id(1),
      id(7),
      id(8),
    ]);
    expect(tree.root.children[0]?.sequenceNumber).toBe(1);
  });

  it('gives parent, ancestors, depth and walk (depth-first, child order)', () => {
    const tree = buildTree(
      pkg(
        [1, 2, 3, 4, 5].map((n) => ({ identifier: id(n), humanCodingScheme: `c${n}` })),
        [
          [id(1), DOC, 1],
          [id(2), id(1), 2],
          [id(3), id(1), 1],
          [id(4), id(3)],
          [id(5), DOC, 2],
        ],
      ),
    );
    expect(codes([...tree.walk()])).toEqual(['c1', 'c3', 'c4', 'c2', 'c5']);
    const four = tree.get(id(4))!;
    expect(four.depth).toBe(3);
    expect(four.parent?.id).toBe(id(3));
    expect(four.ancestors().map((n) => n.id)).toEqual([id(3), id(1), DOC]);
    expect(codes([...tree.get(id(1))!.walk()])).toEqual(['c1', 'c3', 'c4', 'c2']);
    expect(tree.get(DOC)).toBe(tree.root);
    expect(tree.root.kind).toBe('document');
    expect(tree.size).toBe(5);
  });

  it('reports a cycle and a self-loop, cutting each at its first item in package order', () => {
    const tree = buildTree(
      pkg(
        [1, 2, 3, 4].map((n) => ({ identifier: id(n) })),
        [
          [id(2), id(1)],
          [id(1), id(2)],
          [id(3), id(3)],
          [id(4), DOC],
        ],
      ),
    );
    const cycles = tree.problems.filter((p) => p.kind === 'cycle');
    expect(cycles.map((c) => c.ids)).toEqual([[id(1), id(2)], [id(3)]]);
    expect(tree.orphans.map((n) => n.id)).toEqual([id(1), id(3)]);
    expect(tree.get(id(2))?.parent?.id).toBe(id(1));
    expect(
      tree
        .get(id(2))
        ?.ancestors()
        .map((n) => n.id),
    ).toEqual([id(1)]);
    expect([...tree.walk()].map((n) => n.id)).toEqual([id(4)]);
  });

  it('reports dangling ends, extra parents, orphans and duplicate ids', () => {
    const tree = buildTree(
      pkg(
        [1, 2, 3, 4, 1].map((n) => ({ identifier: id(n) })),
        [
          [id(1), DOC],
          [id(2), id(77)],
          [id(78), id(1)],
          [id(4), DOC],
          [id(4), id(1)],
          [id(1), id(4), undefined, 'precedes'],
        ],
      ),
    );
    const kinds = tree.problems.map((p) => p.kind).sort();
    expect(kinds).toEqual(['dangling', 'dangling', 'duplicate-id', 'multiple-parents', 'orphan']);
    const dangling = tree.problems.filter((p) => p.kind === 'dangling');
    expect(dangling[0]?.message).toContain(id(77));
    expect(dangling[1]?.message).toContain(id(78));
    expect(tree.problems.find((p) => p.kind === 'orphan')?.ids).toEqual([id(3)]);
    expect(tree.orphans.map((n) => n.id)).toEqual([id(2), id(3)]);
    expect(tree.get(id(4))?.parent).toBe(tree.root);
  });

  it('walks and climbs a 50,000-level chain without recursion', () => {
    const depth = 50_000;
    const items = Array.from({ length: depth }, (_, i) => ({ identifier: id(i) }));
    const edges: [string, string][] = items.map((item, i) => [item.identifier, i === 0 ? DOC : id(i - 1)]);
    const tree = buildTree(pkg(items, edges));
    let count = 0;
    for (const _ of tree.walk()) count++;
    expect(count).toBe(depth);
    const deepest = tree.get(id(depth - 1))!;
    expect(deepest.ancestors()).toHaveLength(depth);
    expect(deepest.depth).toBe(depth);
  });

  it('reads a generated framework (upload shape): grades, domains, clusters, standards at depths 1..4', () => {
    const body = generateFramework({ seed: 3, items: 2000 }) as CFPackageUpload;
    const tree = buildTree(body);
    expect(tree.problems).toEqual([]);
    const walked = [...tree.walk()];
    expect(walked).toHaveLength(2000);
    const depthOf: Record<string, number> = { 'Grade Level': 1, Domain: 2, Cluster: 3, Standard: 4 };
    for (const node of walked) expect(node.depth).toBe(depthOf[node.item?.CFItemType ?? '']);
    // Siblings come in sequence order, as humanCodingScheme shows (KG.CC.A.1, KG.CC.A.2, ..., KG.CC.A.10).
    for (const node of walked) {
      const seqs = node.children.map((c) => c.sequenceNumber ?? 0);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
  });

  it('property: any isChildOf graph gives a finite tree where every item is placed exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(
          fc.tuple(fc.nat(45), fc.integer({ min: -1, max: 45 }), fc.option(fc.integer({ min: 0, max: 5 }))),
          {
            maxLength: 80,
          },
        ),
        (size, raw) => {
          const items = Array.from({ length: size }, (_, i) => ({
            identifier: id(i),
            humanCodingScheme: `h${i % 7}`,
          }));
          const edges = raw.map(
            ([c, p, s]) =>
              [id(c), p === -1 ? DOC : id(p), s ?? undefined] as [string, string, number | undefined],
          );
          const tree = buildTree(pkg(items, edges));
          const seen: string[] = [];
          for (const node of tree.walk()) seen.push(node.id);
          for (const orphan of tree.orphans) for (const node of orphan.walk()) seen.push(node.id);
          expect(seen.sort()).toEqual(items.map((i) => i.identifier).sort());
          for (const node of tree.walk()) {
            const up = node.ancestors();
            expect(up.at(-1)).toBe(tree.root);
            expect(new Set(up).size).toBe(up.length);
          }
          for (const problem of tree.problems.filter((p) => p.kind === 'cycle')) {
            expect(problem.ids.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts the response shape (sourcedId-keyed links)', () => {
    const associations: TreeAssociation[] = [
      {
        sourcedId: id(50),
        associationType: 'isChildOf',
        originNodeURI: { sourcedId: id(1) },
        destinationNodeURI: { sourcedId: DOC },
      },
    ];
    const tree = buildTree({
      CFDocument: { sourcedId: DOC },
      CFItems: [{ sourcedId: id(1) }],
      CFAssociations: associations,
    });
    expect(tree.root.children.map((n) => n.id)).toEqual([id(1)]);
    expect(tree.root.children[0]?.association).toBe(id(50));
  });
});
