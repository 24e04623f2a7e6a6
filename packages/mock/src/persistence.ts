import { isRecord } from '@learnkit/core/internal';
import { createState, type MockState } from './state.js';

/** What `saveState()` writes besides the data: enough to rebuild the same platform around it. */
export type SavedStateMeta = {
  /** The seed the data was generated with (it also fixes the seeded clients' secrets). */
  seed: number;
  /** Items of the seeded CASE framework. */
  frameworkItems: number;
  /** The base URL the platform responded on (links in the stored data point there). */
  baseUrl: string;
};

const FORMAT = 'learnkit-mock-state';
const VERSION = 2;

/** Members of the state that are not saved: the request log and errors are about one run, not the data. */
const NOT_SAVED = new Set<string>(['requests', 'errors']);

/**
 * The state as plain JSON values: Maps become `{ "$map": [[key, value], ...] }`, Sets `{ "$set": [...] }`, and
 * a plain object that happens to use one of those keys (user data in an upload, say) is wrapped in
 * `{ "$object": ... }`, so decoding gives back exactly what was encoded.
 */
function encode(value: unknown, path: string): unknown {
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encode(k, path), encode(v, path)]) };
  if (value instanceof Set) return { $set: [...value].map((v) => encode(v, path)) };
  if (Array.isArray(value)) return value.map((v, i) => encode(v, `${path}[${i}]`));
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    throw new TypeError(`cannot save ${path}: a ${typeof value}`);
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null)
    throw new TypeError(`cannot save ${path}: a ${value.constructor?.name ?? 'non-plain'} object`);
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value))
    if (entry !== undefined) out[key] = encode(entry, `${path}.${key}`);
  return '$map' in out || '$set' in out || '$object' in out ? { $object: out } : out;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (!isRecord(value)) return value;
  const only = Object.keys(value).length === 1;
  if (only && Array.isArray(value.$map)) return new Map(value.$map.map(([k, v]) => [decode(k), decode(v)]));
  if (only && Array.isArray(value.$set)) return new Set(value.$set.map(decode));
  const inner = only && value.$object !== undefined ? value.$object : value;
  return Object.fromEntries(Object.entries(inner as object).map(([k, v]) => [k, decode(v)]));
}

/** The state and what it was made with, as the JSON text `platform.saveState()` returns. */
export function encodeState(state: MockState, meta: SavedStateMeta): string {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (!NOT_SAVED.has(key)) data[key] = encode(value, `state.${key}`);
  }
  return JSON.stringify({ format: FORMAT, version: VERSION, ...meta, state: data });
}

/**
 * Reads what {@link encodeState} wrote. Throws a `TypeError` that says what is wrong and what to do when the
 * text is not a saved state of this version.
 */
export function decodeState(text: string): SavedStateMeta & { state: MockState } {
  const fix = 'start from a new state file (delete it, or pass another path)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`the saved state is not JSON (${(error as Error).message}); ${fix}`);
  }
  const file = parsed as Partial<SavedStateMeta> & { format?: unknown; version?: unknown; state?: unknown };
  if (!isRecord(file) || file.format !== FORMAT)
    throw new TypeError(`the saved state is not a learnkit-mock state (no "format": "${FORMAT}"); ${fix}`);
  if (file.version !== VERSION)
    throw new TypeError(
      `the saved state has version ${JSON.stringify(file.version)}, this learnkit-mock reads version ${VERSION}; ${fix}`,
    );
  const { seed, frameworkItems, baseUrl } = file;
  if (
    typeof seed !== 'number' ||
    typeof frameworkItems !== 'number' ||
    typeof baseUrl !== 'string' ||
    !isRecord(file.state)
  )
    throw new TypeError(`the saved state lacks seed, frameworkItems, baseUrl or state; ${fix}`);
  const state = createState();
  const saved = decode(file.state) as Record<string, unknown>;
  for (const key of Object.keys(state) as (keyof MockState)[]) {
    if (NOT_SAVED.has(key)) continue;
    if (!(key in saved)) throw new TypeError(`the saved state lacks "${key}"; ${fix}`);
    (state as Record<string, unknown>)[key] = saved[key];
  }
  return { seed, frameworkItems, baseUrl, state };
}
