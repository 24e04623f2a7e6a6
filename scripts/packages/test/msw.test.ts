// The mock's MSW handlers from the installed tarballs: `setupServer(...platform.handlers)` from ESM and from
// CommonJS, and msw as an optional peer (its types not required by a user of the loopback server alone).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TYPECHECK_CONFIGS, typecheck } from '../typecheck';
import { runToEnd, scratch, writeFiles } from './helpers';

/** Reads the seeded framework through the SDK, served by MSW: prints the document id it got. */
const program = (load: { msw: string; mock: string; sdk: string }) => `
${load.msw}
${load.mock}
${load.sdk}
async function main() {
  const platform = createMockPlatform();
  const server = setupServer(...platform.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const { partner } = platform.clients;
    const lk = new LearnKit({ baseUrl: platform.baseUrl, clientId: partner.clientId, clientSecret: partner.clientSecret, env: {} });
    const doc = await lk.case.documents.get(platform.fixtures.case.documentId);
    console.log(JSON.stringify({ sourcedId: doc.sourcedId, expected: platform.fixtures.case.documentId }));
  } finally {
    server.close();
    platform.close();
  }
}
main().catch((error) => { console.error(error); process.exitCode = 1; });
`;

describe('MSW handlers of @learnkit/mock', () => {
  it.each([
    {
      format: 'ESM',
      file: 'handlers.mjs',
      source: program({
        msw: "import { setupServer } from 'msw/node';",
        mock: "import { createMockPlatform } from '@learnkit/mock';",
        sdk: "import { LearnKit } from '@learnkit/sdk';",
      }),
    },
    {
      format: 'CommonJS',
      file: 'handlers.cjs',
      source: program({
        msw: "const { setupServer } = require('msw/node');",
        mock: "const { createMockPlatform } = require('@learnkit/mock');",
        sdk: "const { LearnKit } = require('@learnkit/sdk');",
      }),
    },
  ])('serve the SDK through setupServer(...platform.handlers) from $format', async ({ file, source }) => {
    const dir = writeFiles('msw-handlers', { [file]: source });
    const result = await runToEnd(process.execPath, [file], { cwd: dir });
    expect(result.stderr).toBe('');
    const { sourcedId, expected } = JSON.parse(result.stdout) as { sourcedId: string; expected: string };
    expect(sourcedId).toBe(expected);
  });

  it('explain how to install msw when it is missing and .handlers is read', async () => {
    const { noMsw } = scratch();
    const dir = writeFiles(
      'no-msw',
      {
        'handlers.mjs':
          "import { createMockPlatform } from '@learnkit/mock';\nconst platform = createMockPlatform();\ntry { platform.handlers; } catch (error) { console.log(error.message); } finally { platform.close(); }\n",
      },
      noMsw,
    );
    const result = await runToEnd(process.execPath, ['handlers.mjs'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/optional peer dependency msw .*Install msw/s);
  });

  // A user of the loopback server alone, without msw installed, compiles in every setup.
  const loopbackOnly = `
import { createMockPlatform } from '@learnkit/mock';

const platform = createMockPlatform();
const server = await platform.listen();
const response = await fetch(\`\${server.url}/ims/case/v1p1/CFDocuments\`);
console.log(response.status, platform.clients.partner.clientId);
await server.close();
`;

  it.each(TYPECHECK_CONFIGS.map((config) => ({ ...config })))(
    'type-check for a loopback-server user without msw installed ($name)',
    (config) => {
      const dir = join(scratch().noMsw, 'checks', `types-${config.name}`);
      mkdirSync(dir, { recursive: true });
      // CommonJS has no top-level await: the same code in an async function.
      const source =
        config.format === 'cjs'
          ? `import { createMockPlatform } from '@learnkit/mock';\nasync function main() {${loopbackOnly.split('\n').slice(2).join('\n')}}\nvoid main();\n`
          : loopbackOnly;
      const result = typecheck(dir, { 'loopback-only': source }, config);
      expect(result.errors).toEqual([]);
      expect(result.upstream).toBe(0);
    },
  );
});
