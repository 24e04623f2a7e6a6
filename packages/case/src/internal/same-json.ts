/** Whether two JSON values are equal member by member (key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => key in recordB && sameJson((a as Record<string, unknown>)[key], recordB[key]));
}
