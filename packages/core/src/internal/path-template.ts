import { defaultPathSerializer } from 'openapi-fetch';

/**
 * A path template (`/ims/case/v1p1/CFItems/{sourcedId}`) split once into its literal parts and parameter
 * names, so a call fills it by concatenation instead of openapi-fetch's regex match and `replace` per
 * parameter (docs/decisions.md#d-path-templates-compiled-once).
 */
interface CompiledPath {
  /** Literal text around the parameters, the base URL in the first part; one more than `names`. */
  readonly parts: readonly string[];
  readonly names: readonly string[];
}

const PARAM = /\{([^{}]+)\}/g;
/** openapi-fetch's style markers (`{id*}`, `{.id}`, `{;id}`); such a template is left to openapi-fetch. */
const STYLED = /[*.;]/;
/** More distinct paths than any document has; beyond it (paths built at run time) nothing more is kept. */
const MAX_CACHED = 512;

/**
 * Builds the URLs of one base URL's paths: `baseUrl + path` with its path parameters filled in, exactly as
 * openapi-fetch's `defaultPathSerializer` does for simple `{name}` parameters (values URI-encoded; a missing
 * value leaves `{name}` as it is). Styled templates and object or array values go to openapi-fetch.
 */
export function createPathBuilder(baseUrl: string): (path: string, params: object | undefined) => string {
  const cache = new Map<string, CompiledPath | null>();

  function compile(path: string): CompiledPath | null {
    const parts: string[] = [];
    const names: string[] = [];
    let last = 0;
    for (const match of path.matchAll(PARAM)) {
      const name = match[1] as string;
      if (STYLED.test(name)) return null;
      parts.push(path.slice(last, match.index));
      names.push(name);
      last = match.index + match[0].length;
    }
    parts.push(path.slice(last));
    parts[0] = baseUrl + parts[0];
    return { parts, names };
  }

  return (path, params) => {
    let compiled = cache.get(path);
    if (compiled === undefined) {
      compiled = compile(path);
      if (cache.size < MAX_CACHED) cache.set(path, compiled);
    }
    if (compiled === null) return defaultPathSerializer(baseUrl + path, params as Record<string, unknown>);
    const { parts, names } = compiled;
    let url = parts[0] as string;
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      const value = (params as Record<string, unknown> | undefined)?.[name];
      if (value === undefined || value === null) url += `{${name}}`;
      else if (typeof value === 'object')
        return defaultPathSerializer(baseUrl + path, params as Record<string, unknown>);
      else url += encodeURIComponent(value as string | number | boolean);
      url += parts[i + 1] as string;
    }
    return url;
  };
}
