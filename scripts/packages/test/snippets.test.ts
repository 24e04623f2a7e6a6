// Docs are tests: every ts/js code block of README.md, docs/*.md and packages/*/README.md, type-checked against
// the installed tarballs in every setup users compile with, and the runnable ones run against the mock and, for
// the blocks that use Redis, a real redis-server at REDIS_URL (docs/decisions.md#d-pkg-snippets,
// docs/decisions.md#d-docs-redis-server). The info strings are explained in scripts/packages/snippets.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../../packages/test-utils/src/redis';
import { collectSnippets, type Snippet, type SnippetChecks, typecheckSnippets } from '../snippets';
import { ROOT } from '../workspace';
import { runToEnd, scratch } from './helpers';

const snippets = collectSnippets(ROOT);
const checked = snippets.filter((snippet) => snippet.kind !== 'illustrative');
const runnable = snippets.filter((snippet) => snippet.kind === 'run');
/** The part of the installed mock's API the runner uses (the workspace root does not depend on the mock). */
type CreateMockPlatform = () => {
  listen(): Promise<{ url: string; close(): Promise<void> }>;
  close(): void;
  developerToken(): string;
  clients: { partner: { clientId: string; clientSecret: string } };
  fixtures: {
    application: { applicationId: string };
    case: { documentId: string };
    roster: { student: { sourcedId: string } };
  };
};
const where = (snippet: Snippet) => `${snippet.doc}:${snippet.line}`;

describe('the code blocks of the docs, against the installed tarballs', () => {
  let checks: SnippetChecks;

  // One synchronous type-check of every block in eight programs: 781 s for 122 blocks on the shared two-core machine
  // once React's, Vue's and Svelte's declarations joined them (docs/decisions.md#d-snippets-tsx-vue-svelte).
  beforeAll(() => {
    checks = typecheckSnippets(join(scratch().project, 'checks', 'snippets'), checked);
  }, 1_500_000);

  it('finds the code blocks of every guide', () => {
    expect(new Set(snippets.map((snippet) => snippet.doc)).size).toBeGreaterThan(10);
    expect(checked.length).toBeGreaterThan(50);
  });

  it('has no errors in the packages declarations or their dependencies', () => {
    expect(checks.libraries).toEqual([]);
  });

  it.each(checked.map((snippet) => [where(snippet), snippet] as const))(
    '%s type-checks as ESM and CJS with node10, node16 and bundler resolution',
    (_where, snippet) => {
      expect(checks.bySnippet.get(snippet.id) ?? [], `${where(snippet)}:\n${snippet.source}`).toEqual([]);
    },
  );

  describe('runnable blocks, against a loopback mock platform', () => {
    let env: NodeJS.ProcessEnv;
    let stop: () => Promise<void>;

    beforeAll(async () => {
      const { project } = scratch();
      const mockUrl = pathToFileURL(
        join(project, 'node_modules', '@learnkit', 'mock', 'dist', 'index.js'),
      ).href;
      const { createMockPlatform } = (await import(mockUrl)) as { createMockPlatform: CreateMockPlatform };
      const platform = createMockPlatform();
      const server = await platform.listen();
      // A real redis-server for the blocks that use Redis (the activity queue's store), at REDIS_URL.
      const redis: RedisServer = await startRedisServer({ persistent: true });
      const { partner } = platform.clients;
      env = {
        LEARNKIT_BASE_URL: server.url,
        LEARNKIT_CLIENT_ID: partner.clientId,
        LEARNKIT_CLIENT_SECRET: partner.clientSecret,
        LEARNKIT_APP_ID: platform.fixtures.application.applicationId,
        LEARNKIT_DOCUMENT_ID: platform.fixtures.case.documentId,
        LEARNKIT_STUDENT_ID: platform.fixtures.roster.student.sourcedId,
        // Not LEARNKIT_DEVELOPER_TOKEN: beside the client credentials it would make `new LearnKit()` ambiguous.
        DEVELOPER_TOKEN: platform.developerToken(),
        REDIS_URL: redis.url,
      };
      stop = async () => {
        platform.close();
        await server.close();
        await redis.stop();
      };
    });
    afterAll(() => stop?.());

    it.each(runnable.map((snippet) => [where(snippet), snippet] as const))(
      '%s runs to its end',
      async (_w, snippet) => {
        const dir = join(scratch().project, 'checks', 'snippets', 'run');
        mkdirSync(dir, { recursive: true });
        const js = ts.transpileModule(snippet.source, {
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        }).outputText;
        const file = join(dir, `${snippet.id}.mjs`);
        writeFileSync(file, js);
        const result = await runToEnd(process.execPath, [file], { cwd: dir, env, timeoutMs: 60_000 });
        expect(
          result.code,
          `${where(snippet)} exited ${result.code}:\n${result.stderr}\n${result.stdout}`,
        ).toBe(0);
      },
    );
  });
});
