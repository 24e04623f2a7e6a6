import type { ListQuery, RequestOptions, PlatformSchemas as Schemas } from '@learnkit/core';

/** Per-call settings: abort signal, timeout, deadline, retries, extra headers (idempotency is fixed per operation). */
export type PlatformCallOptions = Pick<
  RequestOptions,
  'signal' | 'timeoutMs' | 'deadlineMs' | 'retry' | 'headers'
>;

/**
 * The query of a platform listing. openapi/platform.yaml declares no query parameters on these listings (each
 * answers its whole list), so every member of the family's list query is refused, at compile time here and
 * with a `ValidationError` at run time (docs/decisions.md#d-i16-platform-lists).
 */
export type PlatformListQuery = { readonly [K in keyof ListQuery]?: never };

/**
 * An application of the registry: `sourcedId` and `name`, and whatever other members the platform keeps (the
 * document lets them pass through, d-oa-20), typed `unknown` until read.
 */
export type Application = Schemas['Application'] & { readonly [member: string]: unknown };
/** The body of `applications.applications.upsert` (open). */
export type ApplicationUpsert = Schemas['ApplicationUpsert'];
/** The body of `applications.drafts.create` (open). */
export type ApplicationDraftCreate = Schemas['ApplicationDraftCreate'];
/** A registered draft: `applicationId`, `clientId` and `clientSecret`. */
export type ApplicationDraft = Schemas['ApplicationDraft'];
/** The credential status of an application (`sandboxStatus`, null without a sandbox client). */
export type ApplicationCredentials = Schemas['ApplicationCredentials'];
/** The result of a credential rotation (`claimUrl` when a secret awaits claim). */
export type ApplicationCredentialsRotation = Schemas['ApplicationCredentialsRotation'];

/** An enrollment of the rostering read. */
export type Enrollment = Schemas['Enrollment'];
/** A user of the rostering read, with its roles and open agent relationships. */
export type User = Schemas['User'];
/** The body of `rostering.users.upsert` (open; `status: 'tobedeleted'` deletes the user). */
export type UserUpsert = Schemas['UserUpsert'];
/** A role membership of a user (role type, role and org). */
export type UserRole = Schemas['UserRole'];
/** The body of `rostering.roles.upsert` (open). */
export type UserRoleUpsert = Schemas['UserRoleUpsert'];
/** A profile of a user. */
export type UserProfile = Schemas['UserProfile'];
/** An open agent relationship: the other user and the relationship type. */
export type UserRelationship = Schemas['UserRelationship'];
/** An organization's config: a free-form JSON object. */
export type OrgConfig = Schemas['OrgConfig'];

/** A Caliper session as recorded, with its events; `endedAtTime` is null while it is open. */
export type CaliperSession = Schemas['CaliperSessionRead'];
/** An enriched learning session of the insights list. */
export type InsightSession = Schemas['InsightSession'];
/** The body of `insights.sessions.writeMetadata`: the session id and the recording's metadata. */
export type SessionMetadataWrite = Schemas['SessionMetadataWrite'];
/** The insight summary of a session. */
export type InsightSessionSummary = Schemas['InsightSessionSummary'];
/** The proctoring enforcement state of a session. */
export type EnforcementState = Schemas['EnforcementState'];
/** An insight type of the catalogue (`deprecated` always present, `sunsetAt` null unless retiring). */
export type InsightType = Schemas['InsightType'];
/** A registered insight group with its family, membership rule and visible type count. */
export type InsightGroup = Schemas['InsightGroup'];

/** What `beyond.grades.get` takes: the student's user id and the subject. */
export type StudentGradeQuery = {
  /** The student's user id. */
  studentId: string;
  /** The subject, for example `Math`. */
  subject: string;
};
/** The highest mastered grade of a student in a subject (`masteredGrade` null when none). */
export type StudentGrade = Schemas['StudentGrade'];

/** The body of both discount-code validations: `{ code }` (other members pass through). */
export type DiscountCodeValidateRequest = Schemas['DiscountCodeValidateRequest'];
/** Whether a discount code is valid. */
export type DiscountCodeValidateResult = Schemas['DiscountCodeValidateResult'];
/** Options of the parent-checkout validation: the parent's session token, plus the call settings. */
export type ParentCheckoutOptions = PlatformCallOptions & {
  /** The parent's session token (sent as the bearer token of this call instead of the client's). */
  parentSession: string;
};
