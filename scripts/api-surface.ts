// The public surface of `LearnKit`: every method reachable as `lk.<family>.<resource>...<method>` and its type,
// overloads included (docs/decisions.md#d-public-surface-declaration). The committed baseline,
// `packages/sdk/test/fixtures/public-surface.d.ts`, is the declaration TypeScript itself emits for an object of
// every method; `packages/sdk/test/public-surface.test.ts` fails when a method of the baseline is missing or its
// type is no longer the same (assignable both ways), so generated resources cannot change a name or a type unseen.
//
//   tsx scripts/api-surface.ts           print every method with its signatures
//   tsx scripts/api-surface.ts --write   rewrite the baseline (only for a deliberate change of the public API)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SDK_TEST = `${ROOT}packages/sdk/test/`;
/** The committed baseline, relative to the repository root. */
export const SURFACE_FILE = 'packages/sdk/test/fixtures/public-surface.d.ts';

/** The members of `LearnKit` that are no family of resources (machinery with its own tests). */
const NOT_FAMILIES = new Set(['http', 'credentials', 'toString', 'toJSON']);

const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.WriteArrowStyleSignature |
  ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['@learnkit/source'],
  strict: true,
  skipLibCheck: true,
  types: [],
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
};

/** A program over in-memory files placed in packages/sdk/test/ (so they resolve as the sdk's tests do). */
function programOf(files: Record<string, string>, options: ts.CompilerOptions = OPTIONS) {
  const host = ts.createCompilerHost(options);
  const paths = Object.fromEntries(Object.entries(files).map(([name, text]) => [`${SDK_TEST}${name}`, text]));
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => paths[file] ?? readFile(file);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file in paths || fileExists(file);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError) =>
    file in paths
      ? ts.createSourceFile(file, paths[file] as string, language)
      : getSourceFile(file, language, onError);
  return { program: ts.createProgram(Object.keys(paths), options, host), host, paths };
}

const LK_PROBE = `import type { LearnKit } from '../src/index';\nexport declare const lk: LearnKit;\n`;

