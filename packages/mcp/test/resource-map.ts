// The resource map as the MCP tests read it (docs/decisions.md#d-resource-map): every operation of openapi/,
// from the same loader `pnpm gen` writes the tools from, with the name its tool must have.
import { fileURLToPath } from 'node:url';
// @ts-expect-error: plain ESM script without type declarations
import { loadResourceMap } from '../../../scripts/gen/resource-map.mjs';

/** One operation of the map, as far as these tests use it. */
export interface MappedOperation {
  operationId: string;
  family: string;
  resource: string[];
  /** The SDK method: its path below `lk`, and its name. */
  sdkPath: string;
  method: string;
  httpMethod: string;
  path: string;
  tags: string[];
  retry: 'safe' | 'unsafe';
  pathParams: { name: string }[];
  queryParams: { name: string; required: boolean; schema: { type?: string; enum?: string[] } }[];
  body?: { optional: boolean; list: boolean; members: string[]; requiredMembers: string[] } | undefined;
  page?: string | undefined;
  result: { list: boolean };
  args: string[];
  /** `x-devplatform-tool` of the operation in its document, for the six developer-tool operations. */
  devplatformTool?: string | undefined;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const model = loadResourceMap(ROOT) as {
  operations: (MappedOperation & { documentName: string })[];
  documents: Record<string, { paths: Record<string, Record<string, Record<string, unknown>>> }>;
};

/** `forStudentInClass` -> `for_student_in_class`. */
const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Every operation of the map, in map order. */
export const MAPPED: readonly MappedOperation[] = model.operations.map((op) => {
  const operation = model.documents[op.documentName]?.paths[op.path]?.[op.httpMethod.toLowerCase()];
  return { ...op, devplatformTool: operation?.['x-devplatform-tool'] as string | undefined };
});

/**
 * The tool an operation must have: `<family>_<resource>_<method>` in snake_case, or the document's
 * `x-devplatform-tool` for the six developer-tool operations.
 */
export const toolNameOf = (op: MappedOperation): string =>
  op.devplatformTool ?? [op.family, ...op.resource, op.method].map(snakeCase).join('_');
