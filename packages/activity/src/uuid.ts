/** A random RFC 4122 version 4 UUID (`crypto.randomUUID`: browsers offer it in secure contexts only). */
export const randomUuid = (): string => crypto.randomUUID();

/** A fresh Caliper event id, `urn:uuid:<uuid>`. */
export function newEventId(): string {
  return `urn:uuid:${randomUuid()}`;
}

/** Matches an event id made by {@link newEventId} (any 8-4-4-4-12 hex, as the Caliper schemas do). */
export const EVENT_ID_PATTERN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
