// `npx learnkit ...` in a clone of the workspace that nothing has built yet: the command runs the sources
// (docs/decisions.md#d-learnkit-command-unbuilt). The bin file is copied beside links to the real sources and
// node_modules, so no dist/ is there however the repository itself stands.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const unbuilt = mkdtempSync(join(tmpdir(), 'learnkit-unbuilt-'));
mkdirSync(join(unbuilt, 'packages', 'sdk', 'bin'), { recursive: true });
copyFileSync(join(root, 'packages/sdk/bin/learnkit.js'), join(unbuilt, 'packages/sdk/bin/learnkit.js'));
symlinkSync(join(root, 'packages/sdk/src'), join(unbuilt, 'packages/sdk/src'));
symlinkSync(join(root, 'packages/sdk/package.json'), join(unbuilt, 'packages/sdk/package.json'));
symlinkSync(join(root, 'node_modules'), join(unbuilt, 'node_modules'));
afterAll(() => rmSync(unbuilt, { recursive: true, force: true }));

const learnkit = (...args: string[]) =>
  spawnSync(process.execPath, [join(unbuilt, 'packages/sdk/bin/learnkit.js'), ...args], {
    cwd: tmpdir(),
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('the learnkit command in an unbuilt workspace', () => {
  it('runs the sources: the version and the exit codes are the built command’s', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'packages/sdk/package.json'), 'utf8')) as {
      version: string;
    };
    const shown = learnkit('--version');
    expect(shown.stderr).toBe('');
    expect(shown.stdout.trim()).toBe(version);
    expect(shown.status).toBe(0);
    const refused = learnkit('frobnicate');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('unknown command "frobnicate"');
  });
});
