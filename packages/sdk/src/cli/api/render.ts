import { type Output, table } from '../output';

/** A value is shown as it is in a cell when it is no object and no array. */
const isScalar = (value: unknown) =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

/** Longest nested value a key/value view writes out as JSON before it only counts it. */
const INLINE_JSON = 80;

/**
 * The response as plain JSON data: a value that guards a secret the platform hands out once (a webhook subscription's
 * `signingSecret`, which prints itself redacted) revealed, as `learnkit webhooks create` shows it
 * (docs/decisions.md#d-cli-no-secret-output). `revealed` is set when there was one.
 */
export function plain(value: unknown, revealed: { secret: boolean }): unknown {
  if (Array.isArray(value)) return value.map((item) => plain(item, revealed));
  if (value && typeof value === 'object') {
    const reveal = (value as { reveal?: unknown }).reveal;
    if (typeof reveal === 'function') {
      revealed.secret = true;
      return reveal.call(value);
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner, revealed)]));
  }
  return value;
}

/** A scalar as a cell: text as it is, null and absent as nothing. */
const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Whether the key/value view only counts a nested value (too long to write on its line). */
const counted = (value: unknown) =>
  !isScalar(value) &&
  !(Array.isArray(value) && value.every(isScalar)) &&
  JSON.stringify(value).length > INLINE_JSON;

/** A member of a single object in the key/value view. */
function shown(value: unknown): string {
  if (isScalar(value)) return cell(value);
  if (Array.isArray(value) && value.every(isScalar)) return value.map(cell).join(', ');
  if (!counted(value)) return JSON.stringify(value);
  return Array.isArray(value)
    ? `[${value.length} item${value.length === 1 ? '' : 's'}]`
    : `{${Object.keys(value as object).length} member${Object.keys(value as object).length === 1 ? '' : 's'}}`;
}

/**
 * Items as a table of their top-level scalar members (docs/decisions.md#d-cli-api-output): one column per member
 * that some item gives a value that is no object, list or null, in the order the items first give them, named as
 * the response names them.
 */
export function itemsTable(out: Output, items: readonly unknown[]): void {
  if (items.length === 0) {
    out.out('No items.');
    return;
  }
  const columns: string[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    for (const [key, value] of Object.entries(item)) {
      // A member that is null in every item says nothing, and one that is a list or an object does not fit a cell.
      if (value !== null && isScalar(value) && !columns.includes(key)) columns.push(key);
    }
  }
  if (columns.length === 0) {
    // Items with nothing to put in a column (a list of lists): one line of JSON each.
    for (const item of items) out.out(JSON.stringify(item));
    return;
  }
  const rows = items.map((item) =>
    columns.map((column) => {
      const value = (item as Record<string, unknown> | null)?.[column];
      return isScalar(value) ? cell(value) : '';
    }),
  );
  for (const line of table([columns, ...rows])) out.out(line);
}

/** One response that is no list: a key/value view of an object, else the value itself. */
export function single(out: Output, value: unknown): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    out.out(typeof value === 'string' ? value : JSON.stringify(value));
    return;
  }
  const rows = Object.entries(value).map(([key, inner]) => [key, shown(inner)]);
  for (const line of table(rows)) out.out(line);
  if (Object.values(value).some(counted)) out.note('--json shows the members counted here.');
}
