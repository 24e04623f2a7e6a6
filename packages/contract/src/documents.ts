import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** The OpenAPI documents of the platform, by name (file name without `.yaml`). */
export const DOCUMENT_NAMES = ['case', 'platform', 'oneroster'] as const;

/**
 * The document of the control path of `learnkit-mock serve` (not the platform's: no platform client calls it), read
 * only when asked for by name (docs/decisions.md#d-mock-control-document).
 */
export const CONTROL_DOCUMENT = 'mock-control';

export type OpenApiDocument = {
  openapi: string;
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/** The default openapi/ folder: two levels above this package. */
export const DEFAULT_OPENAPI_DIR = join(import.meta.dirname, '..', '..', '..', 'openapi');

/** Reads and parses every document of the platform (or the documents `names`). */
export function readDocuments(
  dir = DEFAULT_OPENAPI_DIR,
  names: readonly string[] = DOCUMENT_NAMES,
): Map<string, OpenApiDocument> {
  const documents = new Map<string, OpenApiDocument>();
  for (const name of names) {
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

/**
 * The path of a document's server URL when it is literal (`/__learnkit-mock` of the control document), which every
 * path of the document is below; empty for a templated one (`{base_url}`, any base path).
 */
export function basePathOf(document: OpenApiDocument): string {
  const url = document.servers?.[0]?.url;
  if (!url || url.includes('{') || !URL.canParse(url)) return '';
  return new URL(url).pathname.replace(/\/+$/, '');
}
