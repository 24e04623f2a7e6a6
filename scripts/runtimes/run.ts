// `pnpm test:runtimes`: smoke tests of the PACKED packages (token, a CASE read, an LTI launch, verifyWebhook, the webhook handler, a
// Caliper send, and CommonJS on Node) on Node 20 (this process's node), Node 22 and 24, Bun, Deno, and workerd (the
// Cloudflare Workers runtime) without and with `nodejs_compat` (docs/decisions.md#d-pkg-runtime-matrix,
// docs/decisions.md#d-workerd-runtime).
//
// - The packages are packed and installed with npm into the scratch project the package tests share
//   (scripts/packages/scratch.ts; run `pnpm build` first): every runtime imports `@learnkit/*` as a user would,
//   from node_modules, never from the workspace's dist folders.
// - Runtimes come from the npm registry, as packages that ship the binary (`node`, `bun`, `deno`; versions in
//   versions.json), installed with npm into `.runtimes/` (a cache that ignores itself in git) on first use.
// - The mock platform, from the same tarballs, runs here on Node 20 on a loopback port; only the client side runs
//   on each runtime.
// - workerd comes with Miniflare (the `miniflare` package, which ships it; versions.json). The smoke checks run inside
//   a Worker (worker.mjs): bundled from the scratch project with esbuild as wrangler bundles (conditions `workerd`,
//   `worker`, `browser`; `node:` modules left to workerd only under `nodejs_compat`), started by Miniflare in this
//   process, and sent one request; the Worker calls the loopback mock with its own fetch.
//
// Usage: tsx scripts/runtimes/run.ts [--only node20,bun,workerd,workerd-nodejs_compat] [--no-install]
// Prints one line per runtime (pass/fail, version, time, failures) and exits 1 when any runtime fails.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { runProcess } from '../../packages/test-utils/src/process';
import { timeSpentInput } from '../../packages/test-utils/src/samples';
import { prepareScratch } from '../packages/scratch';

const cacheDir = fileURLToPath(new URL('../../.runtimes/', import.meta.url));
const versions = JSON.parse(readFileSync(new URL('./versions.json', import.meta.url), 'utf8')) as Record<
  string,
  // compatibilityDate: workerd's only, the date its Workers run at.
  { package: string; version: string; bin: string; compatibilityDate?: string }
>;

/** The part of the installed mock this script uses. */
interface SmokePlatform {
  listen(): Promise<{ url: string; close(): Promise<void> }>;
  close(): void;
  clients: { partner: { clientId: string; clientSecret: string }; application: { clientId: string } };
  fixtures: {
    roster: { student: { sourcedId: string; email: string } };
    case: { documentId: string };
  };
  state: { tokens: unknown[]; caliperEvents: unknown[] };
  lti: {
    issuer: string;
    launch(input: {
      user: string;
      targetLinkUri: string;
      claims?: Record<string, unknown>;
    }): Promise<{ idToken: string }>;
  };
}

/** One check of the smoke test, and the runtime's whole report (one JSON line on stdout). */
interface Check {
  name: string;
  ok: boolean;
  ms: number;
  detail: string;
}
interface Report {
  ok: boolean;
  runtime?: string;
  checks: Check[];
  error?: string;
  ms: number;
}

const tty = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code: number) => (text: string) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);
const green = paint(32);
const red = paint(31);
const dim = paint(2);

const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex === -1 ? undefined : new Set(args[onlyIndex + 1]?.split(',') ?? []);
const install = !args.includes('--no-install');

/** One row of the matrix: a runtime binary that runs smoke.mjs, or (`worker`) workerd running worker.mjs. */
interface Runtime {
  name: string;
  label: string;
  /** The versions.json entry to install (default: `name`). */
  install?: string;
  bin?: string;
  args: string[];
  /** A workerd row: the compatibility flags of its Worker. */
  worker?: { flags: string[] };
}

