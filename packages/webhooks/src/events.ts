import {
  CATALOGUE_MEMBERS,
  CATALOGUE_SINCE,
  CATALOGUE_TYPES,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventDataMap,
  type WebhookEventType,
} from './generated/catalogue';
import { fail } from './internal/fail';

export {
  CATALOGUE_VERSION,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventDataMap,
  type WebhookEventType,
} from './generated/catalogue';

/** The JSON type of one member of an event's `data`. */
export interface WebhookEventField {
  /** The JSON type of the value (besides `null` when `nullable`). */
  readonly type: 'string' | 'boolean' | 'number' | 'integer' | 'object' | 'array';
  /** Whether `null` is allowed. */
  readonly nullable: boolean;
  /** Whether the member is always present. */
  readonly required: boolean;
}

/** One entry of the catalogue: the version the type first appeared in and the members of its `data`. */
export interface WebhookEventSpec {
  /** The catalogue version the type first appeared in (the spec's Since column), e.g. `v1.4`. */
  readonly since: string;
  /** The members of `data` and their JSON types; other members may appear and pass through. */
  readonly fields: Readonly<Record<string, WebhookEventField>>;
}

/** One member of a `data`: `[token, name, '?' when optional, '~' when nullable, JSON type or '' for string]`. */
type Member = string[];

/** `name`, `?` optional, `~` nullable, `:type` unless a string (see CATALOGUE_MEMBERS), parsed. */
const parse = (members: string): Member[] =>
  members.split(' ').map((token) => /^(\w+)(\??)(~?):?(\w*)$/.exec(token) as Member);

// Parsed once, when the module loads: checking a delivery then costs about as much as hand-written checks.
const GROUPS = /* @__PURE__ */ CATALOGUE_MEMBERS.split(';').map(parse);
const BODY = /* @__PURE__ */ parse('body:object');
const ENVELOPE = /* @__PURE__ */ parse('id type timestamp data:object');

/**
 * The members of `type`'s data (see CATALOGUE_MEMBERS), or undefined for a type the catalogue lacks. Read from the
 * compact form, so verifying a delivery never builds the whole decoded catalogue.
 */
function membersOf(type: string): Member[] | undefined {
  const match = CATALOGUE_TYPES.exec(type);
  // Exactly one capture group matched: the one holding the whole type.
  return match ? GROUPS[match.indexOf(type, 1) - 1] : undefined;
}

function decodeCatalogue(): Readonly<Record<WebhookEventType, WebhookEventSpec>> {
  const since = CATALOGUE_SINCE.split(' ');
  // Null prototypes: looking up a type or member read from input (`constructor`, `__proto__`) finds nothing of
  // Object's (docs/decisions.md#d-own-property-lookups).
  const catalogue: Record<string, WebhookEventSpec> = Object.create(null);
  WEBHOOK_EVENT_TYPES.forEach((type, i) => {
    const fields: Record<string, WebhookEventField> = Object.create(null);
    for (const [, name, optional, nullable, json] of membersOf(type) ?? []) {
      fields[name as string] = {
        type: (json || 'string') as WebhookEventField['type'],
        nullable: !!nullable,
        required: !optional,
      };
    }
    catalogue[type] = { since: since[i] as string, fields };
  });
  return catalogue as Record<WebhookEventType, WebhookEventSpec>;
}

/**
 * The event catalogue this SDK knows (generated from openapi/platform.yaml): each type, the catalogue version
 * it first appeared in (`since`), and the members of its `data` with their JSON types.
 *
 * @example
 * WEBHOOK_EVENT_CATALOGUE['org.config.updated'] // { since: 'v1.7', fields: { orgId: { type: 'string', nullable: false, required: true } } }
 */
export const WEBHOOK_EVENT_CATALOGUE: Readonly<Record<WebhookEventType, WebhookEventSpec>> =
  /* @__PURE__ */ decodeCatalogue();

/**
 * A delivery of a catalogue event type: the envelope `{ id, type, timestamp, data }` with the type's `data`.
 * `KnownWebhookEvent<'enrollment.created'>` is one type; `KnownWebhookEvent` the union of all 29.
 */
