import { ValidationError } from '@learnkit/core';
import { jsonParseProblem } from '@learnkit/core/internal';
import { parseLearnkitConfig } from '../config/parse';
import type { LearnkitConfig } from '../config/types';

/** The file the server loads when `config` is not given, from the working directory. */
export const CONFIG_FILE = 'learnkit.config.json';

/** What `createActivityServer({ config })` takes: the parsed file's object, or a path or file URL to it. */
export type ConfigInit = LearnkitConfig | Record<string, unknown> | string | URL;

const fail = (message: string) => new ValidationError([{ path: ['config'], message }]);

/** Checks a configuration object with the same rules as the shipped JSON Schema (`parseLearnkitConfig`). */
function checkConfig(input: unknown, where = CONFIG_FILE): LearnkitConfig {
  try {
    return parseLearnkitConfig(input);
  } catch (error) {
    // The issue's own words (without `Invalid input: `), placed in the file it came from.
    const said =
      (error as { issues?: { message: string }[] }).issues?.[0]?.message ?? (error as Error).message;
    const problem = said.replace(/^learnkit\.config\.json:?\s*/, '');
    throw fail(`${where}: ${problem}`);
  }
}

/** What {@link loadConfigFile} needs of Node: reading a file, and paths. */
interface FileAccess {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  resolve(...paths: string[]): string;
  fileURLToPath(url: URL): string;
  cwd(): string;
}

/**
 * Node's file system, taken with `process.getBuiltinModule` (Node >= 20.16, Bun, Deno, workerd with
 * `nodejs_compat`) when a file is actually read; undefined on a runtime without it. No `import('node:...')`: a
 * bundler building for a runtime without `node:` modules (esbuild for a Worker or a browser) refuses one it cannot
 * resolve even when it is never called, and so does Miniflare's module walker
 * (docs/decisions.md#d-activity-lazy-node-builtins).
 */
function fileAccess(): FileAccess | undefined {
  const { process } = globalThis;
  if (typeof process?.getBuiltinModule !== 'function') return undefined;
  const { readFile } = process.getBuiltinModule('node:fs/promises');
  const { resolve } = process.getBuiltinModule('node:path');
  const { fileURLToPath } = process.getBuiltinModule('node:url');
  return { readFile, resolve, fileURLToPath, cwd: () => process.cwd() };
}

/**
 * Reads and checks `learnkit.config.json` (or `file`, relative to the working directory). Node's file system is
 * reached only here, so runtimes without it can still pass the configuration as an object.
 */
export async function loadConfigFile(file: string | URL = CONFIG_FILE): Promise<LearnkitConfig> {
  const fs = fileAccess();
  if (!fs) {
    throw fail(
      `${String(file)} cannot be read here: reading a file needs process.getBuiltinModule (Node >= 20.16, Bun, ` +
        'Deno, a Worker with nodejs_compat); pass { config } as an object',
    );
  }
  const { readFile, resolve, fileURLToPath, cwd } = fs;
  const path = file instanceof URL ? fileURLToPath(file) : resolve(cwd(), file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw fail(
      code === 'ENOENT'
        ? `${path} does not exist. createActivityServer loads ${CONFIG_FILE} from the working directory ` +
            `(${cwd()}); create it (schema: @learnkit/activity/learnkit.config.schema.json) or pass { config }`
        : `${path} could not be read (${code ?? (error as Error).message})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // The parser's words without the stretch of the file they quote (docs/decisions.md#d-config-not-json).
    throw fail(`${path} is not valid JSON (${jsonParseProblem(error)})`);
  }
  return checkConfig(json, path);
}

/**
 * The configuration, as given or loaded on first use. A failed load is not remembered, so fixing the file
 * takes effect at the next request.
 */
export function configSource(init: ConfigInit | undefined): () => Promise<LearnkitConfig> {
  if (init !== undefined && typeof init !== 'string' && !(init instanceof URL)) {
    const config = checkConfig(init, 'the given configuration');
    return () => Promise.resolve(config);
  }
  let loaded: Promise<LearnkitConfig> | undefined;
  return () => {
    loaded ??= loadConfigFile(init).catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
