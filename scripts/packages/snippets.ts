// The code blocks of the docs, as the snippet checks see them (docs/decisions.md#d-pkg-snippets).
//
// Every ```ts, ```tsx and ```js block of README.md, CONTRIBUTING.md, docs/*.md and packages/*/README.md is a snippet,
// and so is the TypeScript `<script lang="ts">` of a ```vue or ```svelte block (its markup is not checked). Its info
// string says what is done with it, after the language:
//   ```ts              type-checked against the installed tarballs in every setup (a complete file: imports included)
//   ```ts run          also run to its end against the mock (LEARNKIT_* point at a loopback mock platform, REDIS_URL at
//                      a real redis-server with appendonly yes)
//   ```ts server       also started, as a server on PORT, and sent real signed webhook deliveries
//   ```ts illustrative neither: a fragment that says so (an output, a shape), never a program
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { TYPECHECK_CONFIGS, typecheck } from './typecheck';

/** What the checks do with a snippet. */
export type SnippetKind = 'check' | 'run' | 'server' | 'illustrative';

/** One code block of the docs. */
export interface Snippet {
  /** The markdown file, relative to the repository (`docs/webhooks.md`). */
  doc: string;
  /** The line of the opening fence (1-based). */
  line: number;
  language: SnippetLanguage;
  kind: SnippetKind;
  /** `key=value` attributes of the info string (`server` takes `paths=/webhooks,/hooks/manual`). */
  attributes: Record<string, string>;
  source: string;
  /** A file name for it: `docs_webhooks_md_L120`. */
  id: string;
}

/** How a snippet is compiled: TypeScript, TypeScript with JSX (React's automatic runtime), or JavaScript. */
export type SnippetLanguage = 'ts' | 'tsx' | 'js';

const LANGUAGES: Record<string, SnippetLanguage> = {
  ts: 'ts',
  typescript: 'ts',
  tsx: 'tsx',
  js: 'js',
  javascript: 'js',
  // A single-file component: its `<script lang="ts">` is checked as TypeScript (docs/decisions.md#d-snippets-tsx-vue-svelte).
  vue: 'ts',
  svelte: 'ts',
};

/** The TypeScript of a Vue or Svelte single-file component (`<script lang="ts">` or `<script setup lang="ts">`). */
function componentScript(doc: string, line: number, text: string): string {
  const script = /<script\b[^>]*\blang=["']ts["'][^>]*>\n?([\s\S]*?)<\/script>/.exec(text);
  if (!script)
    throw new Error(
      `${doc}:${line}: a component block needs a <script lang="ts"> to check (or say illustrative)`,
    );
  const lines = script[1]!.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}
const KINDS = new Set<SnippetKind>(['run', 'server', 'illustrative']);

/** The markdown files whose snippets are checked: README.md, CONTRIBUTING.md, the .md files of docs/, each package README. */
export function documentationFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`);
  const packages = readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}/README.md`)
    .filter((file) => {
      try {
        readFileSync(join(root, file));
        return true;
      } catch {
        return false;
      }
    });
  return ['README.md', 'CONTRIBUTING.md', ...docs, ...packages];
}

/**
 * The fenced code blocks of one markdown text that are ts or js. Fences may be indented (inside a list item):
 * the block's lines lose that indentation. Throws on an info string word it does not know, so a typo cannot
 * quietly turn a check off.
 */
export function extractSnippets(doc: string, markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, language, rest] = open as unknown as [string, string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).test(lines[j]!)) {
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
      j++;
    }
    const lang = LANGUAGES[language.toLowerCase()];
    if (lang) {
      const words = rest.trim().split(/\s+/).filter(Boolean);
      const attributes: Record<string, string> = {};
      let kind: SnippetKind = 'check';
      for (const word of words) {
        const [key, value] = word.split('=') as [string, string | undefined];
        if (value !== undefined) attributes[key] = value;
        else if (KINDS.has(key as SnippetKind)) kind = key as SnippetKind;
        else
          throw new Error(
            `${doc}:${i + 1}: unknown word "${word}" in the info string (run, server, illustrative)`,
          );
      }
      const text = `${body.join('\n')}\n`;
      const component = /^(vue|svelte)$/i.test(language) && kind !== 'illustrative';
      snippets.push({
        doc,
        line: i + 1,
        language: lang,
        kind,
        attributes,
        source: component ? componentScript(doc, i + 1, text) : text,
        id: `${doc.replace(/[^A-Za-z0-9]+/g, '_')}_L${i + 1}`,
      });
    }
    i = j;
  }
  return snippets;
}

/** Every snippet of the repository's docs. */
export function collectSnippets(root: string): Snippet[] {
  return documentationFiles(root).flatMap((doc) =>
    extractSnippets(doc, readFileSync(join(root, doc), 'utf8')),
  );
}

/** Whether a statement awaits at the top level of the module (not inside a function). */
function awaitsAtTopLevel(node: ts.Node): boolean {
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false;
  if (ts.isAwaitExpression(node)) return true;
  if (ts.isForOfStatement(node) && node.awaitModifier) return true;
  return ts.forEachChild(node, awaitsAtTopLevel) ?? false;
}