export type KnownWebhookEvent<T extends WebhookEventType = WebhookEventType> = {
  [K in T]: {
    /** Stable event id: the same for every subscription and every retry; deduplicate by it. */
    id: string;
    /** The event type; comparing it with a catalogue type narrows `data`. */
    type: K;
    /** When the event occurred (ISO 8601). */
    timestamp: string;
    /** The type's references and classification values (see {@link WebhookEventDataMap}). */
    data: WebhookEventDataMap[K];
  };
}[T];

declare const unknownEventType: unique symbol;

/**
 * The type of an event newer than this SDK's catalogue. A string at run time; typed as a branded template so
 * that comparing `event.type` with a catalogue type narrows `WebhookEvent` to exactly that type's event (a
 * plain `string` member would keep every branch wide). Compare it as `(event.type as string) === 'new.type'`.
 */
export type UnknownWebhookEventType = `${string}.${string}` & {
  /** Type-level brand only: absent at run time, where the value is a plain string. */
  readonly [unknownEventType]: true;
};

/** A delivery whose type this SDK does not know (a type added to the catalogue later): passed through as is. */
export interface UnknownWebhookEvent {
  /** Stable event id: the same for every subscription and every retry; deduplicate by it. */
  id: string;
  /** The event type, one this SDK's catalogue lacks. */
  type: UnknownWebhookEventType;
  /** When the event occurred (ISO 8601). */
  timestamp: string;
  /** The event's `data` as delivered, unchecked. */
  data: Record<string, unknown>;
}

/** What `verifyWebhook` resolves with: a catalogue event (narrow it with `event.type`) or an unknown type's event. */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;

/** Whether `type` is in this SDK's catalogue. */
export function isWebhookEventType(type: unknown): type is WebhookEventType {
  return typeof type === 'string' && CATALOGUE_TYPES.test(type);
}

/** Whether `event` has a catalogue type (else it is an {@link UnknownWebhookEvent}). */
export function isKnownWebhookEvent(event: WebhookEvent): event is KnownWebhookEvent {
  return isWebhookEventType(event.type);
}

/**
 * The first problem of `value` against encoded `members` (see CATALOGUE_MEMBERS), or undefined. Values are JSON,
 * so a number is always finite and `typeof` tells the catalogue's types apart (an array is no object here).
 */
function problemOf(
  value: Record<string, unknown>,
  members: Member[] | undefined,
  where: string,
): string | undefined {
  for (const [, name, optional, nullable, json] of members ?? []) {
    const member = value[name as string];
    const type = json || 'string';
    if (
      member === undefined
        ? !optional
        : member === null
          ? !nullable
          : typeof member !== type || Array.isArray(member)
    ) {
      return `${where}${name} ${member === undefined ? 'is missing' : `must be ${type}`}`;
    }
  }
}

/**
 * Checks a parsed delivery body: the envelope `{ id, type, timestamp, data }` (`id` and `type` non-empty), and for
 * a catalogue type each member of `data` the catalogue lists (present when required, of its JSON type). Other
 * members pass through, and so does an event whose type is newer than this SDK. Throws
 * `WebhookVerificationError('invalid_payload')`.
 *
 * `verifyWebhook` calls it once the signature holds; call it yourself only on an already verified body.
 */
export function parseWebhookEvent(value: unknown): WebhookEvent {
  // `value` stands for the event throughout (no alias): the web bundle counts every byte.
  const problem =
    problemOf({ body: value }, BODY, '') ??
    problemOf(value as Record<string, unknown>, ENVELOPE, '') ??
    ((value as WebhookEvent).id && (value as WebhookEvent).type
      ? problemOf(
          (value as WebhookEvent).data as Record<string, unknown>,
          membersOf((value as WebhookEvent).type),
          `${(value as WebhookEvent).type} data.`,
        )
      : 'empty id or type');
  return problem ? fail('invalid_payload', ` (${problem})`) : (value as WebhookEvent);
}
