// One rule set for Caliper 1.2 events and envelopes, shared by the SDK's pre-send check (`caliper.send`) and the
// mock's ingest (docs/decisions.md#d-caliper-one-rule-set). Structure only: whether an IRI-only actor or edApp
// matches a rostering user or an application is the platform's business, checked after these rules pass.
import { CALIPER_CONTEXT } from '../context';
import { type EntityMember, EVENT_MEMBERS, eventTypeRule, memberTypes } from './event-types';
import type { CaliperIssue } from './issues';
import { COMMON_MEMBERS, SESSION_RECORDING, TIMEBACK_EVENTS } from './timeback';
import { isDateTime, isEventId, isIri, isObject, shown } from './values';
import { CALIPER_PROFILES, isEntityType, isSubtypeOf } from './vocabulary';

const CONTEXT = CALIPER_CONTEXT;

type Path = (string | number)[];

/**
 * `@context`: the Caliper 1.2 context IRI, or an array (of IRIs and inline context objects) that holds it.
 * Caliper 1.2 section 4.1 forbids a top-level context given only as an object.
 */
function contextIssue(value: unknown, path: Path): CaliperIssue | undefined {
  if (value === CONTEXT) return undefined;
  if (Array.isArray(value) && value.includes(CONTEXT)) {
    const bad = value.findIndex((entry) => typeof entry !== 'string' && !isObject(entry));
    if (bad === -1) return undefined;
    return { path: [...path, bad], message: 'must be a context IRI or an inline context object' };
  }
  return {
    path,
    message: `must be "${CONTEXT}", or an array of contexts that holds it (got ${shown(value)})`,
  };
}

/** An entity member: an IRI, or an object with an IRI `id` and a `type` among `allowed` (or their subtypes). */
function entityIssues(value: unknown, allowed: readonly string[], path: Path): CaliperIssue[] {
  const wanted = allowed.join(' or ');
  if (typeof value === 'string')
    return isIri(value)
      ? []
      : [
          {
            path,
            message: `must be an absolute IRI, or an entity object of type ${wanted} (got ${shown(value)})`,
          },
        ];
  if (!isObject(value))
    return [
      {
        path,
        message: `must be an absolute IRI, or an entity object of type ${wanted} (got ${shown(value)})`,
      },
    ];
  const issues: CaliperIssue[] = [];
  if (!isIri(value.id))
    issues.push({
      path: [...path, 'id'],
      message: `must be the entity's absolute IRI (got ${shown(value.id)})`,
    });
  const type = value.type;
  if (typeof type !== 'string' || !isEntityType(type))
    issues.push({
      path: [...path, 'type'],
      message: `must be a Caliper 1.2 entity type, here ${wanted} (got ${shown(type)})`,
    });
  else if (!allowed.some((parent) => isSubtypeOf(type, parent)))
    issues.push({
      path: [...path, 'type'],
      message: `must be ${wanted} (or a subtype) here (got "${type}")`,
    });
  return issues;
}

/**
 * The problems of one Caliper 1.2 event (empty when it is valid), with paths starting at `at`. Checks what
 * Caliper 1.2 requires of every event (`@context`, a `urn:uuid` id, a known type, an action that type allows,
 * `actor`, `object`, `eventTime`, entity members of the types the type allows, as objects or IRIs) and the
 * platform's profile (`TimeSpentEvent` and `ActivityEvent` `Completed` member by member, the SessionRecording
 * of a `SessionEvent` `Archived`).
 *
 * @example
 * caliperEventIssues({ ...event, action: 'Deleted' }, ['data', 2]);
 * // [{ path: ['data', 2, 'action'], message: 'must be one of LoggedIn, ... for type SessionEvent (got "Deleted")' }]
 */
