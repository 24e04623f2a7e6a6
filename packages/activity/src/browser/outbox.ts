import type { TimeSpentMessage } from '../protocol';

/** The `localStorage` key unsent time windows are kept under, unless `configure({ storageKey })` says otherwise. */
export const DEFAULT_STORAGE_KEY = 'learnkit:activity:outbox';

// Bounds what one origin keeps in localStorage (about 350 bytes a window: over 4 hours of 15 s heartbeats).
const MAX_STORED = 1000;

/** The time windows not yet acknowledged by the server, in memory and mirrored to storage. */
export interface Outbox {
  /** Adds a window (kept until {@link Outbox.remove} is called with its id). */
  add(message: TimeSpentMessage): void;
  /** Forgets acknowledged windows. */
  remove(ids: readonly string[]): void;
  /** The windows, oldest first. */
  list(): TimeSpentMessage[];
}

/** An {@link Outbox} that starts with what `storage` kept under `key` (a previous page's unsent windows). */
export function createOutbox(storage: Storage | null, key: string): Outbox {
  const read = (): TimeSpentMessage[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      // A corrupt or foreign entry is skipped rather than sent and refused on every flush.
      return Array.isArray(parsed)
        ? parsed.filter((m) => m?.kind === 'timeSpent' && m.window && m.activity)
        : [];
    } catch {
      return [];
    }
  };
  // Read-modify-write on every change, so windows that another tab stored meanwhile are kept.
  const write = (change: (stored: TimeSpentMessage[]) => TimeSpentMessage[]) => {
    try {
      storage?.setItem(key, JSON.stringify(change(read()).slice(-MAX_STORED)));
    } catch {
      // Storage full or denied (private mode, sandboxed frame): memory still holds every window.
    }
  };
  const entries = new Map(read().map((m) => [m.id, m]));
  return {
    add(message) {
      entries.set(message.id, message);
      write((stored) => [...stored.filter((m) => m.id !== message.id), message]);
    },
    remove(ids) {
      for (const id of ids) entries.delete(id);
      write((stored) => stored.filter((m) => !ids.includes(m.id)));
    },
    list: () => [...entries.values()],
  };
}