/** Every method path under `lk` (`case.documents.get`), with one printed line per overload. */
function walkMethods(program: ts.Program, file: ts.SourceFile): Map<string, string[]> {
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(file)?.exports?.get('lk' as ts.__String);
  if (!symbol) throw new Error('api-surface: the probe does not declare lk');
  const methods = new Map<string, string[]>();
  const walk = (type: ts.Type, path: string, depth: number) => {
    for (const member of checker.getPropertiesOfType(type)) {
      const name = member.getName();
      if (name.startsWith('#') || name.startsWith('__')) continue;
      if (depth === 0 && NOT_FAMILIES.has(name)) continue;
      const declaration = member.valueDeclaration ?? member.declarations?.[0];
      const hidden = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;
      if (declaration && ts.getCombinedModifierFlags(declaration) & hidden) continue;
      const memberType = checker.getTypeOfSymbolAtLocation(member, file);
      const signatures = memberType.getCallSignatures();
      const at = path ? `${path}.${name}` : name;
      if (signatures.length > 0) {
        methods.set(
          at,
          signatures.map((s) => checker.signatureToString(s, file, FLAGS).replace(/\s+/g, ' ')),
        );
      } else if (memberType.flags & ts.TypeFlags.Object && depth < 4) {
        walk(memberType, at, depth + 1);
      }
    }
  };
  walk(checker.getTypeOfSymbolAtLocation(symbol, file), '', 0);
  return new Map([...methods].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The methods of `LearnKit` today, each with its printed overloads. */
export function currentMethods(): Map<string, string[]> {
  const { program, paths } = programOf({ '.surface-lk.ts': LK_PROBE });
  const file = program.getSourceFile(Object.keys(paths)[0] as string);
  if (!file) throw new Error('api-surface: the probe was not read');
  return walkMethods(program, file);
}

/** The baseline's text: TypeScript's own declaration of an object holding every method of `LearnKit`. */
export function baselineText(methods: readonly string[]): string {
  const probe =
    `${LK_PROBE}export const surface = {\n` +
    methods.map((path) => `  ${JSON.stringify(path)}: lk.${path},`).join('\n') +
    '\n};\n';
  const { program } = programOf(
    { '.surface-emit.ts': probe },
    { ...OPTIONS, declaration: true, emitDeclarationOnly: true, noEmit: false, outDir: SDK_TEST },
  );
  let text: string | undefined;
  const result = program.emit(undefined, (name, data) => {
    if (name.endsWith('.surface-emit.d.ts')) text = data;
  });
  if (result.emitSkipped || text === undefined)
    throw new Error('api-surface: the declaration was not emitted');
  // The emitted file imports nothing at the top; `lk` is the probe's own and is dropped.
  const body = text.replace(/^import type .*\n/m, '').replace(/^export declare const lk: .*\n/m, '');
  return (
    '// The public surface of LearnKit before the generated resources: written by `tsx scripts/api-surface.ts --write`\n' +
    '// (docs/decisions.md#d-public-surface-declaration). Do not edit by hand.\n' +
    body
  );
}

/**
 * Holds today's `LearnKit` to the committed baseline: the methods it lacks, and those whose type is not the same
 * (each as the compiler's message of the failed check, assignable both ways).
 */
export function compareWithBaseline(): { missing: string[]; changed: string[]; checked: number } {
  const current = currentMethods();
  const { program: base } = programOf({ '.surface-base.ts': "export * from './fixtures/public-surface';\n" });
  const checker = base.getTypeChecker();
  const baseFile = base.getSourceFile(`${SDK_TEST}fixtures/public-surface.d.ts`);
  if (!baseFile)
    throw new Error(`api-surface: ${SURFACE_FILE} is missing; run tsx scripts/api-surface.ts --write`);
  const surface = checker.getSymbolAtLocation(baseFile)?.exports?.get('surface' as ts.__String);
  if (!surface) throw new Error(`api-surface: ${SURFACE_FILE} declares no surface`);
  const keys = checker
    .getPropertiesOfType(checker.getTypeOfSymbolAtLocation(surface, baseFile))
    .map((p) => p.getName());
  const missing = keys.filter((key) => !current.has(key));
  const present = keys.filter((key) => current.has(key));
  const checks =
    `${LK_PROBE}import type { surface } from './fixtures/public-surface';\n` +
    'type Before = typeof surface;\n' +
    'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;\n' +
    present
      .map(
        (key, i) =>
          `export const same${i}: Same<Before[${JSON.stringify(key)}], typeof lk.${key}> = true;\n` +
          `export type Before${i} = Before[${JSON.stringify(key)}];\nexport type After${i} = typeof lk.${key};`,
      )
      .join('\n') +
    '\n';
  const { program, paths } = programOf({ '.surface-check.ts': checks });
  const file = program.getSourceFile(Object.keys(paths)[0] as string);
  if (!file) throw new Error('api-surface: the check was not read');
  const changed = ts.getPreEmitDiagnostics(program, file).map((diagnostic) => {
    const line =
      diagnostic.start === undefined ? -1 : file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const key = present[Math.floor((line - 4) / 3)] ?? '(the check itself)';
    return `${key}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
  // Assignability lets an optional parameter become required and back: the overloads' arities are held too.
  const check = program.getTypeChecker();
  const aliases = new Map<string, ts.Type>();
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement))
      aliases.set(statement.name.text, check.getTypeAtLocation(statement));
  }
  present.forEach((key, i) => {
    const [before, after] = [`Before${i}`, `After${i}`].map((name) =>
      (aliases.get(name) as ts.Type).getCallSignatures().map((s) => arity(s)),
    );
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      changed.push(
        `${key}: overloads (type parameters/required/all) ${JSON.stringify(before)} became ${JSON.stringify(after)}`,
      );
    }
  });
  return { missing, changed, checked: present.length };
}

/** `[type parameters, required parameters, parameters]` of a signature. */
function arity(signature: ts.Signature): [number, number, number] {
  const required = signature.parameters.filter((parameter) => {
    const declaration = parameter.valueDeclaration;
    return !(
      declaration &&
      ts.isParameter(declaration) &&
      (declaration.questionToken || declaration.initializer || declaration.dotDotDotToken)
    );
  }).length;
  return [signature.typeParameters?.length ?? 0, required, signature.parameters.length];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const methods = currentMethods();
  if (process.argv.includes('--write')) {
    writeFileSync(`${ROOT}${SURFACE_FILE}`, baselineText([...methods.keys()]));
    console.log(`wrote ${SURFACE_FILE}: ${methods.size} methods`);
  } else {
    for (const [path, signatures] of methods) for (const s of signatures) console.log(`lk.${path}${s}`);
  }
}
