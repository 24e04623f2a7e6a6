const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A path as JSON-path-like text: `['CFItems', 12, 'identifier']` -> `CFItems[12].identifier`. Core's
 * `formatIssuePath` writes the same for plain names, but leaves other keys bare (`CFItems[0].my key`); here they
 * are quoted (`CFItems[0]["my key"]`), so every path reads back unambiguously.
 */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (NAME.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** True for a JSON object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
