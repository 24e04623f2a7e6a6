// The runnable examples of docs/activity.md, run as written: each `ts` block under the headings below is copied
// to a module (imports of this package pointed at its sources) and imported; its own asserts are the checks.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RedisServer, startRedisServer } from '@learnkit/test-utils';
import { afterAll, beforeAll, expect, test } from 'vitest';

const DOC = new URL('../../../docs/activity.md', import.meta.url);
const OUT = new URL('../node_modules/.cache/docs-examples/', import.meta.url);
const SOURCES: Record<string, string> = {
  '@learnkit/activity': '../../../src/index.ts',
  '@learnkit/activity/server': '../../../src/server/index.ts',
  '@learnkit/activity/caliper': '../../../src/caliper/index.ts',
};

/** The first `ts` code block after the heading line `heading`. */
function exampleUnder(heading: string): string {
  const text = readFileSync(DOC, 'utf8');
  const at = text.split('\n').indexOf(heading);
  expect(at, `docs/activity.md has no heading ${heading}`).toBeGreaterThan(-1);
  const rest = text
    .split('\n')
    .slice(at + 1)
    .join('\n');
  const block = /```ts(?: run)?\n([\s\S]*?)\n```/.exec(rest);
  expect(block, `no ts example under ${heading}`).not.toBeNull();
  return block![1]!;
}

// The activity queue's Redis block reads REDIS_URL, as it does in the package checks (docs/decisions.md#d-docs-redis-server).
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer({ persistent: true });
  process.env.REDIS_URL = redis.url;
});
afterAll(async () => {
  delete process.env.REDIS_URL;
  await redis?.stop();
});

test.each([
  ['### Time figures: `elapsedMs`, `onFlush`, `totalActiveMs`', 'time-figures'],
  ['## Runs and runIds', 'runs'],
  ['## `record`', 'record'],
  ['## `caliper.send`', 'caliper-send'],
  ['## The activity queue', 'queue'],
  ['### Stores', 'queue-redis'],
  ['### Serverless mode', 'queue-serverless'],
  ['### The handler on the queue', 'handler-queue'],
])('docs/activity.md "%s" runs as written', async (heading, name) => {
  const code = exampleUnder(heading).replace(
    /from '(@learnkit\/activity(?:\/\w+)?)'/g,
    (whole, specifier: string) => (SOURCES[specifier] ? `from '${SOURCES[specifier]}'` : whole),
  );
  mkdirSync(OUT, { recursive: true });
  const file = new URL(`${name}.ts`, OUT);
  writeFileSync(file, `${code}\nexport {};\n`);
  await expect(import(pathToFileURL(fileURLToPath(file)).href)).resolves.toBeDefined();
});
