import { readDocuments } from '@learnkit/contract';
import { describe, expect, it } from 'vitest';
import { createPlatformClient, OPERATIONS } from '../src/index';

/** The path prefixes of openapi/platform.yaml this package covers (auth, webhooks and Caliper have clients). */
const PREFIXES = [
  '/rostering/1.0/',
  '/applications/1.0/',
  '/events/1.0/',
  '/insights/1.0/',
  '/beyond/1.0/',
  '/apps/v1/',
  '/store/v1/',
];
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Operation = {
  operationId: string;
  parameters?: { $ref?: string; in?: string }[];
  'x-search-fields'?: unknown;
};

/** Every operation of the covered families, as `{ method, path, operation }`. */
function documentOperations() {
  const document = readDocuments().get('platform')!;
  const shared = (document.components as { parameters?: Record<string, { in?: string }> } | undefined)
    ?.parameters;
  // A `$ref` parameter is read where it points (`#/components/parameters/<Name>`).
  const where = (parameter: { $ref?: string; in?: string }) =>
    parameter.$ref ? shared?.[parameter.$ref.split('/').pop()!]?.in : parameter.in;
  const out: { method: string; path: string; operation: Operation; query: number }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)) continue;
    const common = ((item as { parameters?: Operation['parameters'] }).parameters ?? []).map(where);
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method] as Operation | undefined;
      if (!operation) continue;
      const ins = [...common, ...(operation.parameters ?? []).map(where)];
      out.push({ method, path, operation, query: ins.filter((at) => at === 'query').length });
    }
  }
  return out;
}

/** Every method of the client, as its dotted path (`rostering.users.get`). */
function clientMethods(): string[] {
  const client = createPlatformClient({ baseUrl: 'https://api.example.com' });
  const out: string[] = [];
  const walk = (value: object, path: string[]) => {
    const proto = Object.getPrototypeOf(value) as object;
    if (proto !== Object.prototype) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name !== 'constructor') out.push([...path, name].join('.'));
      }
    }
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'object' && inner !== null) walk(inner, [...path, key]);
    }
  };
  walk(client, []);
  return out.sort();
}

describe('OPERATIONS', () => {
  const operations = documentOperations();

  it('names a method for every operation of the covered families of openapi/platform.yaml', () => {
    expect(operations.length).toBeGreaterThanOrEqual(28);
    const missing = operations
      .map(({ operation }) => operation.operationId)
      .filter((id) => !(id in OPERATIONS));
    expect(missing, 'operations without a method: add one and its OPERATIONS entry').toEqual([]);
    const unknown = Object.keys(OPERATIONS).filter(
      (id) => !operations.some(({ operation }) => operation.operationId === id),
    );
    expect(unknown, 'OPERATIONS entries the document does not have').toEqual([]);
  });

  it('names only real methods, and every method of the client is in it once', () => {
    const methods = clientMethods();
    const named = Object.values(OPERATIONS).sort();
    expect(named).toEqual(methods);
    expect(new Set(named).size).toBe(named.length);
  });

  it('matches the listing rules the list methods rely on: paged with limit, offset and filter, or whole', () => {
    // docs/decisions.md#d-platform-paging: the listings of /rostering/1.0, /applications/1.0 and the insights
    // session lists page (limit 1-100, offset, filter); the insight types and groups respond with whole (no query).
    const lists = operations.filter(({ operation }) => {
      const method = OPERATIONS[operation.operationId as keyof typeof OPERATIONS];
      return method.endsWith('.list') || method === 'insights.users.sessions';
    });
    const whole = ['listInsightTypes', 'listInsightGroups'];
    expect(lists.length).toBe(13);
    for (const { method, path, operation, query } of lists) {
      const expected = whole.includes(operation.operationId) ? 0 : 3;
      expect(`${method} ${path}: ${query} query parameter(s)`).toBe(
        `get ${path}: ${expected} query parameter(s)`,
      );
      expect(operation['x-search-fields'], `GET ${path}`).toBeUndefined();
    }
    // The rule is really checked: the grades read declares its two query parameters.
    expect(operations.find(({ operation }) => operation.operationId === 'getStudentGrades')?.query).toBe(2);
  });
});
