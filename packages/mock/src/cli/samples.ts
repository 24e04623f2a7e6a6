import { WEBHOOK_EVENT_RULES, type WebhookEventType } from '../catalogue.js';
import type { MockPlatform } from '../platform.js';

/**
 * The data `learnkit-mock trigger <type>` sends when `--data` does not say: for each member the catalogue lists for
 * the type, a reference to the seeded student (Ada Lovelace, in the `partner` client's org scope), her enrollment,
 * role and profile, and the seeded application, so a consumer that refetches what an event names finds it
 * (docs/decisions.md#d-mock-trigger-command); a member of a closed list takes an allowed value, and one the seed knows
 * nothing of a fresh id (or null where the catalogue allows it).
 */
export function sampleEventData(platform: MockPlatform, type: WebhookEventType): Record<string, unknown> {
  const { roster, application } = platform.fixtures;
  const { state } = platform;
  const userId = roster.student.sourcedId;
  const enrollment = [...state.roster.enrollments.values()].find((e) => e.userId === userId);
  const role = [...state.roster.roles.values()].find((r) => r.userId === userId && !r.ended);
  const profile = [...state.roster.profiles.values()].find((p) => p.userId === userId);
  const uuid = () => crypto.randomUUID();
  const known: Record<string, unknown> = {
    message: 'Sent by learnkit-mock trigger',
    userId,
    email: roster.student.email,
    // A profile event names the profile's application (none for the seeded one); other events the seeded one.
    applicationId: type.startsWith('user_profile.')
      ? (profile?.applicationId ?? null)
      : application.applicationId,
    orgId: role?.orgId ?? roster.schoolIds[0],
    roleId: role?.roleId ?? `role-${userId}`,
    profileId: profile?.profileId ?? `prf-${userId}`,
    enrollmentId: enrollment?.sourcedId ?? `enr-${userId}`,
    classId: enrollment?.classId ?? roster.classIds[0],
    caliperSessionId: `urn:uuid:${uuid()}`,
    assessmentId: `urn:uuid:${uuid()}`,
    attemptId: `urn:uuid:${uuid()}`,
    isProctored: state.applications.get(application.applicationId)?.proctoringEnabled === true,
    insightType: 'RapidGuessing',
    insightGroup: 'engagement',
    rolloutState: 'NOTIFY',
    subject: 'Math',
    masteredGrade: '03',
    enforcementType: 'warning_accrued',
    occurredAt: new Date(platform.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  const rule = WEBHOOK_EVENT_RULES[type];
  return Object.fromEntries(
    rule.fields.map((field) => {
      const allowed = rule.values?.[field];
      const value = known[field] ?? (rule.nullable?.includes(field) ? null : uuid());
      return [field, allowed && !allowed.includes(value as string | null) ? allowed[0] : value];
    }),
  );
}
