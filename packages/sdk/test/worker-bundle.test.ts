import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// A Cloudflare Worker gets the SDK through a bundler: esbuild with the conditions wrangler uses (`workerd`,
// `worker`, `browser`) for a runtime without Node's built-in modules (docs/decisions.md#d-activity-lazy-node-builtins).
// An `import('node:fs/promises')` anywhere in the SDK, even one never called, fails that build. The runtime matrix
// runs the packed packages in workerd itself (scripts/runtimes/run.ts); this is the same check on the sources.
describe('@learnkit/sdk in a Worker bundle', () => {
  it('bundles for workerd without nodejs_compat: no node: module imported, statically or dynamically', async () => {
    const result = await build({
      stdin: {
        contents: "export { LearnKit, createWebhookHandler, verifyWebhook } from '@learnkit/sdk';",
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        loader: 'js',
      },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      conditions: ['@learnkit/source', 'workerd', 'worker', 'browser'],
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]!.text;
    expect(text).toMatch(/\bLearnKit = class\b/);
    expect(text.match(/(?:\bimport\s*\(|\bfrom|\brequire\s*\()\s*["']node:[^"']+["']/g) ?? []).toEqual([]);
  }, 60_000);
});
