// The resource map as the tests read it (docs/decisions.md#d-resource-map): every operation of openapi/ with
// the method of `LearnKit` that calls it, from the same loader `pnpm gen` writes every surface from.
import { fileURLToPath } from 'node:url';
// @ts-expect-error: plain ESM script without type declarations
import { loadResourceMap } from '../../../scripts/gen/resource-map.mjs';

/** One operation of the map, as far as the tests use it. */
export interface MappedOperation {
  operationId: string;
  /** The method as a path from a `LearnKit` instance (`oneroster.users.get`). */
  method: string;
  httpMethod: string;
  path: string;
  family: string;
  /** How a caller holding only the operation's parameters calls the method (`path.sourcedId`, `body`, ...). */
  args: string[];
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const model = loadResourceMap(ROOT) as {
  operations: (Omit<MappedOperation, 'method'> & { sdkPath: string; method: string })[];
  internal: Record<string, string>;
};

/** Every operation the map names, in map order. */
export const MAPPED: readonly MappedOperation[] = model.operations.map((op) => ({
  operationId: op.operationId,
  method: `${op.sdkPath}.${op.method}`,
  httpMethod: op.httpMethod,
  path: op.path,
  family: op.family,
  args: op.args,
}));

/** Operations no method calls, each with the reason. */
export const INTERNAL: Readonly<Record<string, string>> = model.internal;
