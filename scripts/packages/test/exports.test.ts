// Every export of every entry point, imported from the installed tarballs with ESM `import` and CommonJS
// `require`, against what the package's declarations promise.
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportedSpecifiers, installedManifest, runToEnd, scratch, writeFiles } from './helpers';

/** One export as the runtime sees it: its kind, and for a class its `name` and the name `util.inspect` prints. */
type Seen = Record<string, Record<string, { type: string; className?: string }>>;

const describeExports = `
const seen = {};
function record(specifier, module) {
  const entry = (seen[specifier] = {});
  for (const [key, value] of Object.entries(module)) {
    if (key === 'default' || key === '__esModule' || key === 'module.exports') continue;
    const isClass = typeof value === 'function' && /^class\\b/.test(Function.prototype.toString.call(value));
    entry[key] = isClass ? { type: 'class', className: value.name } : { type: typeof value };
  }
}`;

const specifiers = () =>
  scratch()
    .tarballs.flatMap((tarball) => exportedSpecifiers(installedManifest(tarball.name)))
    .sort();

/**
 * The value exports (not types) the declarations of each specifier promise, resolved as `mode` would (one
 * program for all of them: a file importing every specifier).
 */
function declaredValues(project: string, list: string[], mode: 'esm' | 'cjs'): Record<string, string[]> {
  const file = join(project, 'checks', 'exports', mode === 'esm' ? 'probe.mts' : 'probe.cts');
  const source = list.map((specifier, i) => `import * as p${i} from '${specifier}';`).join('\n');
  const host = ts.createCompilerHost({});
  host.getCurrentDirectory = () => project; // its @types, not the workspace's
  const { readFile, fileExists } = host;
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.fileExists = (name) => name === file || fileExists(name);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    strict: true,
    noEmit: true,
    types: ['node'],
  };
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const imports = program.getSourceFile(file)!.statements as unknown as ts.ImportDeclaration[];
  return Object.fromEntries(
    list.map((specifier, i) => {
      const moduleSymbol = checker.getSymbolAtLocation(imports[i]!.moduleSpecifier);
      if (!moduleSymbol) return [specifier, [`(no declarations under node16 ${mode})`]];
      const values = checker
        .getExportsOfModule(moduleSymbol)
        .filter((symbol) => {
          const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
          return (target.flags & ts.SymbolFlags.Value) !== 0;
        })
        .map((symbol) => symbol.name)
        .sort();
      return [specifier, values];
    }),
  );
}

describe('exports of the installed packages', () => {
  let esm: Seen;
  let cjs: Seen;
  let declared: Record<'esm' | 'cjs', Record<string, string[]>>;

  beforeAll(async () => {
    const { project } = scratch();
    const list = JSON.stringify(specifiers());
    const dir = writeFiles('exports', {
      'esm.mjs': `${describeExports}\nfor (const s of ${list}) record(s, await import(s));\nconsole.log(JSON.stringify(seen));\n`,
      'cjs.cjs': `${describeExports}\nfor (const s of ${list}) record(s, require(s));\nconsole.log(JSON.stringify(seen));\n`,
    });
    const [esmRun, cjsRun] = await Promise.all(
      ['esm.mjs', 'cjs.cjs'].map((file) => runToEnd(process.execPath, [file], { cwd: dir })),
    );
    expect(esmRun!.stderr).toBe('');
    expect(cjsRun!.stderr).toBe('');
    esm = JSON.parse(esmRun!.stdout) as Seen;
    cjs = JSON.parse(cjsRun!.stdout) as Seen;
    expect(Object.keys(esm)).toEqual(JSON.parse(list));
    declared = {
      esm: declaredValues(project, specifiers(), 'esm'),
      cjs: declaredValues(project, specifiers(), 'cjs'),
    };
  });

  it.each(specifiers())('%s: import and require give the same named exports', (specifier) => {
    expect(Object.keys(esm[specifier]!).length).toBeGreaterThan(0);
    expect(Object.keys(cjs[specifier]!).sort()).toEqual(Object.keys(esm[specifier]!).sort());
  });

  it.each(specifiers())(
    '%s: every value its declarations promise exists at run time, in both formats',
    (specifier) => {
      const declaredEsm = declared.esm[specifier]!;
      const declaredCjs = declared.cjs[specifier]!;
      expect(declaredCjs).toEqual(declaredEsm);
      expect(declaredEsm.filter((name) => !(name in esm[specifier]!))).toEqual([]);
      expect(declaredCjs.filter((name) => !(name in cjs[specifier]!))).toEqual([]);
    },
  );

  it.each(specifiers())(
    '%s: every exported class keeps its own name (no bundler-mangled _Name)',
    (specifier) => {
      for (const seen of [esm[specifier]!, cjs[specifier]!]) {
        const renamed = Object.entries(seen)
          .filter(([name, value]) => value.type === 'class' && value.className !== name)
          .map(([name, value]) => `${name} is named ${value.className}`);
        expect(renamed).toEqual([]);
      }
    },
  );

  it('prints a LearnKit error under its own class name, in both formats', async () => {
    const dir = writeFiles('error-names', {
      'esm.mjs':
        "import { inspect } from 'node:util';\nimport { ValidationError } from '@learnkit/sdk';\nconst e = new ValidationError('limit: must be at most 3000');\nconsole.log(JSON.stringify([e.constructor.name, e.name, inspect(e).split('\\n')[0]]));\n",
      'cjs.cjs':
        "const { inspect } = require('node:util');\nconst { ValidationError } = require('@learnkit/sdk');\nconst e = new ValidationError('limit: must be at most 3000');\nconsole.log(JSON.stringify([e.constructor.name, e.name, inspect(e).split('\\n')[0]]));\n",
    });
    for (const file of ['esm.mjs', 'cjs.cjs']) {
      const result = await runToEnd(process.execPath, [file], { cwd: dir });
      expect(result.stderr).toBe('');
      const [constructorName, name, printed] = JSON.parse(result.stdout) as string[];
      expect(constructorName).toBe('ValidationError');
      expect(name).toBe('ValidationError');
      expect(printed).toMatch(/^ValidationError: Invalid input: limit: must be at most 3000/);
    }
  });
});
