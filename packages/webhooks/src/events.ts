import { WebhookVerificationError } from '@learnkit/core';
import {
  CATALOGUE_FIELDS,
  CATALOGUE_TYPES,
  type WebhookEventDataMap,
  type WebhookEventType,
} from './generated/catalogue';

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

const TYPE_CODES: Record<string, WebhookEventField['type']> = {
  '!': 'boolean',
  '#': 'number',
  '%': 'integer',
  '{': 'object',
  '[': 'array',
};

function decodeCatalogue(): Readonly<Record<WebhookEventType, WebhookEventSpec>> {
  const families = CATALOGUE_FIELDS.map((members) => {
    const fields: Record<string, WebhookEventField> = {};
    for (const token of members.split(' ')) {
      const [, name, optional, nullable, code] = /^(\w+)(\??)(~?)(.?)$/.exec(token) as string[];
      fields[name as string] = {
        type: TYPE_CODES[code as string] ?? 'string',
        nullable: !!nullable,
        required: !optional,
      };
    }
    return fields;
  });
  const catalogue: Record<string, WebhookEventSpec> = {};
  for (const row of CATALOGUE_TYPES.split(',')) {
    const [type, family, since] = row.split(' ') as [string, string, string];
    catalogue[type] = { since, fields: families[Number(family)] as WebhookEventSpec['fields'] };
  }
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
    type: K;
    /** When the event occurred (ISO 8601). */
    timestamp: string;
    data: WebhookEventDataMap[K];
  };
}[T];

declare const unknownEventType: unique symbol;

/**
 * The type of an event newer than this SDK's catalogue. A string at run time; typed as a branded template so
 * that comparing `event.type` with a catalogue type narrows `WebhookEvent` to exactly that type's event (a
 * plain `string` member would keep every branch wide). Compare it as `(event.type as string) === 'new.type'`.
 */
export type UnknownWebhookEventType = `${string}.${string}` & { readonly [unknownEventType]: true };

/** A delivery whose type this SDK does not know (a type added to the catalogue later): passed through as is. */
export interface UnknownWebhookEvent {
  id: string;
  type: UnknownWebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** What `verifyWebhook` resolves with: a catalogue event (narrow it with `event.type`) or an unknown type's event. */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;

/** Whether `type` is in this SDK's catalogue. */
export function isWebhookEventType(type: unknown): type is WebhookEventType {
  return typeof type === 'string' && Object.hasOwn(WEBHOOK_EVENT_CATALOGUE, type);
}

/** Whether `event` has a catalogue type (else it is an {@link UnknownWebhookEvent}). */
export function isKnownWebhookEvent(event: WebhookEvent): event is KnownWebhookEvent {
  return isWebhookEventType(event.type);
}

function matches(type: WebhookEventField['type'], value: unknown): boolean {
  if (type === 'number') return Number.isFinite(value);
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return isObject(value);
  return typeof value === type;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a parsed delivery body: the envelope `{ id, type, timestamp, data }`, and for a catalogue type each
 * member of `data` the catalogue lists (present when required, of its JSON type). Other members pass through,
 * and so does an event whose type is newer than this SDK. Throws `WebhookVerificationError('invalid_payload')`.
 *
 * `verifyWebhook` calls it once the signature holds; call it yourself only on an already verified body.
 */
export function parseWebhookEvent(value: unknown): WebhookEvent {
  let problem: string | undefined;
  if (!isObject(value)) problem = 'the body is not a JSON object';
  else {
    const { id, type, timestamp, data } = value;
    if (typeof id !== 'string' || !id) problem = 'id must be a non-empty string';
    else if (typeof type !== 'string' || !type) problem = 'type must be a non-empty string';
    else if (typeof timestamp !== 'string') problem = 'timestamp must be a string';
    else if (!isObject(data)) problem = 'data must be an object';
    else if (isWebhookEventType(type)) {
      const fields = WEBHOOK_EVENT_CATALOGUE[type].fields;
      for (const name in fields) {
        const field = fields[name] as WebhookEventField;
        const member = data[name];
        if (
          member === undefined
            ? field.required
            : member === null
              ? !field.nullable
              : !matches(field.type, member)
        ) {
          problem = `data.${name} of ${type} ${member === undefined ? 'is missing; it ' : ''}must be a ${field.type}${field.nullable ? ' or null' : ''}`;
          break;
        }
      }
    }
  }
  if (problem)
    throw new WebhookVerificationError('invalid_payload', `Signature valid, payload invalid: ${problem}.`);
  return value as unknown as WebhookEvent;
}
