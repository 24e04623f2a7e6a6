/**
 * `@learnkit/caliper`: the Caliper 1.2 rules the platform applies to what it ingests (the IMS vocabulary, the
 * event types' members, the platform's profile), as pure checks with no dependency. `@learnkit/activity` checks
 * events with them before sending; `@learnkit/mock` refuses with them what the platform would refuse
 * (docs/decisions.md#d-caliper-one-rule-set).
 *
 * @packageDocumentation
 * @module \@learnkit/caliper
 */

export { CALIPER_CONTEXT } from './context';
export { caliperEnvelopeIssues, caliperEventIssues, envelopeMemberIssues } from './rules/check';
export { type CaliperIssue, formatCaliperIssue } from './rules/issues';
export { isIri } from './rules/values';
