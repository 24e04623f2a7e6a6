import type { WebhookEventType } from '../catalogue.js';
import type { MockPlatform } from '../platform.js';

/**
 * The data `learnkit-mock trigger <type>` sends when `--data` does not say: references to the seeded student
 * (Ada Lovelace, in the `partner` client's org scope), her enrollment, role and profile, and the seeded
 * application, so a consumer that refetches what an event names finds it (docs/decisions.md#d-i14-trigger).
 */
export function sampleEventData(platform: MockPlatform, type: WebhookEventType): Record<string, unknown> {
  const { roster, application } = platform.fixtures;
  const { state } = platform;
  const userId = roster.student.sourcedId;
  const applicationId = application.applicationId;
  const find = <T>(values: Iterable<T>, match: (value: T) => boolean) => {
    for (const value of values) if (match(value)) return value;
    return undefined;
  };
  const enrollment = find(state.roster.enrollments.values(), (e) => e.userId === userId);
  const role = find(state.roster.roles.values(), (r) => r.userId === userId && !r.ended);
  const profile = find(state.roster.profiles.values(), (p) => p.userId === userId);
  const isProctored = state.applications.get(applicationId)?.proctoringEnabled === true;
  const session = `urn:uuid:${crypto.randomUUID()}`;
  const [family, action] = type.split('.') as [string, string];

  switch (family) {
    case 'test':
      if (type === 'test.ping') return { message: 'Sent by learnkit-mock trigger' };
      return {
        userId,
        applicationId,
        assessmentId: `urn:uuid:${crypto.randomUUID()}`,
        caliperSessionId: session,
        attemptId: `urn:uuid:${crypto.randomUUID()}`,
        action: action === 'started' ? 'Started' : action === 'ended' ? 'Submitted' : 'Abandoned',
        isProctored,
      };
    case 'insight':
      return {
        insightId: crypto.randomUUID(),
        insightType: 'RapidGuessing',
        insightGroup: 'engagement',
        userId,
        caliperSessionId: session,
        rolloutState: 'NOTIFY',
      };
    case 'enrollment':
      return {
        enrollmentId: enrollment?.sourcedId ?? `enr-${userId}`,
        classId: enrollment?.classId ?? roster.classIds[0],
        userId,
      };
    case 'user':
      return type === 'user.deleted' ? { userId, email: roster.student.email } : { userId };
    case 'user_role':
      return { roleId: role?.roleId ?? `role-${userId}`, userId, orgId: role?.orgId ?? roster.schoolIds[0] };
    case 'user_profile':
      return {
        profileId: profile?.profileId ?? `prf-${userId}`,
        userId,
        applicationId: profile?.applicationId ?? null,
      };
    case 'application':
      return { applicationId };
    case 'mastery':
      return { userId, subject: 'Math', masteredGrade: type === 'mastery.deleted' ? null : '03' };
    case 'session':
      return { caliperSessionId: session, userId, applicationId, isProctored };
    case 'proctoring_enforcement':
      return {
        enforcementEventId: crypto.randomUUID(),
        enforcementType: 'warning_accrued',
        userId,
        caliperSessionId: session,
        occurredAt: new Date(platform.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        lockoutId: null,
        triggeringInsightId: null,
      };
    default:
      // org.config.updated, and any type added later: an org in the partner's scope.
      return { orgId: roster.schoolIds[0] };
  }
}
