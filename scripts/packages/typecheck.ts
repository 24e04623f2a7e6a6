// Type-checks TypeScript files against the installed tarballs the way users compile: ESM and CommonJS, with
// node10, node16 and bundler resolution, `skipLibCheck: false` (so our declarations are checked too)
// (docs/decisions.md#d-pkg-typecheck-matrix).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One way users compile. */
export interface TypecheckConfig {
  name: 'esm-node16' | 'cjs-node16' | 'cjs-node10' | 'esm-bundler';
  format: 'esm' | 'cjs';
  options: ts.CompilerOptions;
}

const common: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  esModuleInterop: true,
  types: ['node'],
};

/** One setup: its name, output format, and module kind with its resolution. */
const setup = (
  name: TypecheckConfig['name'],
  format: TypecheckConfig['format'],
  module: ts.ModuleKind,
  moduleResolution: ts.ModuleResolutionKind,
): TypecheckConfig => ({ name, format, options: { ...common, module, moduleResolution } });

/** The four setups: node16 ESM and CJS, node10 (`module: commonjs`), bundler. */
export const TYPECHECK_CONFIGS: readonly TypecheckConfig[] = [
  setup('esm-node16', 'esm', ts.ModuleKind.Node16, ts.ModuleResolutionKind.Node16),
  setup('cjs-node16', 'cjs', ts.ModuleKind.Node16, ts.ModuleResolutionKind.Node16),
  setup('cjs-node10', 'cjs', ts.ModuleKind.CommonJS, ts.ModuleResolutionKind.Node10),
  setup('esm-bundler', 'esm', ts.ModuleKind.ESNext, ts.ModuleResolutionKind.Bundler),
];

/**
 * msw 2's own CommonJS declarations import ESM-only packages (`rettime`, `type-fest`), which TypeScript refuses
 * under `module: node16` (TS1479) whoever imports msw: an upstream defect (msw 3, which fixes its packaging,
 * needs Node 22). Those diagnostics, in msw's own files, in that one setup, are reported apart from the rest
 * (docs/decisions.md#d-pkg-msw-types).
 */
export function isUpstreamMswDefect(config: TypecheckConfig, diagnostic: ts.Diagnostic): boolean {
  return (
    config.name === 'cjs-node16' &&
    diagnostic.code === 1479 &&
    /[\\/]node_modules[\\/]msw[\\/]/.test(diagnostic.file?.fileName ?? '')
  );
}

/** A diagnostic as one line: `file:line:col TSxxxx message`. */
export function formatDiagnostic(diagnostic: ts.Diagnostic, base: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file) return `TS${diagnostic.code} ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const file = diagnostic.file.fileName.startsWith(base)
    ? diagnostic.file.fileName.slice(base.length + 1)
    : diagnostic.file.fileName;
  return `${file}:${line + 1}:${character + 1} TS${diagnostic.code} ${message}`;
}

/** What one setup found. */
export interface TypecheckResult {
  config: TypecheckConfig;
  /** Every diagnostic but the upstream msw ones, formatted. */
  errors: string[];
  /** Diagnostics by file (relative to the folder), for reporting per snippet. */
  byFile: Map<string, string[]>;
  /** The upstream msw diagnostics that were set apart (see {@link isUpstreamMswDefect}). */
  upstream: number;
}

/**
 * Writes `files` (name without extension -> source) into `dir` with the setup's extension (`.mts`/`.cts`, or
 * `.mjs`/`.cjs` with `language: 'js'`) and type-checks them together in one program; `dir` must sit inside the
 * project whose node_modules they import. `extra` adds compiler options (JavaScript checking, global types, JSX).
 * A name ending in `.tsx` keeps it: TSX has no `.mtsx`/`.ctsx`, so a `.tsx` file is ESM in the (ESM) scratch project
 * and CommonJS in a CommonJS setup through a `package.json` of `"type": "commonjs"` written into `dir`.
 */
export function typecheck(
  dir: string,
  files: Record<string, string>,
  config: TypecheckConfig,
  { language = 'ts', extra = {} }: { language?: 'ts' | 'js'; extra?: ts.CompilerOptions } = {},
): TypecheckResult {
  const extension = `.${config.format === 'esm' ? 'm' : 'c'}${language}`;
  const tsx = Object.keys(files).some((name) => name.endsWith('.tsx'));
  if (tsx && config.format === 'cjs') writeFileSync(join(dir, 'package.json'), '{ "type": "commonjs" }\n');
  const roots = Object.entries(files).map(([name, source]) => {
    const path = join(dir, name.endsWith('.tsx') ? name : `${name}${extension}`);
    writeFileSync(path, source);
    return path;
  });
  // Resolve from `dir` (its node_modules, its @types), never from the directory this process runs in.
  const options = { ...config.options, ...extra };
  const host = ts.createCompilerHost(options);
  host.getCurrentDirectory = () => dir;
  const program = ts.createProgram(roots, options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const errors: string[] = [];
  const byFile = new Map<string, string[]>();
  let upstream = 0;
  for (const diagnostic of diagnostics) {
    if (isUpstreamMswDefect(config, diagnostic)) {
      upstream++;
      continue;
    }
    const line = formatDiagnostic(diagnostic, dir);
    errors.push(line);
    const file = diagnostic.file?.fileName.startsWith(dir)
      ? diagnostic.file.fileName.slice(dir.length + 1).replace(/\.([mc][jt]s|tsx)$/, '')
      : '(libraries)';
    byFile.set(file, [...(byFile.get(file) ?? []), line]);
  }
  return { config, errors, byFile, upstream };
}
