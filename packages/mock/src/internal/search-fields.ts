import { SEARCH_FIELDS } from '../generated/search-fields.js';

/** A path with its trailing slash dropped and its parameters written `{name}`, as the router and documents meet. */
const normalise = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\/+$/, '');

const BY_PATH = new Map(Object.entries(SEARCH_FIELDS).map(([path, fields]) => [normalise(path), fields]));

/**
 * The fields `search` matches on the listing routed at `pattern` (`/ims/.../classes/:classSourcedId/students`):
 * the `x-search-fields` its operation names in openapi/ (docs/decisions.md#d-search-fields). Throws when the
 * documents name none, so a listing can never search fields nobody declared.
 */
export function searchFieldsOf(pattern: string): readonly string[] {
  const fields = BY_PATH.get(normalise(pattern));
  if (!fields) {
    throw new Error(
      `the listing ${pattern} has no x-search-fields in openapi/; name its search fields there and run pnpm gen`,
    );
  }
  return fields;
}
