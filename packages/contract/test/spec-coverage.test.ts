import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../src/index.js';

// The spec texts sit beside the repository (../shared/spec), as on every developer machine and in CI.
const specDir = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'spec');
const spec = readdirSync(specDir)
  .filter((file) => file.endsWith('.txt'))
  .sort()
  .map((file) => readFileSync(join(specDir, file), 'utf8'))
  .join('\n');

const documents = readDocuments();
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** `METHOD /path/{x}/y` with parameter names blanked, so `{sourcedId}` and `{id}` compare equal. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;

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

/** Expands the spec's shorthand `a and .../b` or `a and /b` into full paths. */
function expandPaths(cell: string): string[] {
  const parts = cell.split(' and ').map((part) => part.replaceAll('`', '').trim());
  const first = parts[0]!;
  return parts.map((part, index) => {
    if (index === 0) return part;
    if (part.startsWith('.../')) {
      const rest = part.slice(3);
      const segment = rest.split('/')[1]!;
      const at = first.indexOf(`/${segment}`);
      return at >= 0 ? first.slice(0, at) + rest : first + rest;
    }
    // `/users/{id}/linkedUsers` after `/rostering/1.0/users/...`: relative to the first path's area root.
    const root = /^\/[^/]+\/[^/]+/.exec(first)![0];
    return part.startsWith(root) ? part : root + part;
  });
}

/** Every `| METHOD | /path | ...` row of the spec's endpoint tables. */
function specTableOperations(): string[] {
  const keys: string[] = [];
  for (const line of spec.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const methods = cells[1];
    const path = cells[2];
    if (!methods || !path || !/^(GET|PUT|POST|DELETE|PATCH)(, (GET|PUT|POST|DELETE|PATCH))*$/.test(methods))
      continue;
    if (!path.startsWith('/') && !path.startsWith('`/')) continue;
    for (const method of methods.split(', '))
      for (const full of expandPaths(path)) keys.push(key(method, full));
  }
  return keys;
}

/** The OneRoster listings the spec names as accepting `search`. */
function specSearchListings(): string[] {
  const line = spec.split('\n').find((text) => text.startsWith('Endpoints that accept `search`'))!;
  const keys: string[] = [];
  // `GET base` + `a/`, `b/`; a `GET path` with no `+` is itself the listing.
  for (const [, base, rest] of line.matchAll(/`GET ([^`]+)`(?: \+ ([^;]+))?/g)) {
    if (!rest) keys.push(key('GET', base!));
    for (const [, suffix] of (rest ?? '').matchAll(/`([^`]+)`/g)) keys.push(key('GET', base! + suffix!));
  }
  return keys;
}

/** The catalogue rows: `| type | fires when | data fields | vX.Y |`. */
function specCatalogue(): Map<string, { since: string; fields: string }> {
  const rows = new Map<string, { since: string; fields: string }>();
  let previous = '';
  for (const line of spec.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length === 6 && /^v\d+\.\d+$/.test(cells[4]!) && /^[a-z_]+(\.[a-z_]+)+$/.test(cells[1]!)) {
      // "same as above" repeats the fields of the row before it.
      const fields = cells[3] === 'same as above' ? previous : cells[3]!;
      rows.set(cells[1]!, { since: cells[4]!, fields });
      previous = fields;
    }
  }
  return rows;
}

describe('openapi/ covers the spec', () => {
  const documented = documentedOperations();

  it('has every operation of the spec endpoint tables', () => {
    const expected = specTableOperations();
    expect(expected.length).toBeGreaterThan(40);
    expect(expected.filter((operation) => !documented.has(operation))).toEqual([]);
  });

  it('has every OneRoster listing that accepts `search`, with the family list parameters', () => {
    const expected = specSearchListings();
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
    const catalogue = specCatalogue();
    expect(catalogue.size).toBe(29);
    const platform = documents.get('platform')!;
    const webhooks = platform.webhooks ?? {};
    expect(Object.keys(webhooks).sort()).toEqual([...catalogue.keys()].sort());
    for (const [type, { since, fields }] of catalogue) {
      const post = webhooks[type]!.post as Record<string, unknown>;
      expect(post['x-since'], type).toBe(since);
      expect(dataFieldsOf(platform, post).sort(), type).toEqual(fields.split(', ').sort());
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
