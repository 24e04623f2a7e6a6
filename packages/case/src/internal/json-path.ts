const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A path as JSON-path-like text: `['CFItems', 12, 'identifier']` -> `CFItems[12].identifier`. Core's
 * ValidationError joins with dots (`CFItems.12.identifier`), which hides which segments are array indexes.
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

/** The value at `path` inside `root`, or undefined when the path leaves the data. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}
