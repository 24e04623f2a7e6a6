import { caseSchemas } from '@learnkit/case';
import { onerosterSchemas } from '@learnkit/oneroster';
import { platformSchemas } from '@learnkit/platform';
import type { JsonSchema } from './operation-types';

/** A document of openapi/ whose component schemas the tools use. */
export type DocumentName = 'case' | 'platform' | 'oneroster';

const DEFS: Record<DocumentName, Readonly<Record<string, JsonSchema>>> = {
  case: caseSchemas as Readonly<Record<string, JsonSchema>>,
  platform: platformSchemas as Readonly<Record<string, JsonSchema>>,
  oneroster: onerosterSchemas as Readonly<Record<string, JsonSchema>>,
};

/**
 * `schema` with every `#/$defs/<Name>` reference replaced by that component schema of the document (from
 * `platformSchemas`, `caseSchemas` or `onerosterSchemas`), recursively. MCP hosts read tool schemas unevenly:
 * inlined, every one of them sees the whole shape (docs/decisions.md#d-mcp-tool-schemas).
 */
export function inline(
  schema: unknown,
  document: DocumentName = 'platform',
  seen: readonly string[] = [],
): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => inline(entry, document, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const name = ref.slice('#/$defs/'.length);
    const target = DEFS[document][name];
    if (!target) throw new Error(`${document}Schemas has no ${name}`);
    if (seen.includes(name)) throw new Error(`${name} refers to itself; it cannot be inlined`);
    return inline(target, document, [...seen, name]);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inline(value, document, seen)]),
  );
}

/** The component schema `name` of a document of openapi/ (default platform.yaml), references inlined. */
export function componentSchema(name: string, document: DocumentName = 'platform'): JsonSchema {
  return inline({ $ref: `#/$defs/${name}` }, document) as JsonSchema;
}

/** An object schema's members and required list; `allOf` parts (as `WebhookSubscriptionWithSecret` has) merged. */
export function objectParts(schema: JsonSchema): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [schema];
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const part of parts) {
    Object.assign(properties, (part.properties as Record<string, JsonSchema> | undefined) ?? {});
    required.push(...((part.required as string[] | undefined) ?? []));
  }
  return { properties, required };
}
