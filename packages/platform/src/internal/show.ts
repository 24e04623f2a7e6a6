/** A short, quoted rendering of a value for an error message (long strings are cut, objects named). */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 48 ? `${value.slice(0, 45)}...` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** True for a JSON object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` inside `root`, or undefined when the path leaves the data. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}
