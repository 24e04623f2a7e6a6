// The scratch project every package check shares (docs/decisions.md#d-pkg-scratch-project): the public packages
// packed with pnpm (so `workspace:^` becomes a real range, as on the registry), installed with npm from the
// tarballs (not workspace links) into a folder outside the repository, so nothing resolves from the workspace's
// node_modules by accident. Prepared once per run; reinstalled only when a tarball or the pins changed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '../../packages/test-utils/src/process';
import { packageManager, pinnedVersion, publicPackages, ROOT } from './workspace';

/** Third-party packages the smoke tests and the docs' snippets import, installed at the workspace's pins. */
export const THIRD_PARTY = [
  'msw',
  'express',
  '@types/express',
  'hono',
  '@hono/node-server',
  'ioredis',
  'vitest',
  '@types/node',
  // docs/core.md#behind-a-proxy (undici's fetch and ProxyAgent); pinned by the SDK's proxy test.
  'undici',
  // The framework entries of @learnkit/activity (optional peers), pinned by its tests: imported and rendered on the
  // server, their docs' blocks type-checked, the examples built with Vite (docs/decisions.md#d-framework-packed-examples).
  'react',
  'react-dom',
  '@types/react',
  '@types/react-dom',
  'vue',
  'svelte',
  'vite',
  '@vitejs/plugin-react',
  '@vitejs/plugin-vue',
] as const;

/**
 * React 18, the other major `@learnkit/activity/react` supports, in a project of its own (`react-18/`): pnpm links
 * one react for a package, npm installs this one as a user of React 18 has it (docs/decisions.md#d-framework-react-18).
 */
export const REACT_18: Readonly<Record<string, string>> = { react: '18.3.1', 'react-dom': '18.3.1' };

/**
 * Packages only the docs' snippets use (no workspace package depends on them), pinned here: pino in the logging
 * example, Jest's types for the Jest example, OpenTelemetry in the observability guide
 * (docs/decisions.md#d-pkg-snippets, docs/decisions.md#d-transport-hooks).
 */
export const DOCS_ONLY: Readonly<Record<string, string>> = {
  pino: '10.4.0',
  '@types/jest': '30.0.0',
  '@opentelemetry/api': '1.9.1',
  '@opentelemetry/sdk-trace-base': '2.12.1',
  '@opentelemetry/sdk-metrics': '2.12.1',
};

/** One packed package. */
export interface Tarball {
  name: string;
  folder: string;
  version: string;
  file: string;
  bytes: number;
}

/** Where everything is: tarballs, the full project, the project without msw. */
export interface Scratch {
  dir: string;
  tarballs: Tarball[];
  /** Every public package and {@link THIRD_PARTY}. */
  project: string;
  /** `@learnkit/mock` alone with `@types/node`: msw is an optional peer, so it must work without it. */
  noMsw: string;
  /** `@learnkit/activity` with React 18 ({@link REACT_18}), Vite and its React plugin. */
  react18: string;
}

/** The scratch folder of this checkout (one per repository path, so several checkouts never share one). */
export const scratchDir = (): string =>
  process.env.LEARNKIT_SCRATCH_DIR ??
  join(tmpdir(), `learnkit-packages-${createHash('sha256').update(ROOT).digest('hex').slice(0, 10)}`);

/** Runs a command; resolves with its output, rejects with the output's tail when it fails. */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = { cwd: ROOT },
): Promise<{ stdout: string; stderr: string }> {
  const { code, signal, stdout, stderr, error } = await runProcess(command, args, {
    cwd: options.cwd,
    env: { ...process.env, npm_config_update_notifier: 'false', ...options.env },
    timeoutMs: options.timeoutMs ?? 300_000,
  });
  if (error) throw error;
  if (code === 0) return { stdout, stderr };
  throw new Error(
    `${command} ${args.join(' ')} failed (${code ?? signal}) in ${options.cwd}:\n${(stderr || stdout).trim().slice(-2000)}`,
  );
}

