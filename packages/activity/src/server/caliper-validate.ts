import { platformSchemas, ValidationError, type ValidationIssue } from '@learnkit/core';
import { type ZodType, z } from 'zod';
import { CALIPER_CONTEXT } from '../caliper/types';
import { isRecord } from '../check';
import { isIsoTime } from '../protocol';

// Which component schema of openapi/platform.yaml an event must match: the envelope's `anyOf` gives zod a union
// whose errors name no member, so each event is checked against its own schema instead (same rules, clear paths).
type Kind = 'timeSpent' | 'completed' | 'session' | 'assessment' | 'other';

const ROOTS: Record<Kind, Record<string, unknown>> = {
  timeSpent: { $ref: '#/$defs/CaliperTimeSpentEvent' },
  completed: { $ref: '#/$defs/CaliperActivityCompletedEvent' },
  session: {
    allOf: [{ $ref: '#/$defs/CaliperSessionEvent' }, { $ref: '#/$defs/CaliperSessionArchivedRule' }],
  },
  assessment: { $ref: '#/$defs/CaliperAssessmentEvent' },
  other: { allOf: [{ $ref: '#/$defs/CaliperEvent' }, { $ref: '#/$defs/CaliperOtherEventRule' }] },
};

const schemas = new Map<Kind, ZodType>();

/** The validator of one kind, derived from the generated JSON Schemas on first use (a few ms, paid once). */
function schemaOf(kind: Kind): ZodType {
  let schema = schemas.get(kind);
  if (!schema) {
    schema = z.fromJSONSchema({
      $defs: platformSchemas as Record<string, z.core.JSONSchema.JSONSchema>,
      ...ROOTS[kind],
    } as z.core.JSONSchema.JSONSchema);
    schemas.set(kind, schema);
  }
  return schema;
}

function kindOf(event: Record<string, unknown>): Kind {
  switch (event.type) {
    case 'TimeSpentEvent':
      return 'timeSpent';
    case 'SessionEvent':
      return 'session';
    case 'AssessmentEvent':
      return 'assessment';
    case 'ActivityEvent':
      return event.action === 'Completed' ? 'completed' : 'other';
    default:
      return 'other';
  }
}

/** The problems of one Caliper event against the platform's schema; paths start with `at`. */
export function caliperEventIssues(event: unknown, at: (string | number)[] = []): ValidationIssue[] {
  if (!isRecord(event)) return [{ path: at, message: 'must be a Caliper event object' }];
  const result = schemaOf(kindOf(event)).safeParse(event);
  if (result.success) return [];
  return ValidationError.fromZod(result.error).issues.map(({ path, message }) => ({
    path: [...at, ...path],
    message,
  }));
}

/** Whether `v` is an absolute http(s) URL or another absolute IRI (`urn:...`), as `format: uri` wants. */
export function isAbsoluteIri(v: unknown): v is string {
  if (typeof v !== 'string' || /\s/.test(v)) return false;
  try {
    return new URL(v).protocol.length > 1;
  } catch {
    return false;
  }
}

/** The problems of an envelope's own members (not its events). */
export function envelopeIssues(envelope: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { sensor, sendTime, dataVersion, data } = envelope;
  if (!isAbsoluteIri(sensor))
    issues.push({ path: ['sensor'], message: `must be an absolute IRI such as https://app.example.com` });
  if (!isIsoTime(sendTime))
    issues.push({ path: ['sendTime'], message: 'must be an ISO 8601 date-time with a zone' });
  if (dataVersion !== CALIPER_CONTEXT)
    issues.push({ path: ['dataVersion'], message: `must be ${CALIPER_CONTEXT}` });
  if (!Array.isArray(data) || data.length === 0)
    issues.push({ path: ['data'], message: 'must hold at least one event' });
  for (const key of Object.keys(envelope))
    if (!['sensor', 'sendTime', 'dataVersion', 'data'].includes(key))
      issues.push({ path: [key], message: 'is not a member of a Caliper envelope' });
  return issues;
}
