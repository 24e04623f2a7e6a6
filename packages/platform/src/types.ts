import type { ListQuery, RequestOptions } from '@learnkit/core';
import type { PlatformSchemas as Schemas } from './generated/openapi-types';

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
 * The query of a platform listing that pages (`/rostering/1.0`, `/applications/1.0`, the insights lists): `limit`
 * 1-100 (100 a page when left out), `offset`, `filter` (docs/decisions.md#d-platform-paging).
 */
export type PlatformPageQuery = Pick<ListQuery, 'limit' | 'offset' | 'filter'>;

/** Members the platform's reference does not show pass through, typed `unknown` until read. */
type Open<T> = T & { readonly [member: string]: unknown };

/** A reference to another object: `{ href, sourcedId, type }`. */
export type GUIDRef = Schemas['GUIDRef'];

/**
 * An application of the registry: `sourcedId` and `name`, and whatever other members the platform keeps (the
 * document lets them pass through, d-oa-20), typed `unknown` until read.
 */
export type Application = Open<Schemas['Application']>;
/** The body of `applications.applications.upsert` (open). */
export type ApplicationUpsert = Schemas['ApplicationUpsert'];
/** The body of `applications.drafts.create` (open). */
export type ApplicationDraftCreate = Schemas['ApplicationDraftCreate'];
/** A registered draft: `applicationId`, `appUrn`, `publisherId`, `clientId` and `clientSecret` (shown once). */
export type ApplicationDraft = Open<Schemas['ApplicationDraft']>;
/** The credentials of an application in both pools (never a secret), and `sandboxStatus`. */
export type ApplicationCredentials = Open<Schemas['ApplicationCredentials']>;
/** One pool's client of an application: `clientId`, `scopes`, `tokenUrl`. */
export type ClientCredentials = Schemas['ClientCredentials'];
/** The result of a credential rotation (`claimUrl` when a secret awaits claim). */
export type ApplicationCredentialsRotation = Schemas['ApplicationCredentialsRotation'];

/** An enrollment, OneRoster-shaped: `user`, `class` and `school` are GUIDRefs. */
export type Enrollment = Open<Schemas['Enrollment']>;
/** An organization: `name`, `type`, `parent` and `children` as GUIDRefs. */
export type Org = Open<Schemas['Org']>;
/** A user, OneRoster-shaped: `enabledUser` the string `"true"` or `"false"`, `agents` GUIDRefs of open relationships. */
export type User = Open<Schemas['User']>;
/** The student `rostering.students.upsert` takes (sent as `{ student }`). */
export type StudentUpsert = Schemas['StudentUpsert'];
/** The body of `rostering.users.upsert` (open; `status: 'tobedeleted'` deletes the user). */
export type UserUpsert = Schemas['UserUpsert'];
/** A role membership of a user (role type, role and org). */
export type UserRole = Open<Schemas['UserRole']>;
/** The body of `rostering.roles.upsert` (open). */
export type UserRoleUpsert = Schemas['UserRoleUpsert'];
/** A profile of a user (`vendorId`, `credentials`, ...). */
export type UserProfile = Open<Schemas['UserProfile']>;
/** An open agent relationship of a user: `agentId`, `relationshipType` and the agent as a GUIDRef. */
export type UserAgent = Open<Schemas['UserAgent']>;
/** The body of `rostering.agents.upsert`: `relationshipType` and the agent `user` as a GUIDRef. */
export type UserAgentUpsert = Schemas['UserAgentUpsert'];
/** A user linked by an open agent relationship: `agentId`, `relationshipType`, `userId` (the other user). */
export type LinkedUser = Open<Schemas['LinkedUser']>;
/** An organization's config: a flat map of typed keys; in a write `null` deletes a key. */
export type OrgConfig = Schemas['OrgConfig'];

/** A Caliper session as recorded, with its events; `endedAtTime` is null while it is open. */
export type CaliperSession = Schemas['CaliperSessionRead'];
/** A learning session (`id`, `durationInSeconds`, `wastePercentage`, ...). */
export type InsightSession = Open<Schemas['InsightSession']>;
/** An insight on a user's learning, with its `review` (null until reviewed). */
export type Insight = Open<Schemas['Insight']>;
/** A user's overview: a trend and a breakdown. */
export type UserInsightsOverview = Open<Schemas['UserInsightsOverview']>;
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
