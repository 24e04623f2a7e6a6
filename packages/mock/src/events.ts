import { EVENT_CATALOGUE, type EventType, isEventType } from './catalogue.js';
import { type Core, isoSeconds } from './core.js';
import { isRecord } from './internal/body.js';
import { randomId } from './internal/random.js';
import { orgsOfUser } from './roster/orgs.js';
import { refId } from './roster/views.js';
import type { RaisedEvent } from './state.js';

/** Who and what an event is attributed to, for routing. */
export type EmitOptions = {
  /** Orgs the event is attributed to; by default derived from its data (user, class, org). */
  orgIds?: string[];
  /** The auth client whose call caused the event (its own subscriptions then get no delivery). */
  originClientId?: string;
  /** When the event occurred (default: now on the mock clock). */
  timestamp?: number;
};

/** The orgs an event is attributed to, derived from its data the way the catalogue's receipt rules read. */
function deriveOrgs(core: Core, type: EventType, data: Record<string, unknown>): string[] {
  const roster = core.state.roster;
  const routing = EVENT_CATALOGUE[type].routing;
  if (routing !== 'org') return [];
  const orgs = new Set<string>();
  if (typeof data.orgId === 'string') orgs.add(data.orgId);
  if (type.startsWith('enrollment.') && typeof data.classId === 'string') {
    const school = refId(roster.classes.get(data.classId)?.school);
    if (school) orgs.add(school);
    return [...orgs];
  }
  if (typeof data.userId === 'string' && type !== 'org.config.updated') {
    const user = roster.users.get(data.userId);
    const primaryOnly =
      type.startsWith('insight.') || type.startsWith('mastery.') || type.startsWith('proctoring_');
    if (primaryOnly) {
      if (user?.primaryOrgId) orgs.add(user.primaryOrgId);
    } else {
      for (const org of orgsOfUser(roster, data.userId)) orgs.add(org);
    }
  }
  return [...orgs];
}

/** Checks an event's data against the catalogue: every member of its type must be present. */
export function checkEventData(type: string, data: unknown): asserts data is Record<string, unknown> {
  if (!isEventType(type))
    throw new TypeError(`unknown event type "${type}"; see EVENT_TYPES for the catalogue`);
  if (!isRecord(data)) throw new TypeError(`data of ${type} must be an object`);
  const missing = EVENT_CATALOGUE[type].fields.filter((field) => !(field in data));
  if (missing.length > 0) throw new TypeError(`data of ${type} lacks ${missing.join(', ')}`);
}

/** Records an event and puts it in the outbox; the delivery engine dispatches it at the next drain. */
export function raiseEvent(
  core: Core,
  type: EventType,
  data: Record<string, unknown>,
  options: EmitOptions,
  enqueue: (event: RaisedEvent) => void,
): RaisedEvent {
  const raisedAt = core.clock.now();
  const event: RaisedEvent = {
    envelope: { id: randomId(), type, timestamp: isoSeconds(options.timestamp ?? raisedAt), data },
    orgIds: options.orgIds ?? deriveOrgs(core, type, data),
    originClientId: options.originClientId,
    raisedAt,
  };
  core.state.events.push(event);
  enqueue(event);
  return event;
}