const RUNTIMES: Runtime[] = [
  { name: 'node20', label: 'Node 20', bin: process.execPath, args: [] },
  ...['node22', 'node24'].map((name) => ({ name, label: `Node ${name.slice(4)}`, args: [] })),
  { name: 'bun', label: 'Bun', args: ['run'] },
  // Deno: network to the loopback mock, reading node_modules, and the LEARNKIT_SMOKE variable; nothing else.
  { name: 'deno', label: 'Deno', args: ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-env'] },
  // workerd as a Worker runs by default, with fetch and Web Crypto and no node: modules; then with Node.js
  // compatibility, as many Workers are deployed.
  { name: 'workerd', label: 'workerd', install: 'workerd', args: [], worker: { flags: [] } },
  {
    name: 'workerd-nodejs_compat',
    label: 'workerd nodejs_compat',
    install: 'workerd',
    args: [],
    worker: { flags: ['nodejs_compat'] },
  },
].filter((runtime) => !only || only.has(runtime.name));

/** The folder of a registry runtime's install in the cache. */
function runtimeDir(name: string): string {
  return `${cacheDir}${name}-${versions[name]!.version}`;
}

/** The binary of a registry runtime, installed into .runtimes/<name>-<version>/ when it is not there yet. */
function ensureRuntime(name: string): string {
  const { package: pkg, version, bin } = versions[name]!;
  const dir = runtimeDir(name);
  const path = `${dir}/node_modules/.bin/${bin}`;
  if (existsSync(path)) return path;
  if (!install)
    throw new Error(`${pkg}@${version} is not installed in .runtimes/ (run without --no-install)`);
  mkdirSync(dir, { recursive: true });
  // The cache never reaches git, whatever the repository's .gitignore says.
  writeFileSync(`${cacheDir}.gitignore`, '*\n');
  writeFileSync(
    `${dir}/package.json`,
    `${JSON.stringify({ private: true, description: 'runtime cache' })}\n`,
  );
  process.stdout.write(dim(`  installing ${pkg}@${version} from the npm registry...\n`));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', `${pkg}@${version}`],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } },
  );
  if (result.status !== 0 || !existsSync(path)) {
    throw new Error(
      `npm install ${pkg}@${version} failed: ${(result.stderr || result.stdout || '').trim().slice(-500)}`,
    );
  }
  return path;
}

/** Runs the smoke test on one runtime; resolves with its parsed report (or a failure report). */
async function runSmoke(bin: string, runtimeArgs: string[], env: Record<string, string>): Promise<Report> {
  const { code, signal, stdout, stderr, ms, error } = await runProcess(bin, [...runtimeArgs, smoke], {
    cwd: project,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    // A runtime that hangs fails after a minute instead of blocking CI.
    timeoutMs: 60_000,
  });
  if (error) return { ok: false, runtime: bin, checks: [], error: error.message, ms };
  const line = stdout.trim().split('\n').at(-1) ?? '';
  let report: Omit<Report, 'ms'>;
  try {
    report = JSON.parse(line) as Omit<Report, 'ms'>;
  } catch {
    report = {
      ok: false,
      checks: [],
      error: (stderr || stdout || `exit ${code ?? signal}`).trim().slice(-800),
    };
  }
  if (code !== 0) report.ok = false;
  if (!report.ok && !report.error && stderr.trim()) report.error = stderr.trim().slice(-800);
  return { ...report, ms };
}

/** The part of Miniflare's API this script uses (miniflare is installed in .runtimes/, not in the workspace). */
interface MiniflareInstance {
  dispatchFetch(url: string): Promise<{ status: number; text(): Promise<string> }>;
  dispose(): Promise<void>;
}
type MiniflareClass = new (options: {
  modules: boolean;
  scriptPath: string;
  modulesRoot: string;
  compatibilityDate: string;
  compatibilityFlags: string[];
  bindings: Record<string, string>;
}) => MiniflareInstance;

/**
 * Runs the smoke checks in workerd: bundles worker.mjs (with smoke.mjs and the installed packages) for a Worker as
 * wrangler does, starts it with Miniflare from the runtime cache, sends it one request and reads the report it
 * responds. A bundle that cannot be built, or a Worker that does not load, is the runtime's failure.
 */
async function runWorker(flags: string[], env: Record<string, string>): Promise<Report> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const compat = flags.includes('nodejs_compat');
  const script = join(scratch.dir, `runtime-worker${compat ? '-nodejs_compat' : ''}.mjs`);
  try {
    await build({
      entryPoints: [workerEntry],
      absWorkingDir: project,
      outfile: script,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      conditions: ['workerd', 'worker', 'browser'],
      // As wrangler: under nodejs_compat workerd provides the node: modules; without it a Worker has none.
      external: compat ? ['node:*'] : [],
      logLevel: 'silent',
    });
  } catch (error) {
    return {
      ok: false,
      checks: [],
      error: `bundling the Worker failed: ${(error as Error).message}`,
      ms: elapsed(),
    };
  }
  const dir = runtimeDir('workerd');
  const require = createRequire(join(dir, 'package.json'));
  const { version } = require('workerd/package.json') as { version: string };
  const { Miniflare } = (await import(pathToFileURL(require.resolve('miniflare')).href)) as {
    Miniflare: MiniflareClass;
  };
  let worker: MiniflareInstance | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    worker = new Miniflare({
      modules: true,
      scriptPath: script,
      // Module names are paths relative to this (workerd refuses a name that climbs out of it with `..`).
      modulesRoot: scratch.dir,
      compatibilityDate: versions.workerd!.compatibilityDate!,
      compatibilityFlags: flags,
      bindings: { LEARNKIT_SMOKE: env.LEARNKIT_SMOKE! },
    });
    // A Worker that hangs fails after a minute, as a runtime process does.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no response from the Worker within 60 s')), 60_000);
    });
    const response = await Promise.race([worker.dispatchFetch('http://localhost/'), timeout]);
    const text = await response.text();
    try {
      const report = JSON.parse(text) as Omit<Report, 'ms'>;
      return { ...report, runtime: `workerd ${version}`, ms: elapsed() };
    } catch {
      return {
        ok: false,
        checks: [],
        error: `${response.status}: ${text.trim().slice(-800)}`,
        ms: elapsed(),
      };
    }
  } catch (error) {
    return {
      ok: false,
      checks: [],
      error: String((error as Error).message ?? error).slice(-800),
      ms: elapsed(),
    };
  } finally {
    clearTimeout(timer);
    // A Worker that failed to start fails dispose() with the same error, already reported.
    await worker?.dispose().catch(() => undefined);
  }
}

