// Compiles a Svelte component for the tests (no Vite plugin): svelte/compiler's output is written to
// packages/activity/.svelte-tests (ignored by git), where vitest transforms it like a source file and its
// `svelte/internal/*` imports resolve from this package.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from 'svelte/compiler';

const PACKAGE = join(import.meta.dirname, '..', '..');
const CACHE = join(PACKAGE, '.svelte-tests');

/** The entry's source file, to import in a component instead of `@learnkit/activity/svelte`. */
export const SVELTE_ENTRY = join(PACKAGE, 'src', 'frameworks', 'svelte.ts');

/** Compiles `source` for the client or the server and imports the component. */
export async function compileSvelte<T>(source: string, generate: 'client' | 'server'): Promise<T> {
  const { js } = compile(source, { generate, filename: 'Lesson.svelte', dev: false });
  mkdirSync(CACHE, { recursive: true });
  const file = join(
    CACHE,
    `${createHash('sha256').update(generate).update(js.code).digest('hex').slice(0, 16)}.js`,
  );
  writeFileSync(file, js.code);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: T }).default;
}
