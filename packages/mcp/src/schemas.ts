import { platformSchemas } from '@learnkit/core';
import type { JsonSchema } from './operation-types';

const DEFS = platformSchemas as Readonly<Record<string, JsonSchema>>;

/**
 * `schema` with every `#/$defs/<Name>` reference replaced by that component schema of openapi/platform.yaml (from
 * `platformSchemas`), recursively. MCP hosts read tool schemas unevenly: inlined, every one of them sees the
 * whole shape (docs/decisions.md#d-i17-mcp-schemas).
 */
export function inline(schema: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => inline(entry, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const name = ref.slice('#/$defs/'.length);
    const target = DEFS[name];
    if (!target) throw new Error(`platformSchemas has no ${name}`);
    if (seen.includes(name)) throw new Error(`${name} refers to itself; it cannot be inlined`);
    return inline(target, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inline(value, seen)]));
}

/** The component schema `name` of openapi/platform.yaml, references inlined. */
export function componentSchema(name: string): JsonSchema {
  return inline({ $ref: `#/$defs/${name}` }) as JsonSchema;
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
