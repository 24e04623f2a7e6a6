// The workspace's packages form no cycle, counting every kind of dependency (docs/decisions.md#d-caliper-one-rule-set):
// pnpm warns on a fresh install when one does, and a cycle forces an order on builds and releases that nobody chose.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

type Manifest = { name: string } & Partial<Record<DependencyKind, Record<string, string>>>;
type DependencyKind = 'dependencies' | 'devDependencies' | 'peerDependencies' | 'optionalDependencies';
const KINDS: DependencyKind[] = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
];

/** Package name -> the workspace packages it depends on, of any kind. */
function workspaceGraph(): Map<string, string[]> {
  const manifests: Manifest[] = [];
  for (const dir of ['packages', 'examples']) {
    for (const name of readdirSync(join(root, dir))) {
      try {
        manifests.push(JSON.parse(readFileSync(join(root, dir, name, 'package.json'), 'utf8')) as Manifest);
      } catch {
        // Not a package (a README, a folder without a manifest).
      }
    }
  }
  const names = new Set(manifests.map((m) => m.name));
  return new Map(
    manifests.map((m) => [
      m.name,
      [...new Set(KINDS.flatMap((kind) => Object.keys(m[kind] ?? {})))].filter((dep) => names.has(dep)),
    ]),
  );
}

/** The first cycle found, as the packages along it (first repeated at the end), or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('workspace dependency graph', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['@learnkit/activity', ['@learnkit/mock']],
      ['@learnkit/mock', ['@learnkit/activity']],
    ]);
    expect(findCycle(graph)).toEqual(['@learnkit/activity', '@learnkit/mock', '@learnkit/activity']);
  });

  it('has no cycle between workspace packages, devDependencies included', () => {
    const graph = workspaceGraph();
    expect(graph.has('@learnkit/caliper')).toBe(true);
    expect(findCycle(graph)).toBeUndefined();
  });
});
