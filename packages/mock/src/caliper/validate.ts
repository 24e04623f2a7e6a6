import { caliperEnvelopeIssues, formatCaliperIssue } from '@learnkit/caliper';

/**
 * The problems of a Caliper batch, its envelope and every event, as `path: message` lines (empty when the batch
 * is well-formed). The rules are `@learnkit/activity`'s, the ones `caliper.send` checks before sending, so the
 * SDK and the mock accept and refuse the same events (docs/decisions.md#d-i12-caliper-rules).
 */
export function envelopeProblems(body: unknown): string[] {
  return caliperEnvelopeIssues(body).map(formatCaliperIssue);
}
