// What a store of the activity queue implements (docs/decisions.md#d-queue-store-contract). The memory store and the
// Redis store are the two LearnKit ships; the worker and `queue.record` use nothing else of a store.

/** An entry as a store hands it to a worker. */
export interface StoredEntry {
  /** The store's id of the entry (a Redis stream id: `<ms>-<seq>`). */
  id: string;
  /** The entry as `queue.record` wrote it (JSON). */
  payload: string;
  /** When it was stored, in ms since the epoch. */
  addedAt: number;
}

/** A dead letter to store: an event (or a record) the platform refused, and why. */
export interface DeadLetterInput {
  /** The entry to send again when the dead letter is retried (JSON). */
  payload: string;
  /** Why: the platform's message, or what failed. */
  reason: string;
  /** The HTTP status of the refusal, when the platform responded. */
  status?: number | undefined;
  /** When it was dead-lettered, in ms since the epoch. */
  at: number;
}

/** A dead letter as a store lists it. */
export interface StoredDeadLetter extends DeadLetterInput {
  /** The store's id of the dead letter. */
  id: string;
}

/** What a store holds now, for `queue.stats()` and the `onQueue` hook. */
export interface StoreFigures {
  /** Entries stored and not acknowledged: waiting, or held by a worker. */
  depth: number;
  /** Of those, the ones a worker holds. */
  inFlight: number;
  /** When the oldest of them was stored (ms since the epoch), if any. */
  oldestAt: number | undefined;
  /** Dead letters stored. */
  deadLetters: number;
}

/**
 * A durable (or, for development, in-memory) store of the activity queue. Entries are handed to one worker at a time
 * (`take`); a worker that stops responding loses them after a visibility timeout (`reclaim` hands them to another),
 * keeps them while it works (`extend`), gives them back (`release`) or removes them once sent (`ack`).
 */
export interface ActivityQueueStore {
  /** Names the store in errors, logs and hooks: `memory`, `redis learnkit:activity:queue`. */
  readonly name: string;
  /** Checks the store returns and prepares it (the Redis store creates its consumer group); rejects naming it. */
  ready(): Promise<void>;
  /** Stores entries durably; resolves with their ids once stored, and only then. */
  add(payloads: readonly string[]): Promise<string[]>;
  /** Hands up to `count` entries no worker has had yet to `consumer`, oldest first. */
  take(consumer: string, count: number): Promise<StoredEntry[]>;
  /** Hands to `consumer` up to `count` entries another worker took and has not touched for `idleMs`. */
  reclaim(consumer: string, idleMs: number, count: number): Promise<StoredEntry[]>;
  /** `consumer` is still working on these: their visibility timeout starts again. */
  extend(consumer: string, ids: readonly string[]): Promise<void>;
  /** `consumer` gives these back: any worker may take them at once. */
  release(consumer: string, ids: readonly string[]): Promise<void>;
  /** Removes entries that were sent (or dead-lettered). */
  ack(ids: readonly string[]): Promise<void>;
  /** Stores dead letters. */
  addDeadLetters(letters: readonly DeadLetterInput[]): Promise<void>;
  /** Up to `limit` dead letters, oldest first, after the one with id `after` when given. */
  listDeadLetters(options: { limit: number; after?: string | undefined }): Promise<StoredDeadLetter[]>;
  /** Adds the entries of these dead letters (every one with `'all'`) back to the queue and removes them; how many. */
  redrive(ids: readonly string[] | 'all'): Promise<number>;
  /** What the store holds now. */
  figures(): Promise<StoreFigures>;
}
