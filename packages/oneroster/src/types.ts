import type { ListQuery, RequestOptions } from '@learnkit/core';

// The objects the methods take and give are generated from openapi/oneroster.yaml into generated/models.ts
// (docs/decisions.md#d-generated-model-interfaces); the types below are the package's own.
export type {
  OneRosterAcademicSession,
  OneRosterAcademicSessionInput,
  OneRosterAssessmentLineItem,
  OneRosterAssessmentLineItemInput,
  OneRosterAssessmentResult,
  OneRosterAssessmentResultInput,
  OneRosterCategory,
  OneRosterCategoryInput,
  OneRosterClass,
  OneRosterClassEnrollmentInput,
  OneRosterClassInput,
  OneRosterClassUpdate,
  OneRosterComponentResource,
  OneRosterComponentResourceInput,
  OneRosterCourse,
  OneRosterCourseComponent,
  OneRosterCourseComponentInput,
  OneRosterCourseInput,
  OneRosterDecryptedCredential,
  OneRosterDemographics,
  OneRosterDemographicsInput,
  OneRosterEnrollment,
  OneRosterEnrollmentInput,
  OneRosterEnrollmentUpdate,
  OneRosterGradingPeriodInput,
  OneRosterGUIDRef,
  OneRosterGUIDRefType,
  OneRosterLearningObjectiveSet,
  OneRosterLineItem,
  OneRosterLineItemInput,
  OneRosterMetadata,
  OneRosterOrg,
  OneRosterOrgInput,
  OneRosterRegisteredCredentials,
  OneRosterResource,
  OneRosterResourceAssignment,
  OneRosterResourceInput,
  OneRosterResult,
  OneRosterResultInput,
  OneRosterRole,
  OneRosterRoleInput,
  OneRosterSchoolCreated,
  OneRosterSchoolInput,
  OneRosterScoreScale,
  OneRosterScoreScaleInput,
  OneRosterScoreScaleValue,
  OneRosterSourcedIdPairs,
  OneRosterSourcedIdRef,
  OneRosterSourcedIdRefInput,
  OneRosterStatus,
  OneRosterStudentCredentialsInput,
  OneRosterTypedGUIDRef,
  OneRosterUnstatedBody,
  OneRosterUser,
  OneRosterUserCreated,
  OneRosterUserId,
  OneRosterUserInput,
  OneRosterUserProfile,
  OneRosterUserProfileCredential,
  OneRosterUserProfileCredentialInput,
  OneRosterUserProfileInput,
  OneRosterUserWithDemographics,
} from './generated/models';

/** Per-call settings: abort signal, timeout, deadline, retries, extra headers (idempotency is fixed per operation). */
export type OneRosterCallOptions = Pick<
  RequestOptions,
  'signal' | 'timeoutMs' | 'deadlineMs' | 'retry' | 'headers'
>;

/**
 * The family's list query: `limit` 1..3000, `offset`, `sort`, `orderBy`, `filter` (a string or built with
 * `where`/`and`/`or`), `fields`, and `search` (free text over the listing's own search fields). `sort` and the
 * fields of `filter` must be fields of the listed object.
 */
export type OneRosterListQuery = ListQuery;

/** A field name of `T`, as `fields` takes it. */
export type FieldOf<T> = keyof T & string;

/** A list query whose `fields` names known fields of the listed object: the items are narrowed to them. */
export type FieldsQuery<F> = Omit<OneRosterListQuery, 'fields'> & {
  /** The fields to return, as literal names (`['sourcedId', 'givenName']`); the items are typed down to them. */
  fields: F;
};

/** Options of a single read that selects fields. */
export type FieldsOptions<F> = OneRosterCallOptions & {
  /** The fields to return, as literal names; the result is typed down to them. */
  fields: F;
};
