import { isWebhookEventType, WEBHOOK_EVENT_RULES, type WebhookEventType } from './catalogue.js';
import { type Core, isoSeconds } from './core.js';
import type { EmitOptions } from './emit-options.js';
import { insightEventData } from './insights.js';
import { isRecord } from './internal/body.js';
import { randomId } from './internal/random.js';
import { orgsOfUser } from './roster/orgs.js';
import { refId } from './roster/views.js';
import type { RaisedEvent } from './state.js';

export type { EmitOptions } from './emit-options.js';

/** The orgs an event is attributed to, derived from its data the way the catalogue's receipt rules read. */
function deriveOrgs(core: Core, type: WebhookEventType, data: Record<string, unknown>): string[] {
  if (WEBHOOK_EVENT_RULES[type].routing !== 'org') return [];
  const roster = core.state.roster;
  const orgs = new Set<string>();
  if (typeof data.orgId === 'string') orgs.add(data.orgId);
  if (type.startsWith('enrollment.') && typeof data.classId === 'string') {
    const school = refId(roster.classes.get(data.classId)?.school);
    if (school) orgs.add(school);
    return [...orgs];
  }
  if (typeof data.userId === 'string' && type !== 'org.config.updated') {
    // A finding, a mastery or a proctoring event is the user's primary org's only.
    const userOrgs = /^(insight\.|mastery\.|proctoring_)/.test(type)
      ? [roster.users.get(data.userId)?.primaryOrgId]
      : orgsOfUser(roster, data.userId);
    for (const org of userOrgs) if (org) orgs.add(org);
  }
  return [...orgs];
}

const shown = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

/** `type` and `data` typed, or a TypeError unless `type` is a catalogue type and `data` an object. */
function checkKind(type: string, data: unknown): { type: WebhookEventType; data: Record<string, unknown> } {
  if (!isWebhookEventType(type))
    throw new TypeError(`unknown event type "${type}"; see WEBHOOK_EVENT_TYPES for the catalogue`);
  if (!isRecord(data)) throw new TypeError(`data of ${type} must be an object`);
  return { type, data };
}

/**
 * Checks an event's data against the catalogue: exactly the members of its type (references and a few
 * classification values, never an embedded entity), each a string, a flag or null where the catalogue says so,
 * and within the closed lists of values. A platform that raised anything else would break the contract.
 */
export function checkEventData(type: string, data: unknown): asserts data is Record<string, unknown> {
  const checked = checkKind(type, data);
  const entry = WEBHOOK_EVENT_RULES[checked.type];
  const missing = entry.fields.filter(
    (field) => !(field in checked.data) && !entry.optional?.includes(field),
  );
  if (missing.length > 0) throw new TypeError(`data of ${type} lacks ${missing.join(', ')}`);
  const extra = Object.keys(checked.data).filter((field) => !entry.fields.includes(field));
  if (extra.length > 0) {
    throw new TypeError(
      `data of ${type} has no member ${extra.join(', ')}: events carry references only (${entry.fields.join(', ')}); consumers read the rest through the API`,
    );
  }
  for (const field of entry.fields) {
    if (!(field in checked.data)) continue;
    const value = checked.data[field];
    const kind = entry.flags?.includes(field) ? 'boolean' : 'string';
    const nullable = entry.nullable?.includes(field) ?? false;
    if (!(typeof value === kind || (nullable && value === null))) {
      throw new TypeError(
        `data.${field} of ${type} must be a ${kind}${nullable ? ' or null' : ''}, got ${shown(value)}`,
      );
    }
    const allowed = entry.values?.[field];
    if (allowed && !allowed.includes(value as string | null)) {
      throw new TypeError(
        `data.${field} of ${type} must be one of ${allowed.map(shown).join(', ')}, got ${shown(value)}`,
      );
    }
  }
}

/**
 * The data `platform.emit` raises for `type`, or undefined when the platform would raise nothing (an insight
 * finding in `SHADOW`). Fills what the catalogue lets a caller leave out: an insight's `insightGroup` (from its
 * type) and the null `masteredGrade` of `mastery.deleted`.
 */
export function emittedData(type: string, data: unknown): Record<string, unknown> | undefined {
  const checked = checkKind(type, data);
  if (checked.type.startsWith('insight.')) return insightEventData(checked.data);
  if (checked.type === 'mastery.deleted' && !('masteredGrade' in checked.data))
    return { ...checked.data, masteredGrade: null };
  return checked.data;
}

/** Checks and records an event and puts it in the outbox; the delivery engine dispatches it at the next drain. */
export function raiseEvent(
  core: Core,
  type: WebhookEventType,
  data: Record<string, unknown>,
  options: EmitOptions = {},
): RaisedEvent {
  checkEventData(type, data);
  // In catalogue order, whatever order the caller wrote the members in.
  const ordered = Object.fromEntries(
    WEBHOOK_EVENT_RULES[type].fields.filter((field) => field in data).map((field) => [field, data[field]]),
  );
  const raisedAt = core.clock.now();
  const event: RaisedEvent = {
    envelope: { id: randomId(), type, timestamp: isoSeconds(options.timestamp ?? raisedAt), data: ordered },
    orgIds: options.orgIds ?? deriveOrgs(core, type, ordered),
    originClientId: options.originClientId,
    raisedAt,
  };
  core.state.events.push(event);
  core.deliveries.enqueue(event);
  return event;
}