// The smoke test runs from inside the scratch project, so every runtime resolves `@learnkit/*` from its
// node_modules; the mock is the installed tarball's too.
const scratch = await prepareScratch();
const project = scratch.project;
const smoke = join(project, 'runtime-smoke.mjs');
copyFileSync(fileURLToPath(new URL('./smoke.mjs', import.meta.url)), smoke);
const workerEntry = join(project, 'runtime-worker.mjs');
copyFileSync(fileURLToPath(new URL('./worker.mjs', import.meta.url)), workerEntry);
const mockEntry = pathToFileURL(join(project, 'node_modules', '@learnkit', 'mock', 'dist', 'index.js')).href;
const { createMockPlatform } = (await import(mockEntry)) as { createMockPlatform: () => SmokePlatform };
const platform = createMockPlatform();
const server = await platform.listen();
const { partner } = platform.clients;
const { roster, case: framework } = platform.fixtures;
// One LTI launch every runtime verifies (each in its own process, so each sees its nonce once); valid for an hour,
// longer than the whole matrix takes.
const launch = await platform.lti.launch({
  user: roster.student.sourcedId,
  targetLinkUri: 'https://app.example.com/launch',
  claims: { exp: Math.floor(Date.now() / 1000) + 3600 },
});
const env = {
  LEARNKIT_SMOKE: JSON.stringify({
    baseUrl: server.url,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    documentId: framework.documentId,
    studentId: roster.student.sourcedId,
    studentEmail: roster.student.email,
    lti: {
      idToken: launch.idToken,
      issuer: platform.lti.issuer,
      audience: platform.clients.application.clientId,
    },
    timeSpent: timeSpentInput({
      baseUrl: server.url,
      student: roster.student,
      app: { name: 'Runtime matrix' },
      activity: { id: 'runtime-smoke', name: 'Runtime smoke' },
    }),
  }),
};

console.log(
  `Runtime matrix: smoke tests of the packed packages (${project}) against the mock at ${server.url}\n`,
);
let failed = 0;
const labelWidth = Math.max(...RUNTIMES.map((runtime) => runtime.label.length));
try {
  for (const runtime of RUNTIMES) {
    let report: Report | undefined;
    let bin = runtime.bin;
    try {
      bin ??= ensureRuntime(runtime.install ?? runtime.name);
    } catch (error) {
      report = { ok: false, runtime: runtime.label, checks: [], error: (error as Error).message, ms: 0 };
    }
    const tokensBefore = platform.state.tokens.length;
    const eventsBefore = platform.state.caliperEvents.length;
    report ??= runtime.worker
      ? await runWorker(runtime.worker.flags, env)
      : await runSmoke(bin!, runtime.args, env);
    // What the platform saw: the runtime really made its token requests and its Caliper send.
    if (report.ok) {
      const tokens = platform.state.tokens.length - tokensBefore;
      const events = platform.state.caliperEvents.length - eventsBefore;
      if (tokens < 1 || events !== 1) {
        report.ok = false;
        report.error = `the platform saw ${tokens} token(s) and ${events} Caliper event(s) from this runtime`;
      }
    }
    if (!report.ok) failed++;
    const passed = report.checks.filter((c) => c.ok).map((c) => c.name);
    const mark = report.ok ? green('✓ pass') : red('✗ FAIL');
    const name = `${runtime.label.padEnd(labelWidth)} ${dim((report.runtime ?? '').padEnd(20))}`;
    console.log(`  ${mark}  ${name} ${String(report.ms).padStart(5)} ms  ${passed.join(', ')}`);
    for (const c of report.checks.filter((c) => !c.ok)) console.log(`           ${red(c.name)}: ${c.detail}`);
    if (report.error) console.log(`           ${red(report.error.split('\n').join('\n           '))}`);
  }
} finally {
  platform.close();
  await server.close();
}

console.log(
  failed === 0
    ? `\n${green('✓')} ${RUNTIMES.length} runtime(s) passed`
    : `\n${red('✗')} ${failed} of ${RUNTIMES.length} runtime(s) failed`,
);
process.exitCode = failed === 0 ? 0 : 1;
