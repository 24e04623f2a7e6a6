// Every operation of openapi/*.yaml is a method of `LearnKit`, and every method of a domain client is an
// operation (docs/decisions.md#d-resource-map): the resource map names them, and this test holds the map, the
// documents and the instance to each other.
import { readDocuments } from '@learnkit/contract';
import { describe, expect, it } from 'vitest';
import { LearnKit } from '../src/index';
import { INTERNAL, MAPPED } from './resource-map';

/** Methods of the domain clients that send nothing of their own, each with the reason. */
const NOT_OPERATIONS: Record<string, string> = {
  'caliper.hasAccepted': 'a local lookup of the event ids this client saw accepted; sends nothing',
};

/** The roots of `LearnKit` whose methods the map covers. */
const ROOTS = [
  'case',
  'oneroster',
  'rostering',
  'applications',
  'events',
  'insights',
  'beyond',
  'discountCodes',
  'webhooks.subscriptions',
  'caliper',
];

/** Every operation of the platform's documents (the mock's control path is not the platform's), as `operationId` -> `METHOD path (document)`. */
function documentOperations(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, document] of readDocuments()) {
    if (name === 'mock-control') continue;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item)) {
        const id = (operation as { operationId?: string } | null)?.operationId;
        if (id) out.set(id, `${method.toUpperCase()} ${path} (${name}.yaml)`);
      }
    }
  }
  return out;
}

const at = (root: object, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);

/** The method paths under `node`: its own function members and its class's methods, then its objects, recursively. */
function methodsOf(node: object, prefix: string, out: string[] = []): string[] {
  const keys = new Set(Object.keys(node));
  for (let proto = Object.getPrototypeOf(node) as object | null; proto && proto !== Object.prototype; ) {
    for (const key of Object.getOwnPropertyNames(proto)) if (key !== 'constructor') keys.add(key);
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  for (const key of keys) {
    if (key === 'http') continue;
    const value = (node as Record<string, unknown>)[key];
    if (typeof value === 'function') out.push(`${prefix}.${key}`);
    else if (value && typeof value === 'object') methodsOf(value, `${prefix}.${key}`, out);
  }
  return out;
}

const OPERATIONS_OF_DOCUMENTS = documentOperations();
const lk = new LearnKit({ baseUrl: 'https://api.example.com', clientId: 'c', clientSecret: 's', env: {} });
const table = new Map(MAPPED.map((op) => [op.operationId, op.method]));

describe('operation coverage of the whole SDK', () => {
  it('maps every operation of openapi/*.yaml to a method (or lists it as internal)', () => {
    const uncovered = [...OPERATIONS_OF_DOCUMENTS]
      .filter(([id]) => !table.has(id) && !(id in INTERNAL))
      .map(([id, where]) => `${id}: ${where}`);
    expect(uncovered, 'operations with no method: give each an entry in openapi/resources.yaml').toEqual([]);
  });

  it('names only operations the documents have, each once', () => {
    const known = OPERATIONS_OF_DOCUMENTS;
    const named = [...MAPPED.map((op) => op.operationId), ...Object.keys(INTERNAL)];
    expect(named.filter((id) => !known.has(id))).toEqual([]);
    expect(named.length).toBe(new Set(named).size);
  });

  it('points every operation at a method LearnKit has', () => {
    const missing = [...table].filter(([, method]) => typeof at(lk, method) !== 'function');
    expect(missing).toEqual([]);
  });

  it('maps every method of the domain clients to an operation', () => {
    const methods = new Set(table.values());
    const found = ROOTS.flatMap((root) => methodsOf(at(lk, root) as object, root));
    // The walk reaches every method of the map (so an empty walk cannot pass).
    expect(found).toEqual(expect.arrayContaining([...methods]));
    expect(found.filter((method) => !methods.has(method) && !(method in NOT_OPERATIONS))).toEqual([]);
  });
});
