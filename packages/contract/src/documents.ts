import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** The OpenAPI documents of the platform, by name (file name without `.yaml`). */
export const DOCUMENT_NAMES = ['case', 'platform', 'oneroster'] as const;

export type OpenApiDocument = {
  openapi: string;
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/** The default openapi/ folder: two levels above this package. */
export const DEFAULT_OPENAPI_DIR = join(import.meta.dirname, '..', '..', '..', 'openapi');

/** Reads and parses every document of the platform. */
export function readDocuments(dir = DEFAULT_OPENAPI_DIR): Map<string, OpenApiDocument> {
  const documents = new Map<string, OpenApiDocument>();
  for (const name of DOCUMENT_NAMES) {
    documents.set(name, parseYaml(readFileSync(join(dir, `${name}.yaml`), 'utf8')) as OpenApiDocument);
  }
  return documents;
}

/** Follows a local `#/components/...` reference (parameters, responses, request bodies, headers). */
export function resolveLocal<T>(document: OpenApiDocument, value: T): T {
  let current: unknown = value;
  for (let hops = 0; hops < 10; hops++) {
    const ref = (current as { $ref?: unknown } | null)?.$ref;
    if (
      typeof ref !== 'string' ||
      !ref.startsWith('#/components/') ||
      ref.startsWith('#/components/schemas/')
    ) {
      return current as T;
    }
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  }
  throw new Error(`reference cycle at ${JSON.stringify(value)}`);
}
