// Every operation of openapi/ on every surface (docs/decisions.md#d-resource-map): a method of `LearnKit`, a
// `learnkit api` command, an MCP tool, and an entry of the API reference of its package and of the umbrella. The
// map is the one list; a surface that misses an operation of it fails here, naming the operation. (Each surface
// also has its own suite that calls every operation: the CLI's and the MCP server's.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEVPLATFORM_OPERATIONS, OPERATION_TOOLS } from '../../mcp/src/generated/tools';
import { API_OPERATIONS } from '../src/generated/api-operations';
import { LearnKit } from '../src/index';
import { MAPPED } from './resource-map';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const lk = new LearnKit({ baseUrl: 'https://api.example.com', clientId: 'c', clientSecret: 's', env: {} });
const at = (path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], lk);

/** The package whose api.md lists each family. */
const PACKAGE_OF: Record<string, string> = {
  case: 'case',
  oneroster: 'oneroster',
  rostering: 'platform',
  applications: 'platform',
  events: 'platform',
  insights: 'platform',
  beyond: 'platform',
  discountCodes: 'platform',
  webhooks: 'webhooks',
  caliper: 'activity',
};
const reference = (pkg: string) => readFileSync(`${ROOT}packages/${pkg}/api.md`, 'utf8');

describe('every operation on every surface', () => {
  it('finds the map whole (so an empty list cannot pass)', () => {
    expect(MAPPED.length).toBeGreaterThanOrEqual(62);
  });

  it.each(MAPPED.map((op) => [op.operationId, op] as const))('%s is a method of LearnKit', (_, op) => {
    expect(typeof at(op.method), `lk.${op.method}`).toBe('function');
  });

  it.each(MAPPED.map((op) => [op.operationId, op] as const))('%s is a learnkit api command', (_, op) => {
    const command = API_OPERATIONS.find((row) => row.operationId === op.operationId);
    expect(command && `${command.resource}.${command.method}`).toBe(op.method);
    expect(command && `${command.httpMethod} ${command.path}`).toBe(`${op.httpMethod} ${op.path}`);
  });

  it.each(MAPPED.map((op) => [op.operationId, op] as const))(
    '%s is an MCP tool (the six webhook subscription operations keep their devplatform_* names)',
    (_, op) => {
      const developerTool = DEVPLATFORM_OPERATIONS.find((row) => row.operationId === op.operationId);
      if (developerTool) expect(developerTool.tool).toMatch(/^devplatform_/);
      else expect(OPERATION_TOOLS.find((row) => row.operationId === op.operationId)?.call).toBe(op.method);
    },
  );

  it.each(MAPPED.map((op) => [op.operationId, op] as const))(
    '%s has an entry, with its route, in its package api.md and the umbrella api.md',
    (_, op) => {
      const heading = `#### \`lk.${op.method}(`;
      const route = `\`${op.httpMethod} ${op.path}\` (\`${op.operationId}\`)`;
      for (const text of [reference(PACKAGE_OF[op.family] as string), reference('sdk')]) {
        expect(text).toContain(heading);
        expect(text).toContain(route);
      }
    },
  );
});
