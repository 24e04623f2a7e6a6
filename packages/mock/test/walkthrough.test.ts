// CONTRIBUTING.md "Adding an endpoint", done again on a copy of the repository (docs/decisions.md#d-contributing-walkthrough-test):
// its YAML fragment, its resource-map entry and its handler file, taken from the markdown as they are, then
// `pnpm gen`, a type check of the mock and of the SDK package, and calls to the new endpoint. Proves that the
// endpoint needs the document, one map entry and one handler file, nothing else (docs/decisions.md#d-resource-map).
// The example endpoint exists only in the copy: openapi/ describes the real platform.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContract } from '@learnkit/contract';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The fenced blocks of CONTRIBUTING.md whose info string names a `walkthrough=<path>`, by that path. */
function walkthroughBlocks(): Map<string, string> {
  const lines = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8').split('\n');
  const blocks = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```\S*.*\bwalkthrough=(\S+)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, path] = open as unknown as [string, string, string];
    const body: string[] = [];
    for (i++; !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!.slice(indent.length));
    blocks.set(path, `${body.join('\n')}\n`);
  }
  return blocks;
}

/** What the copy holds: the documents, the generator and the two packages it writes into, with their sources. */
const COPIED = [
  'openapi',
  // gen.mjs and the modules it imports (generated-files.mjs, ...).
  'scripts',
  'tsconfig.base.json',
  'packages/core/package.json',
  'packages/core/src',
  'packages/webhooks/scripts',
  'packages/webhooks/src/generated',
  'packages/mock/package.json',
  'packages/mock/src',
  'packages/mock/scripts',
  // The other generators `pnpm gen` runs, and what they write: a walk-through changes none of it.
  'packages/mcp/scripts',
  'packages/mcp/src/generated',
  'packages/case/scripts',
  'packages/case/src',
  'python/learnkit/webhooks/_catalogue.py',
  // The Python package's generated resources and types, the hand-written classes they extend, and the ruff settings
  // `pnpm gen` formats them with.
  'python/pyproject.toml',
  'python/learnkit/_generated',
  'python/learnkit/resources',
  'python/learnkit/types',
  // The SDK's generated resources and API references, and the hand-written classes the references read.
  'biome.json',
  'packages/platform/package.json',
  'packages/platform/tsconfig.json',
  'packages/platform/src',
  'packages/platform/api.md',
  'packages/oneroster/src',
  'packages/oneroster/api.md',
  'packages/case/api.md',
  'packages/webhooks/src/subscriptions.ts',
  'packages/webhooks/api.md',
  'packages/activity/src/server/caliper-client.ts',
  'packages/activity/api.md',
  'packages/sdk/api.md',
];

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === '.cache') return [];
    return statSync(path).isDirectory() ? filesUnder(path, base) : [relative(base, path)];
  });
}

/** The copy's node_modules: the workspace's, with the copied core in place of the real one. */
function linkDependencies(copy: string): void {
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  // The pinned ruff `pnpm gen` formats Python with, in the workspace's tools venv (made there on first use).
  mkdirSync(join(ROOT, 'python/.cache'), { recursive: true });
  symlinkSync(join(ROOT, 'python/.cache'), join(copy, 'python/.cache'), 'dir');
  symlinkSync(join(ROOT, 'packages/core/node_modules'), join(copy, 'packages/core/node_modules'), 'dir');
  // The case generator's ajv is a development dependency of @learnkit/case.
  symlinkSync(join(ROOT, 'packages/case/node_modules'), join(copy, 'packages/case/node_modules'), 'dir');
  // The platform package is type-checked in the copy, against the copied core.
  const platformModules = join(copy, 'packages/platform/node_modules/@learnkit');
  mkdirSync(platformModules, { recursive: true });
  symlinkSync(join(copy, 'packages/core'), join(platformModules, 'core'), 'dir');
  symlinkSync(
    join(ROOT, 'packages/platform/node_modules/zod'),
    join(copy, 'packages/platform/node_modules/zod'),
    'dir',
  );
  const modules = join(copy, 'packages/mock/node_modules');
  mkdirSync(join(modules, '@learnkit'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'packages/mock/node_modules'))) {
    if (name !== '@learnkit')
      symlinkSync(join(ROOT, 'packages/mock/node_modules', name), join(modules, name));
  }
  for (const name of readdirSync(join(ROOT, 'packages/mock/node_modules/@learnkit'))) {
    const target = name === 'core' ? join(copy, 'packages/core') : join(ROOT, 'packages', name);
    symlinkSync(target, join(modules, '@learnkit', name), 'dir');
  }
}

/** A script that calls the copy's mock and prints each response. */
const CALLS = `
import { createMockPlatform } from './src/index.js';
const platform = createMockPlatform();
const token = platform.accessToken(platform.clients.partner);
const rawResponses = [];
for (const [path, bearer] of ${JSON.stringify([
  ['/insights/1.0/types/RapidGuessing', true],
  ['/insights/1.0/types/Unheard', true],
  ['/insights/1.0/types/not-a-slug', true],
  ['/insights/1.0/types/RapidGuessing', false],
  ['/insights/1.0/types/RapidGuessing?verbose=1', true],
])}) {
  const headers = bearer ? { authorization: 'Bearer ' + token } : {};
  const response = await platform.handle(new Request(platform.baseUrl + path, { headers }));
  rawResponses.push({ path, status: response.status, body: await response.json() });
}
console.log(JSON.stringify(rawResponses));
`;

type Called = { path: string; status: number; body: Record<string, unknown> }[];

it('adds the endpoint of CONTRIBUTING.md with its YAML and one handler file, nothing else', {
  timeout: 600_000,
}, async () => {
  const blocks = walkthroughBlocks();
  const fragment = blocks.get('openapi/platform.yaml');
  const entry = blocks.get('openapi/resources.yaml');
  expect(entry, 'CONTRIBUTING.md has no ```yaml walkthrough=openapi/resources.yaml block').toBeDefined();
  const handlerPath = [...blocks.keys()].find((path) => path.startsWith('packages/mock/src/routes/'));
  expect(fragment, 'CONTRIBUTING.md has no ```yaml walkthrough=openapi/platform.yaml block').toBeDefined();
  expect(
    handlerPath,
    'CONTRIBUTING.md has no ```ts walkthrough=packages/mock/src/routes/... block',
  ).toBeDefined();

  const copy = mkdtempSync(join(tmpdir(), 'learnkit-walkthrough-'));
  try {
    for (const path of COPIED) cpSync(join(ROOT, path), join(copy, path), { recursive: true });
    linkDependencies(copy);
    const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
    const gen = () => node([join(copy, 'scripts/gen.mjs')]);
    writeFileSync(join(copy, 'packages/mock/calls.ts'), CALLS);
    const call = () =>
      JSON.parse(
        node(['--import', 'tsx', '--conditions=@learnkit/source', join(copy, 'packages/mock/calls.ts')]),
      ) as Called;

    // Steps 1 to 3: the operation in the document, its entry in the resource map (under the methods of
    // insights.types), then `pnpm gen`, which refuses an operation the map does not name. The mock routes it,
    // responding with 501 until a handler exists.
    const document = join(copy, 'openapi/platform.yaml');
    writeFileSync(
      document,
      readFileSync(document, 'utf8').replace(/^paths:\n/m, (paths) => paths + fragment),
    );
    expect(gen, 'pnpm gen runs with an operation the map does not name').toThrow();
    const map = join(copy, 'openapi/resources.yaml');
    const withEntry = readFileSync(map, 'utf8').replace(
      /(\n {8}methods:\n)( {10}list:\n {12}operation: listInsightTypes\n)/,
      (_, methods, list) => methods + entry + list,
    );
    expect(withEntry).toContain('operation: getInsightType');
    writeFileSync(map, withEntry);
    gen();
    expect(call()[0]).toMatchObject({ status: 501, body: { error: 'not_implemented' } });

    // Step 3: the handler file, and `pnpm gen` again (the handler index).
    mkdirSync(dirname(join(copy, handlerPath!)), { recursive: true });
    writeFileSync(join(copy, handlerPath!), blocks.get(handlerPath!)!);
    gen();

    // Nothing else changed: the document, the handler file and what the generator wrote.
    const changed = filesUnder(copy)
      .filter((file) => file !== 'packages/mock/calls.ts')
      .filter((file) => {
        try {
          return readFileSync(join(ROOT, file), 'utf8') !== readFileSync(join(copy, file), 'utf8');
        } catch {
          return true;
        }
      });
    expect(changed.sort()).toEqual(
      [
        'openapi/platform.yaml',
        'openapi/resources.yaml',
        'packages/mock/src/generated/handlers.ts',
        'packages/mock/src/generated/openapi/platform-types.ts',
        'packages/mcp/src/generated/tools.ts',
        'packages/mock/src/generated/operations.ts',
        'packages/platform/api.md',
        'packages/platform/src/generated/client.ts',
        'packages/platform/src/generated/models.ts',
        'packages/platform/src/generated/openapi-types.ts',
        'packages/platform/src/generated/operations.ts',
        'packages/platform/src/generated/resources/insights/types.ts',
        'packages/sdk/api.md',
        'packages/sdk/src/generated/api-operations.ts',
        'python/learnkit/_generated/client/insights.py',
        'python/learnkit/_generated/operations.py',
        'python/learnkit/_generated/resources/insights.py',
        handlerPath!,
      ].sort(),
    );

    // The SDK method, generated with its doc comment and example, type-checks in its package; the references
    // list it with its route.
    const resource = readFileSync(
      join(copy, 'packages/platform/src/generated/resources/insights/types.ts'),
      'utf8',
    );
    expect(resource).toMatch(/get\(slug: string, options\?: PlatformCallOptions\): ApiPromise<InsightType>/);
    expect(resource).toContain("await lk.insights.types.get('RapidGuessing')");
    // And it is an MCP tool, `insights_types_get`, that calls the method.
    expect(readFileSync(join(copy, 'packages/mcp/src/generated/tools.ts'), 'utf8')).toMatch(
      /name: 'insights_types_get',\s+operationId: 'getInsightType',/,
    );
    // And it is a command: `learnkit api insights.types get SLUG`.
    expect(readFileSync(join(copy, 'packages/sdk/src/generated/api-operations.ts'), 'utf8')).toMatch(
      /resource: 'insights\.types',\s+method: 'get',\s+operationId: 'getInsightType',/,
    );
    node([
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(copy, 'packages/platform/tsconfig.json'),
      '--noEmit',
    ]);
    // The Python methods, sync and async, generated from the same entry.
    const python = readFileSync(join(copy, 'python/learnkit/_generated/resources/insights.py'), 'utf8');
    expect(python).toMatch(/ {4}def get\(\n {8}self,\n {8}slug: str,/);
    expect(python).toMatch(/ {4}async def get\(\n {8}self,\n {8}slug: str,/);
    for (const reference of ['packages/platform/api.md', 'packages/sdk/api.md']) {
      expect(readFileSync(join(copy, reference), 'utf8')).toContain(
        '`GET /insights/1.0/types/{slug}` (`getInsightType`)',
      );
    }

    // The handler is typed by the generated operation: its parameter and its response.
    writeFileSync(
      join(copy, 'packages/mock/tsconfig.walkthrough.json'),
      JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src'] }),
    );
    node([
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(copy, 'packages/mock/tsconfig.walkthrough.json'),
    ]);

    // The calls: the response, an unknown type, a slug the path's pattern refuses, no token, an undeclared query.
    const [found, unknown, refused, anonymous, undeclared] = call();
    expect(found).toMatchObject({ status: 200, body: { slug: 'RapidGuessing', insightGroup: 'engagement' } });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'insight type Unheard not found' } });
    expect(refused!.status).toBe(404);
    expect(refused!.body.message).toContain('path.slug must match');
    expect(anonymous!.status).toBe(401);
    expect(undeclared).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('query.verbose') },
    });

    // The responses are the ones the copy's document states.
    const contract = loadContract({ dir: join(copy, 'openapi') });
    for (const rawResponse of [found, unknown, anonymous]) {
      const checked = await contract.checkResponse(
        {
          method: 'GET',
          url: `https://api.example.com${rawResponse!.path}`,
          headers: new Headers({ authorization: 'Bearer t' }),
        },
        {
          status: rawResponse!.status,
          headers: new Headers({ 'content-type': 'application/json' }),
          body: JSON.stringify(rawResponse!.body),
        },
      );
      expect(checked, JSON.stringify(checked.issues)).toMatchObject({
        ok: true,
        operationId: 'getInsightType',
      });
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
