import { API_OPERATIONS, type ApiOperation } from '../../generated/api-operations';
import { CliError, EXIT } from '../exit-codes';

/** The edit distance of `a` and `b` (insertions, deletions, substitutions), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[y.length]!;
}

/**
 * The names of `known` closest to `given` (docs/decisions.md#d-cli-suggestions): the nearest ones by edit
 * distance, when that is at most a third of the name (and at least 2), and names whose last segment is `given`
 * (`users` -> `oneroster.users`, `rostering.users`); at most three.
 */
export function closest(given: string, known: readonly string[]): string[] {
  const limit = Math.max(2, Math.floor(given.length / 3));
  const distances = known.map((name) => ({ name, distance: editDistance(given, name) }));
  const nearest = Math.min(...distances.map(({ distance }) => distance));
  const near =
    nearest <= limit ? distances.filter(({ distance }) => distance === nearest).map(({ name }) => name) : [];
  const bySegment = known.filter((name) => name.split('.').at(-1)?.toLowerCase() === given.toLowerCase());
  return [...new Set([...near, ...bySegment])].slice(0, 3);
}

const didYouMean = (names: readonly string[]) =>
  names.length > 0 ? `; did you mean ${names.join(' or ')}?` : '';

/** Every resource of the table, in map order. */
export const RESOURCES: readonly string[] = [...new Set(API_OPERATIONS.map((op) => op.resource))];

/**
 * The operation `lk.<resource>.<method>`, or a usage error naming the closest resources or methods, and what to
 * run to see them all.
 */
export function findOperation(resource: string | undefined, method: string | undefined): ApiOperation {
  if (resource === undefined) {
    throw new CliError(
      EXIT.usage,
      'missing <resource> <method>; `learnkit api --list` lists every operation',
    );
  }
  const methods = API_OPERATIONS.filter((op) => op.resource === resource);
  if (methods.length === 0) {
    // `oneroster.users.list` written as one word.
    const dot = resource.lastIndexOf('.');
    const joined = API_OPERATIONS.find(
      (op) => op.resource === resource.slice(0, dot) && op.method === resource.slice(dot + 1),
    );
    const hint = joined
      ? `; did you mean ${joined.resource} ${joined.method} (resource and method are two words)?`
      : didYouMean(closest(resource, RESOURCES));
    throw new CliError(
      EXIT.usage,
      `unknown resource "${resource}"${hint}\n\`learnkit api --list\` lists every operation.`,
    );
  }
  const names = methods.map((op) => op.method);
  if (method === undefined) {
    throw new CliError(EXIT.usage, `missing <method> of ${resource}: it has ${names.join(', ')}`);
  }
  const found = methods.find((op) => op.method === method);
  if (!found) {
    throw new CliError(
      EXIT.usage,
      `${resource} has no method "${method}"${didYouMean(closest(method, names))}\nIt has: ${names.join(', ')}`,
    );
  }
  return found;
}