/**
 * The snippet as a CommonJS file: CommonJS has no top-level await, so when the snippet awaits at the top level,
 * everything but its imports and ambient declarations goes into an async function, as a CommonJS user would write it. A snippet that also
 * exports something is kept as written (exports cannot move into a function).
 */
export function asCommonJs(source: string, language: SnippetLanguage = 'ts'): string {
  const file = ts.createSourceFile(`snippet.${language}`, source, ts.ScriptTarget.ES2022, true);
  const statements = file.statements;
  if (!statements.some(awaitsAtTopLevel)) return source;
  const exports = statements.some(
    (statement) =>
      ts.isExportAssignment(statement) ||
      ts.isExportDeclaration(statement) ||
      (ts.canHaveModifiers(statement) &&
        ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)),
  );
  if (exports) return source;
  // Imports and ambient declarations (`declare const client: CaseClient`) stay at the top: neither may move into
  // a function.
  const hoisted = (statement: ts.Statement) =>
    ts.isImportDeclaration(statement) ||
    (ts.canHaveModifiers(statement) &&
      (ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword) ?? false));
  const imports = statements.filter(hoisted);
  const rest = statements.filter((statement) => !hoisted(statement));
  const text = (nodes: readonly ts.Node[]) => nodes.map((node) => node.getFullText(file)).join('');
  return `${text(imports)}\n\nasync function snippet() {${text(rest)}\n}\nvoid snippet();\n`;
}

/**
 * The module formats a snippet is checked in: a js block that calls `require` is CommonJS; a Vitest test is ESM
 * (Vitest 4 is ESM only and its CommonJS declarations say so with an error), and so is a client of the MCP SDK.
 */
export function formatsOf(snippet: Snippet): ('esm' | 'cjs')[] {
  if (snippet.language === 'js' && /\brequire\(/.test(snippet.source)) return ['cjs'];
  if (/from ['"]vitest['"]/.test(snippet.source)) return ['esm'];
  // The MCP SDK's declarations are ESM only, for `require` too (TS1479 in any CommonJS program that imports it):
  // a host written against it is checked as ESM (docs/decisions.md#d-mcp-snippets-esm).
  if (/from ['"]@modelcontextprotocol\/sdk/.test(snippet.source)) return ['esm'];
  // Svelte is ESM only (its declarations too, TS1479 from any CommonJS program under node16): a Svelte component is
  // checked as ESM (docs/decisions.md#d-snippets-tsx-vue-svelte).
  if (/from ['"](svelte|@learnkit\/activity\/svelte)['"]/.test(snippet.source)) return ['esm'];
  return ['esm', 'cjs'];
}

/**
 * js blocks are checked as JavaScript (`checkJs`, without annotations to demand), with Jest's globals: the js
 * blocks are the Jest examples, and Jest provides `beforeAll`, `test`, `expect` without imports.
 */
const JS_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  checkJs: true,
  noImplicitAny: false,
  types: ['node', 'jest'],
};

/** tsx blocks are React components: JSX with React's automatic runtime (`react/jsx-runtime`). */
const TSX_OPTIONS: ts.CompilerOptions = { jsx: ts.JsxEmit.ReactJSX };

/** What type-checking the snippets found. */
export interface SnippetChecks {
  /** Errors per snippet id, each prefixed with its setup (`cjs-node10 ts: file:line:col TSxxxx ...`). */
  bySnippet: Map<string, string[]>;
  /** Errors in declarations of the packages or their dependencies (not in a snippet). */
  libraries: string[];
  /** Diagnostics set apart as msw's own packaging defect (see isUpstreamMswDefect). */
  upstream: number;
}

/**
 * Type-checks `snippets` in every setup, one program per setup and language, in folders under `dir` (which must
 * sit inside the scratch project).
 */
export function typecheckSnippets(dir: string, snippets: readonly Snippet[]): SnippetChecks {
  const checks: SnippetChecks = { bySnippet: new Map(), libraries: [], upstream: 0 };
  for (const config of TYPECHECK_CONFIGS) {
    // tsx blocks join the ts program of the setup (one program per setup and language is most of the time
    // spent): `.tsx` files named with their extension, JSX options for the whole program (no effect on `.ts`).
    for (const language of ['ts', 'js'] as const) {
      const files = Object.fromEntries(
        snippets
          .filter(
            (snippet) =>
              (snippet.language === language || (language === 'ts' && snippet.language === 'tsx')) &&
              formatsOf(snippet).includes(config.format),
          )
          .map((snippet) => [
            snippet.language === 'tsx' ? `${snippet.id}.tsx` : snippet.id,
            config.format === 'cjs' && language === 'ts'
              ? asCommonJs(snippet.source, snippet.language)
              : snippet.source,
          ]),
      );
      if (Object.keys(files).length === 0) continue;
      const folder = join(dir, `${config.name}-${language}`);
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      const extra = language === 'js' ? JS_OPTIONS : TSX_OPTIONS;
      const result = typecheck(folder, files, config, { language, extra });
      checks.upstream += result.upstream;
      for (const [file, lines] of result.byFile) {
        const labelled = lines.map((line) => `${config.name} ${language}: ${line}`);
        if (file === '(libraries)') checks.libraries.push(...labelled);
        else checks.bySnippet.set(file, [...(checks.bySnippet.get(file) ?? []), ...labelled]);
      }
    }
  }
  return checks;
}
