// What a tarball holds and declares, package by package: what the registry page shows and what `npm install`
// gives a user (docs/decisions.md#d-pkg-tarball-contents).
import { readFileSync } from 'node:fs';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { problemKindInfo } from '@arethetypeswrong/core/problems';
import { unpack } from '@publint/pack';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, inject, it } from 'vitest';
import { REPOSITORY_URL, TARBALL_BUDGETS } from '../budgets';
import type { PackageManifest } from '../workspace';

const { tarballs } = inject('scratch');

async function contents(file: string) {
  const data = new Uint8Array(readFileSync(file));
  const { files, rootDir } = await unpack(data);
  const byName = new Map(files.map((f) => [f.name.slice(rootDir.length + 1), f.data]));
  const text = (name: string) => new TextDecoder().decode(byName.get(name));
  const manifest = JSON.parse(text('package.json')) as PackageManifest;
  return { data, names: [...byName.keys()].sort(), text, manifest };
}

describe.each(tarballs)('$name tarball', (tarball) => {
  it('is within its size budget, without source maps or sources', async () => {
    const { names } = await contents(tarball.file);
    const budget = TARBALL_BUDGETS[tarball.name] ?? TARBALL_BUDGETS.default!;
    expect(
      tarball.bytes,
      `${tarball.name} packs to ${tarball.bytes} B, over its budget of ${budget} B`,
    ).toBeLessThan(budget);
    expect(names.filter((name) => name.endsWith('.map') || name.startsWith('src/'))).toEqual([]);
  });

  it('ships the MIT LICENSE of the LearnKit contributors', async () => {
    const { names, text, manifest } = await contents(tarball.file);
    expect(names).toContain('LICENSE');
    expect(text('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} LearnKit contributors\n/);
    expect(manifest.license).toBe('MIT');
  });

  it('names its repository, home page, issue tracker and keywords', async () => {
    const { manifest } = await contents(tarball.file);
    expect(manifest.repository).toEqual({
      type: 'git',
      url: `git+${REPOSITORY_URL}.git`,
      directory: `packages/${tarball.folder}`,
    });
    expect(manifest.homepage).toBe(`${REPOSITORY_URL}/tree/main/packages/${tarball.folder}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPOSITORY_URL}/issues` });
    expect(manifest.keywords).toEqual(expect.arrayContaining(['learnkit']));
  });

  it('has a README whose links resolve on the registry page', async () => {
    const { names, text } = await contents(tarball.file);
    expect(names).toContain('README.md');
    // [text](target) and <a href="target">: a relative target would point into the registry, not the repository.
    const links = [...text('README.md').matchAll(/\]\(([^)\s]+)[^)]*\)|href="([^"]+)"/g)].map(
      (m) => m[1] ?? m[2]!,
    );
    const dead = links.filter(
      (link) => !/^(https?:|mailto:|#)/.test(link) && !names.includes(link.replace(/^\.\//, '')),
    );
    expect(dead, 'relative links to files that are not in the tarball').toEqual([]);
  });

  it('gives its runtime dependencies caret ranges, never an exact pin', async () => {
    const { manifest } = await contents(tarball.file);
    const notCaret = Object.entries(manifest.dependencies ?? {}).filter(
      ([, range]) => !/^\^\d+\.\d+\.\d+$/.test(range),
    );
    expect(notCaret, 'dependencies a user cannot dedupe with their own copy').toEqual([]);
  });

  it('names only files that are in it (exports, imports, main, types, bin), no workspace-only condition', async () => {
    const { names, manifest } = await contents(tarball.file);
    const targets: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') targets.push(value);
      else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
    };
    for (const field of ['exports', 'imports', 'main', 'module', 'types', 'bin', 'typesVersions'])
      walk(manifest[field]);
    const files = targets.filter((target) => target.startsWith('./')).map((target) => target.slice(2));
    expect(files.filter((file) => !file.endsWith('/') && !names.includes(file))).toEqual([]);
    expect(JSON.stringify(manifest)).not.toContain('@learnkit/source');
  });

  it('passes publint --strict', async () => {
    const { data, manifest } = await contents(tarball.file);
    const { messages, pkg } = await publint({
      pack: { tarball: data.buffer as ArrayBuffer },
      strict: true,
      level: 'suggestion',
    });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg ?? manifest) ?? m.code}`)).toEqual([]);
  });

  it('has types for every entry point under node10, node16 (CJS and ESM) and bundler resolution', async () => {
    const { data } = await contents(tarball.file);
    const result = await checkPackage(createPackageFromTarballData(data));
    expect(result.types, 'no types found').not.toBe(false);
    const problems = 'problems' in result ? result.problems : [];
    expect(
      problems.map((problem) => {
        const where = 'entrypoint' in problem ? `${problem.entrypoint} (${problem.resolutionKind})` : '';
        return `${problemKindInfo[problem.kind].emoji} ${problemKindInfo[problem.kind].title} ${where}`.trim();
      }),
    ).toEqual([]);
  });
});

describe('@learnkit/mock tarball', () => {
  it('holds the platform once per format and the CLI as one ESM file, with no copy of its own', async () => {
    const mock = tarballs.find((t) => t.name === '@learnkit/mock')!;
    const { names, text, manifest } = await contents(mock.file);
    const code = names.filter((name) => /\.(c?js|mjs)$/.test(name));
    // The platform's factory: one ESM module and the CommonJS bundle, not again inside CLI bundles.
    expect(code.filter((name) => text(name).includes('function createMockPlatform('))).toHaveLength(2);
    expect(names.filter((name) => /cli\.c(js|ts)$/.test(name))).toEqual([]);
    const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['learnkit-mock'];
    expect(names).toContain(bin?.replace(/^\.\//, ''));
  });
});
