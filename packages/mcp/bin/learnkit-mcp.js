#!/usr/bin/env node
// The `learnkit-mcp` command. A committed file rather than dist/cli.js itself, so that pnpm can link the
// command on a fresh clone before anything is built (docs/decisions.md#d-pkg-mock-bin).
try {
  await import('../dist/cli.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli.js')) {
    console.error('learnkit-mcp: dist/cli.js is missing. In the LearnKit workspace, run `pnpm build` first.');
    process.exit(1);
  }
  throw error;
}
