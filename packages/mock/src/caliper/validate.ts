import { caliperEnvelopeIssues, formatCaliperIssue } from '@learnkit/activity/caliper';
import type { Shape } from '../internal/shape.js';

/**
 * The problems of a Caliper batch, its envelope and every event, as `path: message` lines (empty when the batch
 * is well-formed). The rules are `@learnkit/activity`'s, the ones `caliper.send` checks before sending, so the
 * SDK and the mock accept and refuse the same events (docs/decisions.md#d-i12-caliper-rules).
 */
export function envelopeProblems(body: unknown): string[] {
  return caliperEnvelopeIssues(body).map(formatCaliperIssue);
}

/**
 * The session metadata `POST /insights/1.0/sessions` may write (what `writeSessionMetadata` applies); a
 * SessionRecording carries the same members, checked by the shared Caliper rules.
 */
export const SESSION_METADATA: Shape['fields'] = {
  isProctored: { type: 'boolean' },
  webcamUsed: { type: 'boolean' },
  recordingStartedAtTime: { type: 'dateTime' },
  recordingEndedAtTime: { type: 'dateTime', nullable: true },
  storageKey: { type: 'string' },
  subject: { type: 'string' },
  extensions: { type: 'object' },
};