export function caliperEventIssues(event: unknown, at: Path = []): CaliperIssue[] {
  if (!isObject(event))
    return [{ path: at, message: `must be a Caliper event object (got ${shown(event)})` }];
  if (typeof event.type === 'string' && isEntityType(event.type) && !Object.hasOwn(event, 'action'))
    return [
      {
        path: at,
        message: `is a Caliper entity describe (type ${event.type}); send events only, with the entity inline as a member`,
      },
    ];
  const issues: CaliperIssue[] = [];
  const add = (member: string | number, message: string) => issues.push({ path: [...at, member], message });
  const has = (member: string) => Object.hasOwn(event, member);

  if (!has('@context')) add('@context', `is required: "${CONTEXT}"`);
  else {
    const issue = contextIssue(event['@context'], [...at, '@context']);
    if (issue) issues.push(issue);
  }
  if (!has('id')) add('id', 'is required: urn:uuid:<uuid>, unique per event');
  else if (!isEventId(event.id)) add('id', `must be urn:uuid:<uuid> (got ${shown(event.id)})`);
  if (!has('eventTime')) add('eventTime', 'is required: an ISO 8601 date-time with a zone');
  else if (!isDateTime(event.eventTime))
    add(
      'eventTime',
      `must be an ISO 8601 date-time with a zone, e.g. 2026-01-05T10:15:30Z (got ${shown(event.eventTime)})`,
    );
  if (has('profile') && !(typeof event.profile === 'string' && CALIPER_PROFILES.includes(event.profile)))
    add(
      'profile',
      `must be a Caliper 1.2 profile such as GeneralProfile, or TimebackProfile (got ${shown(event.profile)})`,
    );
  if (has('extensions') && !isObject(event.extensions))
    add('extensions', `must be an object of extension members (got ${shown(event.extensions)})`);

  const type = event.type;
  const rule = typeof type === 'string' ? eventTypeRule(type) : undefined;
  if (!has('type')) add('type', 'is required: a Caliper 1.2 event type such as NavigationEvent, or Event');
  else if (!rule)
    add(
      'type',
      `must be a Caliper 1.2 event type (Event, SessionEvent, ...) or a platform one (got ${shown(type)})`,
    );

  const action = event.action;
  if (!has('action')) add('action', 'is required: the Caliper action, e.g. Viewed');
  else if (typeof action !== 'string') add('action', `must be a string (got ${shown(action)})`);
  else if (rule && !rule.actions.includes(action))
    add('action', `must be one of ${rule.actions.join(', ')} for type ${type} (got "${action}")`);
  for (const member of ['actor', 'object'] as const)
    if (!has(member) || event[member] === null)
      add(member, `is required: the event's ${member}, as an entity object or its IRI`);

  if (!rule || typeof type !== 'string') return issues;
  const act = typeof action === 'string' ? action : '';
  const profile = Object.hasOwn(TIMEBACK_EVENTS, type) ? TIMEBACK_EVENTS[type] : undefined;
  if (profile) {
    for (const [member, [check, presence]] of Object.entries(profile)) {
      if (has(member)) {
        if (event[member] !== null || (member !== 'actor' && member !== 'object'))
          check(event[member], [...at, member], issues);
      } else if (presence === 'required' && member !== 'actor' && member !== 'object')
        add(member, 'is required');
    }
    for (const member of Object.keys(event))
      if (!COMMON_MEMBERS.includes(member) && !Object.hasOwn(profile, member))
        add(member, `is not allowed in a ${type} of the platform profile, which lists every member`);
    if (has('edApp')) issues.push(...entityIssues(event.edApp, EVENT_MEMBERS.edApp, [...at, 'edApp']));
    return issues;
  }

  const archived = type === 'SessionEvent' && act === 'Archived';
  for (const member of Object.keys(EVENT_MEMBERS) as EntityMember[]) {
    if (!has(member) || event[member] === null) continue;
    if (member === 'object' && archived) SESSION_RECORDING(event.object, [...at, 'object'], issues);
    else issues.push(...entityIssues(event[member], memberTypes(rule, act, member), [...at, member]));
  }
  for (const member of rule.requiredFor?.[act] ?? [])
    if (!has(member) || event[member] === null)
      add(member, `is required when a ${type} has action ${act}: an entity object or its IRI`);
  return issues;
}

/**
 * The problems of an envelope's own members (not its events): `sensor` an absolute IRI, `sendTime` a
 * date-time, `dataVersion` the Caliper 1.2 context, `data` a non-empty array, and no other member.
 */
export function envelopeMemberIssues(envelope: Record<string, unknown>): CaliperIssue[] {
  const issues: CaliperIssue[] = [];
  const add = (member: string, message: string) => issues.push({ path: [member], message });
  const { sensor, sendTime, dataVersion, data } = envelope;
  if (!isIri(sensor)) add('sensor', `must be the sending application's absolute IRI (got ${shown(sensor)})`);
  if (!isDateTime(sendTime))
    add('sendTime', `must be an ISO 8601 date-time with a zone (got ${shown(sendTime)})`);
  if (dataVersion !== CONTEXT) add('dataVersion', `must be "${CONTEXT}" (got ${shown(dataVersion)})`);
  if (!Array.isArray(data) || data.length === 0)
    add('data', `must be a non-empty array of events (got ${shown(data)})`);
  for (const key of Object.keys(envelope))
    if (!['sensor', 'sendTime', 'dataVersion', 'data'].includes(key))
      add(key, 'is not a member of a Caliper envelope (sensor, sendTime, dataVersion, data)');
  return issues;
}

/**
 * The problems of a Caliper 1.2 envelope and of every event in it (empty when all are valid); see
 * {@link caliperEventIssues} for the events, whose paths start with `['data', index]`.
 *
 * @example
 * caliperEnvelopeIssues(JSON.parse(body)).map(formatCaliperIssue); // ['data[2].object: is required: ...']
 */
export function caliperEnvelopeIssues(envelope: unknown): CaliperIssue[] {
  if (!isObject(envelope))
    return [
      {
        path: [],
        message: `must be a Caliper envelope { sensor, sendTime, dataVersion, data } (got ${shown(envelope)})`,
      },
    ];
  const issues = envelopeMemberIssues(envelope);
  const { data } = envelope;
  if (Array.isArray(data))
    data.forEach((event, i) => {
      issues.push(...caliperEventIssues(event, ['data', i]));
    });
  return issues;
}
