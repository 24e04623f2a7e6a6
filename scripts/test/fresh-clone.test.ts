// A fresh clone is all a user has: no folder beside it, nothing built yet. These checks read the tracked files
// only (`git ls-files`), so they hold for the clone, not for this machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
const code = tracked.filter((file) => /\.(c|m)?[jt]s$/.test(file) && !file.includes('/generated/'));

/**
 * The `..` steps of a path built on the file's own folder (`join(import.meta.dirname, '..', 'x')`,
 * `new URL('../x', import.meta.url)`, `resolve(__dirname, '../..')`), per line.
 */
function upwardSteps(line: string): number | undefined {
  if (!/import\.meta\.(dirname|url|filename)|__dirname|__filename/.test(line)) return undefined;
  const literals = [...line.matchAll(/'([^']*)'|"([^"]*)"|`([^`$]*)`/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
  return literals.flatMap((text) => text.split('/')).filter((part) => part === '..').length;
}

describe('a fresh clone', () => {
  it('needs nothing outside the repository: no file reads a folder beside it', () => {
    const escaping: string[] = [];
    for (const file of code) {
      const depth = file.split('/').length - 1;
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const steps = upwardSteps(line);
          const named = /\/work\/|\.\.\/shared\b|'shared',\s*'(spec|data)'/.test(line);
          if (named || (steps !== undefined && steps > depth))
            escaping.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(escaping).toEqual([]);
  });

  it('has every command of a package.json `bin` as a tracked file, so pnpm links it before any build', () => {
    const missing: string[] = [];
    for (const manifestPath of tracked.filter((file) =>
      /^(packages|examples)\/[^/]+\/package\.json$/.test(file),
    )) {
      const manifest = JSON.parse(readFileSync(join(root, manifestPath), 'utf8')) as {
        bin?: string | Record<string, string>;
      };
      const dir = manifestPath.slice(0, -'package.json'.length);
      const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
      for (const bin of bins) {
        const file = join(dir, bin).replace(/\\/g, '/');
        if (!tracked.includes(file)) missing.push(`${manifestPath}: ${bin} (pnpm: "Failed to create bin")`);
      }
    }
    expect(missing).toEqual([]);
  });
});
