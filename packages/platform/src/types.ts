import type { ListQuery, RequestOptions } from '@learnkit/core';

/** Per-call settings: abort signal, timeout, deadline, retries, extra headers (idempotency is fixed per operation). */
export type PlatformCallOptions = Pick<
  RequestOptions,
  'signal' | 'timeoutMs' | 'deadlineMs' | 'retry' | 'headers'
>;

/**
 * The query of a platform listing. openapi/platform.yaml declares no query parameters on these listings (each
 * returns its whole list), so every member of the family's list query is refused, at compile time here and
 * with a `ValidationError` at run time (docs/decisions.md#d-platform-lists-take-no-query).
 */
export type PlatformListQuery = { readonly [K in keyof ListQuery]?: never };

/**
 * The query of a platform listing that pages (`/rostering/1.0`, `/applications/1.0`, the insights lists): `limit`
 * 1-100 (100 a page when left out), `offset`, `filter` (docs/decisions.md#d-platform-paging).
 */
export type PlatformPageQuery = Pick<ListQuery, 'limit' | 'offset' | 'filter'>;

// The objects the methods take and give are generated from openapi/platform.yaml into generated/models.ts
// (docs/decisions.md#d-generated-model-interfaces); the types below are the package's own.
export type {
  Application,
  ApplicationCredentials,
  ApplicationCredentialsRotation,
  ApplicationDraft,
  ApplicationDraftCreate,
  ApplicationUpsert,
  CaliperEntity,
  CaliperSession,
  ClientCredentials,
  DiscountCodeValidateRequest,
  DiscountCodeValidateResult,
  EnforcementState,
  Enrollment,
  GUIDRef,
  Insight,
  InsightGroup,
  InsightReview,
  InsightSession,
  InsightSessionSummary,
  InsightSummaryEntry,
  InsightType,
  LinkedUser,
  Org,
  OrgConfig,
  OrgRef,
  ProfileCredential,
  SessionMetadataWrite,
  StudentGrade,
  StudentUpsert,
  User,
  UserAgent,
  UserAgentUpsert,
  UserInsightsOverview,
  UserProfile,
  UserRole,
  UserRoleUpsert,
  UserUpsert,
} from './generated/models';

/** What `beyond.grades.get` takes: the student's user id and the subject. */
export type StudentGradeQuery = {
  /** The student's user id. */
  studentId: string;
  /** The subject, for example `Math`. */
  subject: string;
};

/** Options of the parent-checkout validation: the parent's session token, plus the call settings. */
export type ParentCheckoutOptions = PlatformCallOptions & {
  /** The parent's session token (sent as the bearer token of this call instead of the client's). */
  parentSession: string;
};
