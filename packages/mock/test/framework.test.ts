import { describe, expect, it } from 'vitest';
import { checkPackage } from '../src/case/validate-package.js';
import {
  createMockPlatform,
  frameworkJsonChunks,
  frameworkRecords,
  generateFramework,
} from '../src/index.js';

const LEVELS = ['Grade Level', 'Domain', 'Cluster', 'Standard'];

describe('generateFramework', () => {
  it('is deterministic per seed and differs between seeds', () => {
    expect(generateFramework({ seed: 11, items: 120 })).toEqual(generateFramework({ seed: 11, items: 120 }));
    const other = generateFramework({ seed: 12, items: 120 });
    expect(other.CFDocument.identifier).not.toBe(
      generateFramework({ seed: 11, items: 120 }).CFDocument.identifier,
    );
  });

  it.each([1, 2, 9, 10, 37, 300, 1000])('produces exactly %i valid, uniquely identified items', (items) => {
    const framework = generateFramework({ seed: 3, items });
    expect(framework.CFItems).toHaveLength(items);
    expect(checkPackage(framework, 'https://api.learnkit.test').problems).toEqual([]);
    const ids = [
      framework.CFDocument.identifier,
      ...framework.CFItems.map((item) => item.identifier),
      ...framework.CFAssociations.map((a) => a.identifier),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lays items out as grades -> domains -> clusters -> standards joined by isChildOf with sequence numbers', () => {
    const framework = generateFramework({ seed: 5, items: 300 });
    const byId = new Map(framework.CFItems.map((item) => [item.identifier, item]));
    const childOf = framework.CFAssociations.filter(
      (association) => association.associationType === 'isChildOf',
    );
    expect(childOf).toHaveLength(300);
    const siblings = new Map<string, number[]>();
    for (const association of childOf) {
      const child = byId.get(association.originNodeURI.identifier)!;
      const parentId = association.destinationNodeURI.identifier;
      const parent = byId.get(parentId);
      const level = LEVELS.indexOf(child.CFItemType!);
      if (level === 0) expect(parentId).toBe(framework.CFDocument.identifier);
      else expect(LEVELS.indexOf(parent!.CFItemType!)).toBe(level - 1);
      expect(child.humanCodingScheme!.startsWith(parent?.humanCodingScheme ?? '')).toBe(true);
      siblings.set(parentId, [...(siblings.get(parentId) ?? []), association.sequenceNumber!]);
    }
    for (const numbers of siblings.values()) expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    const counts = LEVELS.map(
      (level) => framework.CFItems.filter((item) => item.CFItemType === level).length,
    );
    expect(counts[0]).toBeGreaterThan(1);
    expect(counts[1]).toBeGreaterThan(counts[0]!);
    expect(counts[2]).toBeGreaterThan(counts[1]!);
    expect(counts[3]).toBeGreaterThan(counts[2]!);
    const kinds = new Set(framework.CFAssociations.map((association) => association.associationType));
    expect(kinds).toEqual(new Set(['isChildOf', 'precedes', 'isPeerOf', 'exactMatchOf', 'isRelatedTo']));
  });

  it('honours subject, grades, frameworkType and association rates', () => {
    const framework = generateFramework({
      seed: 2,
      items: 80,
      subject: 'Reading',
      grades: ['05'],
      frameworkType: 'Course Sequence',
      associationRates: { precedes: 0, isPeerOf: 0, exactMatchOf: 0, isRelatedTo: 0 },
    });
    expect(framework.CFDocument.extensions).toEqual({ frameworkType: 'Course Sequence' });
    expect(new Set(framework.CFItems.map((item) => item.educationLevel![0]))).toEqual(new Set(['05']));
    expect(framework.CFAssociations.every((association) => association.associationType === 'isChildOf')).toBe(
      true,
    );
    expect(framework.CFDocument.title).toContain('English Language Arts');
    expect(() => generateFramework({ grades: ['13'] })).toThrow(/unknown grade level/);
    expect(() => generateFramework({ items: 0 })).toThrow(/positive integer/);
  });

  it('gives a subject with no vocabulary of its own generic domains named after it', () => {
    const framework = generateFramework({ items: 40, subject: 'History' });
    expect(framework.CFDocument.title).toBe('History Standards, Grades K-8 (seed 1)');
    const domains = framework.CFItems.filter((item) => item.CFItemType === 'Domain');
    expect(domains[0]).toMatchObject({ abbreviatedStatement: 'D1', fullStatement: 'History Domain OA' });
    expect(framework.CFItems.every((item) => item.subject?.[0] === 'History')).toBe(true);
  });

  it('streams: records come in upload order and the JSON chunks join to the same body', () => {
    const options = { seed: 8, items: 150 };
    const kinds = [...frameworkRecords(options)].map((record) => record.kind);
    expect(kinds[0]).toBe('document');
    expect(kinds.lastIndexOf('item')).toBeLessThan(kinds.indexOf('association'));
    expect(JSON.parse([...frameworkJsonChunks(options)].join(''))).toEqual(generateFramework(options));
    expect(JSON.parse([...frameworkJsonChunks({ seed: 1, items: 1 })].join(''))).toEqual(
      generateFramework({ seed: 1, items: 1 }),
    );
  });

  // How fast is measured by pnpm bench (the case suite generates and walks this size), never by a timed test.
  it('generates 100,000 items, and the mock stores and serves them', { timeout: 60_000 }, async () => {
    const framework = generateFramework({ seed: 100, items: 100_000 });
    expect(framework.CFItems).toHaveLength(100_000);

    const platform = createMockPlatform();
    const token = platform.accessToken(platform.clients.partner);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = [...frameworkJsonChunks({ seed: 100, items: 100_000 })].join('');
    const upload = await platform.handle(
      new Request(`${platform.baseUrl}/ims/case/v1p1/CFPackages`, { method: 'POST', headers, body }),
    );
    expect(upload.status).toBe(201);
    expect(((await upload.json()) as { result: { stats: { items: number } } }).result.stats.items).toBe(
      100_000,
    );
    const page = await platform.handle(
      new Request(`${platform.baseUrl}/ims/case/v1p1/CFItems?limit=3000&offset=99000`, { headers }),
    );
    expect(page.headers.get('x-total-count')).toBe(String(100_000 + 300 + 6));
  });
});