/** pnpm, as the running script was started with it (`npm_execpath`), else the pinned one through npx. */
function pnpmCommand(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return [process.execPath, [execPath]];
  return [process.platform === 'win32' ? 'npx.cmd' : 'npx', ['-y', packageManager()]];
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Packs every public package into `<dir>/tarballs` with pnpm; fails when a package has not been built. */
export async function packAll(dir: string): Promise<Tarball[]> {
  const packages = publicPackages();
  const unbuilt = packages.filter((pkg) => !existsSync(join(pkg.dir, 'dist')));
  if (unbuilt.length > 0) {
    throw new Error(
      `The package checks run on the packed packages; ${unbuilt.map((p) => p.manifest.name).join(', ')} has no dist/. Run \`pnpm build\` first.`,
    );
  }
  const out = join(dir, 'tarballs');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const [pnpm, prefix] = pnpmCommand();
  await Promise.all(
    packages.map((pkg) => run(pnpm, [...prefix, 'pack', '--pack-destination', out], { cwd: pkg.dir })),
  );
  return packages.map((pkg) => {
    const { name, version } = pkg.manifest;
    const file = join(out, `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
    return { name, folder: pkg.folder, version, file, bytes: statSync(file).size };
  });
}

/**
 * Writes `<dir>/package.json` with `dependencies` and installs it with npm, unless the same manifest and the same
 * tarballs were installed last time. `overrides` pins every `@learnkit/*` to its tarball, so a dependency between
 * them never reaches for the registry.
 */
async function installProject(dir: string, dependencies: Record<string, string>, tarballs: Tarball[]) {
  mkdirSync(dir, { recursive: true });
  const learnkit = Object.keys(dependencies).filter((name) => name.startsWith('@learnkit/'));
  const manifest = {
    name: `learnkit-scratch-${dir.split(/[\\/]/).at(-1)}`,
    private: true,
    description:
      'Written by scripts/packages/scratch.ts: the packed LearnKit packages, installed as a user would.',
    type: 'module',
    dependencies,
    overrides: Object.fromEntries(learnkit.map((name) => [name, `$${name}`])),
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const hash = createHash('sha256').update(text);
  for (const tarball of tarballs) hash.update(readFileSync(tarball.file));
  const stamp = hash.digest('hex');
  const stampFile = join(dir, '.installed');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;

  writeFileSync(join(dir, 'package.json'), text);
  // A tarball's version does not change between builds: drop the installed copies so npm reads the new ones.
  rmSync(join(dir, 'node_modules', '@learnkit'), { recursive: true, force: true });
  rmSync(join(dir, 'node_modules', '.package-lock.json'), { force: true });
  rmSync(stampFile, { force: true });
  await run(npm, ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], {
    cwd: dir,
    timeoutMs: 600_000,
  });
  writeFileSync(stampFile, stamp);
}

/** The tarball of `name` and of every `@learnkit/*` package it depends on, directly or not. */
function closureOf(name: string, tarballs: Tarball[]): Tarball[] {
  const found = new Map<string, Tarball>();
  const visit = (wanted: string) => {
    if (found.has(wanted)) return;
    const tarball = tarballs.find((t) => t.name === wanted);
    if (!tarball) throw new Error(`${wanted} was not packed`);
    found.set(wanted, tarball);
    const manifest = JSON.parse(
      readFileSync(join(ROOT, 'packages', tarball.folder, 'package.json'), 'utf8'),
    ) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      if (dependency.startsWith('@learnkit/')) visit(dependency);
    }
  };
  visit(name);
  return [...found.values()];
}

/** Packs, then installs the scratch projects (see {@link Scratch}); safe to call again, cheap when nothing changed. */
export async function prepareScratch(dir = scratchDir()): Promise<Scratch> {
  mkdirSync(dir, { recursive: true });
  const tarballs = await packAll(dir);
  const fileDep = (tarball: Tarball) => `file:${tarball.file}`;
  const project = join(dir, 'project');
  await installProject(
    project,
    {
      ...Object.fromEntries(tarballs.map((t) => [t.name, fileDep(t)])),
      ...Object.fromEntries(THIRD_PARTY.map((name) => [name, pinnedVersion(name)])),
      ...DOCS_ONLY,
    },
    tarballs,
  );
  // The mock and the LearnKit packages it depends on (npm cannot fetch those: they are not published yet).
  const withMock = closureOf('@learnkit/mock', tarballs);
  const noMsw = join(dir, 'no-msw');
  await installProject(
    noMsw,
    {
      ...Object.fromEntries(withMock.map((t) => [t.name, fileDep(t)])),
      '@types/node': pinnedVersion('@types/node'),
    },
    withMock,
  );
  const withActivity = closureOf('@learnkit/activity', tarballs);
  const react18 = join(dir, 'react-18');
  await installProject(
    react18,
    {
      ...Object.fromEntries(withActivity.map((t) => [t.name, fileDep(t)])),
      ...REACT_18,
      ...Object.fromEntries(['vite', '@vitejs/plugin-react'].map((name) => [name, pinnedVersion(name)])),
    },
    withActivity,
  );
  return { dir, tarballs, project, noMsw, react18 };
}
