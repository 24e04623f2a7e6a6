import { WEBHOOK_EVENT_SCHEMAS, type WebhookEventType } from './generated/event-schemas.js';

// The event catalogue as the mock checks and routes it. The members of each type's `data` are generated from
// openapi/platform.yaml (generated/event-schemas.ts); what the schemas cannot say is here, as code: how a type is
// routed, and the spec's two refinements of the shared data schemas (docs/decisions.md#d-mock-event-catalogue-generated).

export type { WebhookEventType } from './generated/event-schemas.js';

/**
 * How an event type is routed: `org` events go to subscribers whose org scope covers the event's orgs,
 * `application` events (no org) only to platform-internal clients, `broadcast` events (not tied to an entity,
 * only `test.ping`) to every subscriber of the type.
 */
export type EventRouting = 'org' | 'application' | 'broadcast';

/**
 * One entry of {@link WEBHOOK_EVENT_RULES}: what an event type's `data` carries, since when, how it is routed.
 * Every member is a string unless listed in `flags` (booleans), and never null unless listed in `nullable`.
 */
export interface WebhookEventRule {
  /** The members a `data` of the type may have, and the only ones (`platform.emit` throws for any other). */
  readonly fields: readonly string[];
  /** The catalogue version that introduced the type (`v1.0` to `v1.7`). */
  readonly since: string;
  /** Which subscribers receive the type: see {@link EventRouting}. */
  readonly routing: EventRouting;
  /** Members a `data` may leave out (for example `insightGroup`, which the `Journal` type has not). */
  readonly optional?: readonly string[];
  /** Members that may be null (for example `insightGroup` of a type without a group). */
  readonly nullable?: readonly string[];
  /** Members that are booleans (`isProctored`). */
  readonly flags?: readonly string[];
  /** Members whose value is one of a closed list (for example `enforcementType`). */
  readonly values?: Readonly<Record<string, readonly (string | null)[]>>;
}

/** The `insight.*` types: a finding in `SHADOW` raises none of them. */
export type InsightEventType = Extract<WebhookEventType, `insight.${string}`>;

/** The types not routed by org scope; every other type (a new one too) is an `org` event (spec/001, receipt rules). */
const ROUTING: Partial<Record<WebhookEventType, EventRouting>> = {
  'test.ping': 'broadcast',
  'application.created': 'application',
  'application.updated': 'application',
  'application.deleted': 'application',
};

/**
 * The spec's refinements that one data schema per group of types cannot state: `masteredGrade` is null in
 * `mastery.deleted` and only there, and each `test.*` type has its own action (docs/decisions.md#d-event-data-checked).
 * `notNull`: members nullable in the shared schema that are never null for the type; `values`: a narrower list.
 */
const REFINEMENTS: Partial<
  Record<WebhookEventType, Pick<WebhookEventRule, 'values'> & { notNull?: string[] }>
> = {
  'mastery.created': { notNull: ['masteredGrade'] },
  'mastery.updated': { notNull: ['masteredGrade'] },
  'mastery.deleted': { values: { masteredGrade: [null] } },
  'test.started': { values: { action: ['Started'] } },
  'test.ended': { values: { action: ['Submitted'] } },
  'test.exited': { values: { action: ['Abandoned'] } },
};

/** The rule of one type: its generated data schema, routed, with the spec's refinement applied. */
function ruleOf(type: WebhookEventType): WebhookEventRule {
  const { since, data } = WEBHOOK_EVENT_SCHEMAS[type];
  const refinement = REFINEMENTS[type];
  const nullable = data.nullable.filter((field) => !refinement?.notNull?.includes(field));
  const values = { ...data.values, ...refinement?.values };
  // Only the lists that say something, so an entry reads as the spec does (no empty `flags: []`).
  return {
    fields: data.fields,
    since,
    routing: ROUTING[type] ?? 'org',
    ...(data.optional.length > 0 && { optional: data.optional }),
    ...(nullable.length > 0 && { nullable }),
    ...(data.flags.length > 0 && { flags: data.flags }),
    ...(Object.keys(values).length > 0 && { values }),
  };
}

/**
 * The 29 event types of the platform's catalogue, in catalogue order, with what the mock checks of their `data`
 * and how it routes them. Generated from openapi/platform.yaml, with the spec's refinements.
 */
export const WEBHOOK_EVENT_RULES: Readonly<Record<WebhookEventType, WebhookEventRule>> = Object.fromEntries(
  (Object.keys(WEBHOOK_EVENT_SCHEMAS) as WebhookEventType[]).map((type) => [type, ruleOf(type)]),
) as Record<WebhookEventType, WebhookEventRule>;

/** Every catalogue event type, in catalogue order. */
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_RULES) as WebhookEventType[];

/** Whether `value` is a catalogue event type. */
export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && Object.hasOwn(WEBHOOK_EVENT_RULES, value);
}
