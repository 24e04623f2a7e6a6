#!/usr/bin/env node
// The `learnkit` command: a committed file rather than dist/cli.js itself, so that pnpm can link the command on a
// fresh clone before anything is built (docs/decisions.md#d-pkg-mock-bin). Every tarball carries dist/. An unbuilt
// clone of the workspace runs the sources through tsx instead, so `npx learnkit studio` works right after
// `pnpm install` (docs/decisions.md#d-learnkit-command-unbuilt).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli.js', import.meta.url);
const source = new URL('../src/cli.ts', import.meta.url);
if (existsSync(built) || !existsSync(source)) {
  await import(built.href);
} else {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@learnkit/source',
      '--import',
      import.meta.resolve('tsx'),
      fileURLToPath(source),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
}
