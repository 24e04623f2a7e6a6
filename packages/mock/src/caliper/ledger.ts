import { isRecord } from '../internal/body.js';
import type { MockState, StoredCaliperEvent } from '../state.js';

/**
 * What the ingest looks up in the events it accepted before: each stored event by id, and the entity ids they define
 * as objects. Kept in step with `state.caliperEvents` (read, and appended to, as before), so one batch costs its own
 * size rather than a pass over every event stored (docs/decisions.md#d-mock-caliper-receipts).
 */
export interface CaliperLedger {
  /** The stored event of each id. */
  byId: Map<string, StoredCaliperEvent>;
  /** Entity ids the stored events define as objects (so later IRI-only references to them resolve). */
  defined: Set<string>;
}

/** The `id` of an entity given as an object. */
export const objectId = (value: unknown) =>
  isRecord(value) && typeof value.id === 'string' ? value.id : undefined;

/** Entity ids an event defines as objects (so later IRI-only references to them resolve). */
export function definedEntities(event: Record<string, unknown>): string[] {
  return ['actor', 'object', 'edApp', 'generated'].flatMap((member) => objectId(event[member]) ?? []);
}

// One ledger per array: a restored state (a new array) gets a new one; `indexed` is how much of it is indexed.
const ledgers = new WeakMap<StoredCaliperEvent[], CaliperLedger & { indexed: number }>();

/** The ledger of `state`, brought up to date with the events appended since it was last read. */
export function caliperLedger(state: MockState): CaliperLedger {
  const stored = state.caliperEvents;
  let ledger = ledgers.get(stored);
  // Shorter than indexed: a test removed events; index again from the start.
  if (!ledger || ledger.indexed > stored.length) {
    ledger = { byId: new Map(), defined: new Set(), indexed: 0 };
    ledgers.set(stored, ledger);
  }
  for (; ledger.indexed < stored.length; ledger.indexed++) {
    const entry = stored[ledger.indexed] as StoredCaliperEvent;
    ledger.byId.set(entry.event.id as string, entry);
    for (const id of definedEntities(entry.event)) ledger.defined.add(id);
  }
  return ledger;
}
