// Writes the operation tables of the packages from the resource map (docs/decisions.md#d-resource-map):
// `packages/<package>/src/generated/operations.ts`, each operationId of the package and the method that calls it
// as a path from a `LearnKit` instance (`oneroster.users.get`). The coverage tests and the packages' own suites
// read them; `@learnkit/platform` also exports its table.
import { HEADER } from './typescript.mjs';

const json = (value) => JSON.stringify(value);

/** `{ path, content }` of every package's table. */
export function generateOperationTables(model) {
  const byPackage = new Map();
  for (const op of model.operations) {
    // The umbrella assembles the webhook and Caliper clients by hand; the coverage test reads the map for them.
    if (op.package === 'webhooks' || op.package === 'activity') continue;
    if (!byPackage.has(op.package)) byPackage.set(op.package, []);
    byPackage.get(op.package).push(op);
  }
  const outputs = [];
  for (const [pkg, operations] of byPackage) {
    const rows = operations.map(
      (op) =>
        `  /** \`${op.httpMethod} ${op.path.replace(/\*\//g, '*\\/')}\`: \`lk.${op.sdkPath}.${op.method}\`. */\n  ${op.operationId}: ${json(`${op.sdkPath}.${op.method}`)},`,
    );
    outputs.push({
      path: `packages/${pkg}/src/generated/operations.ts`,
      content: `${HEADER}
/**
 * Every operation of openapi/ this package calls, by operationId, with the method that calls it: its path below
 * \`lk\` (or below the client of the package's factory).
 *
 * @example
 * OPERATIONS.${operations[0].operationId}; // '${operations[0].sdkPath}.${operations[0].method}'
 */
export const OPERATIONS = Object.freeze({
${rows.join('\n')}
} as const);

/** An operationId this package calls. */
export type OperationId = keyof typeof OPERATIONS;
`,
    });
  }
  return outputs;
}
