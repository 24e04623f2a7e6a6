import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../src/index.js';

/**
 * What the specification texts list, extracted by scripts/spec/extract-operations.mjs and kept in the repository
 * (fixtures/SOURCES.md names the texts and their hashes), so that a fresh clone checks openapi/ without any folder
 * beside it (docs/decisions.md#d-pkg-spec-operations).
 */
const spec = JSON.parse(
  readFileSync(new URL('./fixtures/spec-operations.json', import.meta.url), 'utf8'),
) as {
  operations: string[];
  searchListings: string[];
  catalogue: Record<string, { since: string; fields: string[] }>;
};

const documents = readDocuments();
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** `METHOD /path/{x}/y` with parameter names blanked, so `{sourcedId}` and `{id}` compare equal. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
/** The key of a `METHOD /path` line of the extracted list. */
const keyOf = (operation: string) => {
  const [method, path] = operation.split(' ');
  return key(method!, path!);
};

function documentedOperations(): Map<string, string> {
  const found = new Map<string, string>();
  for (const document of documents.values()) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method] as { operationId?: string } | undefined;
        if (operation) found.set(key(method, path), String(operation.operationId));
      }
    }
  }
  return found;
}

describe('openapi/ covers the spec', () => {
  const documented = documentedOperations();

  it('has every operation of the spec endpoint tables', () => {
    const expected = spec.operations.map(keyOf);
    expect(expected.length).toBeGreaterThan(40);
    expect(expected.filter((operation) => !documented.has(operation))).toEqual([]);
  });

  it('has every OneRoster listing that accepts `search`, with the family list parameters', () => {
    const expected = spec.searchListings.map(keyOf);
    expect(expected).toHaveLength(15);
    expect(expected.filter((operation) => !documented.has(operation))).toEqual([]);
  });

  it('has the 8 CASE operations, the token endpoints and the 6 subscription operations by id', () => {
    const ids = new Set(documented.values());
    for (const id of [
      'getCFAssociation',
      'listCFDocuments',
      'getCFDocument',
      'listCFItems',
      'getCFItem',
      'validateCFItems',
      'uploadCFPackage',
      'getCFPackage',
      'issueCaseToken',
      'issueToken',
      'createWebhookSubscription',
      'listWebhookSubscriptions',
      'getWebhookSubscription',
      'updateWebhookSubscription',
      'deleteWebhookSubscription',
      'rotateWebhookSubscriptionSecret',
      'sendCaliperEvents',
    ]) {
      expect(ids, id).toContain(id);
    }
  });

  it('gives every operation a unique operationId', () => {
    const ids = [...documented.values()];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes the 29 catalogue event types as webhooks, with their Since version and data fields', () => {
    const catalogue = Object.entries(spec.catalogue);
    expect(catalogue).toHaveLength(29);
    const platform = documents.get('platform')!;
    const webhooks = platform.webhooks ?? {};
    expect(Object.keys(webhooks).sort()).toEqual(catalogue.map(([type]) => type).sort());
    for (const [type, { since, fields }] of catalogue) {
      const post = webhooks[type]!.post as Record<string, unknown>;
      expect(post['x-since'], type).toBe(since);
      expect(dataFieldsOf(platform, post).sort(), type).toEqual([...fields].sort());
    }
  });
});

/** The `data` member names of a webhook entry's envelope schema, following `$ref`s and `allOf`. */
function dataFieldsOf(
  document: ReturnType<typeof readDocuments> extends Map<string, infer D> ? D : never,
  post: Record<string, unknown>,
): string[] {
  const deref = (schema: unknown): Record<string, unknown> => {
    let current = schema as Record<string, unknown>;
    while (typeof current?.$ref === 'string') {
      current = ((document.components?.schemas ?? {}) as Record<string, unknown>)[
        current.$ref.split('/').pop()!
      ] as Record<string, unknown>;
    }
    return current;
  };
  const properties = (schema: unknown): Record<string, unknown> => {
    const resolved = deref(schema);
    const own = (resolved.properties ?? {}) as Record<string, unknown>;
    return Object.assign({}, ...((resolved.allOf as unknown[]) ?? []).map(properties), own);
  };
  const body = deref(
    (post.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json']!
      .schema,
  );
  return Object.keys(properties(properties(body).data));
}
