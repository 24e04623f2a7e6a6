import type { EnrollmentEventData } from '@learnkit/webhooks';

/**
 * What the consumer does with the events it handles: here, an in-memory picture of the partner's side (active
 * enrollments, users to forget) and a log of every event handled. A real consumer writes to its database.
 */
export interface ConsumerStore {
  /** Active enrollments by id, as `enrollment.created` / `enrollment.deleted` leave them. */
  readonly enrollments: Map<string, EnrollmentEventData>;
  /** Users created or changed on the platform, to refetch (`user.created`, `user.updated`). */
  readonly usersToSync: Set<string>;
  /** Users whose data the partner must erase (`user.deleted`). */
  readonly forgottenUsers: Set<string>;
  /** Every event a handler ran for, in order: `{ id, type }`. A redelivery must never appear twice. */
  readonly handled: { id: string; type: string }[];
}

/** An empty in-memory store. */
export function createMemoryStore(): ConsumerStore {
  return { enrollments: new Map(), usersToSync: new Set(), forgottenUsers: new Set(), handled: [] };
}
