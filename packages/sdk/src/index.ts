/**
 * `@learnkit/sdk`: the umbrella of the LearnKit SDK. `new LearnKit({...})` wires every client (CASE, rostering,
 * applications, sessions, insights, grades, discount codes, webhook subscriptions, Caliper, activity recording and
 * the typed HTTP client of the whole platform) to one transport
 * and one token provider. The error classes, the webhook helpers and the public types are re-exported here, so
 * most applications depend on this package alone.
 *
 * @example
 * import { LearnKit, NotFoundError } from '@learnkit/sdk';
 *
 * const lk = new LearnKit({ baseUrl, clientId, clientSecret }); // or LEARNKIT_* environment variables
 * const page = await lk.case.items.list({ filter: "CFItemType='Standard'", limit: 100 });
 *
 * @packageDocumentation
 * @module \@learnkit/sdk
 */

// Activity and Caliper: lk.activity (createActivityServer) and lk.caliper (createCaliperClient).
export type { CaliperEnvelope, CaliperEvent } from '@learnkit/activity/caliper';
export type { CourseConfig, CourseRef, LearnkitConfig } from '@learnkit/activity/config';
export {
  type ActivityQueue,
  type ActivityQueueBatchOptions,
  type ActivityQueueRetryOptions,
  type ActivityQueueSettings,
  type ActivityQueueStore,
  ActivityQueueStoreError,
  type ActivityQueueWorker,
  type ActivityUser,
  type AnyCaliperEvent,
  type CaliperSendInput,
  type CaliperSendOptions,
  type CaliperSendResult,
  createMemoryQueueStore,
  createRedisQueueStore,
  type DeadLetter,
  type GetUser,
  type MemoryQueueStoreOptions,
  type QueuedRecord,
  type QueueFlushResult,
  type RecordOptions,
  type RecordParams,
  type RecordResult,
  type RecordTime,
  type RedisCommandClient,
  type RedisQueueStoreOptions,
  UnknownUserError,
} from '@learnkit/activity/server';
// CASE: lk.case, framework navigation and package conversion.
export {
  buildTree,
  type CaseCallOptions,
  type CaseClient,
  type CaseJsonChange,
  type CaseJsonConversion,
  type CaseJsonPackage,
  type CaseListQuery,
  type CFAssociation,
  type CFDocument,
  type CFItem,
  type CFItemsValidateResult,
  type CFPackage,
  type CFPackageUpload,
  type CFPackageUploadResult,
  describeChange,
  type FrameworkTree,
  type FromCaseJsonOptions,
  fromCaseJson,
  type TreeNode,
  type TreeProblem,
  toCaseJson,
  validatePackageUpload,
} from '@learnkit/case';
// Core: the error classes (every one `instanceof LearnKitError`, across duplicate copies of the package too),
// and what a caller meets: queries, pages, per-call options, logging, tokens.
export {
  ApiError,
  AuthenticationError,
  and,
  BadRequestError,
  BinaryContent,
  ConflictError,
  ConnectionError,
  createTokenCache,
  type FetchLike,
  type Filter,
  type Hooks,
  type HttpClient,
  InternalServerError,
  isLearnKitError,
  LearnKitError,
  type ListQuery,
  type Logger,
  type LogLevel,
  NotFoundError,
  or,
  Page,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  type RequestOptions,
  type RetryOptions,
  TimeoutError,
  type TokenCache,
  type TokenProvider,
  UnprocessableEntityError,
  ValidationError,
  WebhookVerificationError,
  where,
} from '@learnkit/core';
// What a caller receives from the SDK (hook infos, issues, pages, the environments), which core's public index
// leaves to the packages that hand it out (docs/decisions.md#d-core-internal-entry).
export {
  type CallInit,
  ENVIRONMENTS,
  type Environment,
  type EnvironmentName,
  type FilterValue,
  type ImsxStatus,
  PagePromise,
  type QueueHookInfo,
  type QueueStats,
  type RequestHookInfo,
  type ResponseHookInfo,
  type RetryHookInfo,
  type TokenRefreshHookInfo,
  type ValidationIssue,
  type WebhookVerificationReason,
} from '@learnkit/core/internal';
// LTI: lk.lti verifies the platform's launches; the handler, session and nonce stores for the launch endpoint.
export {
  createLaunchHandler,
  createMemoryNonceStore,
  createRedisNonceStore,
  getLaunchUser,
  type Launch,
  type LaunchHandler,
  type LaunchHandlerOptions,
  type LaunchUser,
  LaunchVerificationError,
  type LaunchVerificationReason,
} from '@learnkit/lti';
// OneRoster: lk.oneroster (rostering, gradebook, resources): the objects, and what each write takes.
export type {
  OneRosterAcademicSession,
  OneRosterAcademicSessionInput,
  OneRosterAssessmentLineItem,
  OneRosterAssessmentLineItemInput,
  OneRosterAssessmentResult,
  OneRosterAssessmentResultInput,
  OneRosterCallOptions,
  OneRosterCategory,
  OneRosterCategoryInput,
  OneRosterClass,
  OneRosterClassEnrollmentInput,
  OneRosterClassInput,
  OneRosterClassUpdate,
  OneRosterClient,
  OneRosterComponentResource,
  OneRosterComponentResourceInput,
  OneRosterCourse,
  OneRosterCourseComponent,
  OneRosterCourseComponentInput,
  OneRosterCourseInput,
  OneRosterDemographics,
  OneRosterDemographicsInput,
  OneRosterEnrollment,
  OneRosterEnrollmentInput,
  OneRosterEnrollmentUpdate,
  OneRosterGradingPeriodInput,
  OneRosterLineItem,
  OneRosterLineItemInput,
  OneRosterListQuery,
  OneRosterOrg,
  OneRosterOrgInput,
  OneRosterResource,
  OneRosterResourceAssignment,
  OneRosterResourceInput,
  OneRosterResult,
  OneRosterResultInput,
  OneRosterRole,
  OneRosterSchoolInput,
  OneRosterScoreScale,
  OneRosterScoreScaleInput,
  OneRosterSourcedIdPairs,
  OneRosterUser,
  OneRosterUserInput,
} from '@learnkit/oneroster';
// The platform's own families: lk.rostering, lk.applications, lk.events, lk.insights, lk.beyond, lk.discountCodes.
export type {
  Application,
  ApplicationCredentials,
  ApplicationCredentialsRotation,
  ApplicationDraft,
  ApplicationDraftCreate,
  ApplicationsClient,
  ApplicationUpsert,
  BeyondClient,
  CaliperSession,
  ClientCredentials,
  DiscountCodeValidateResult,
  EnforcementState,
  Enrollment,
  EventsClient,
  GUIDRef,
  Insight,
  InsightGroup,
  InsightSession,
  InsightSessionSummary,
  InsightsClient,
  InsightType,
  LinkedUser,
  Org,
  OrgConfig,
  ParentCheckoutOptions,
  PlatformCallOptions,
  PlatformListQuery,
  PlatformPageQuery,
  RosteringClient,
  SessionMetadataWrite,
  StudentGrade,
  StudentGradeQuery,
  StudentUpsert,
  User,
  UserAgent,
  UserAgentUpsert,
  UserInsightsOverview,
  UserProfile,
  UserRole,
  UserRoleUpsert,
  UserUpsert,
} from '@learnkit/platform';
// Webhooks: verify and handle deliveries, sign bodies in tests, typed events and subscriptions.
export {
  type CreateSubscriptionInput,
  createWebhookHandler,
  type KnownWebhookEvent,
  SigningSecret,
  type SignWebhookOptions,
  type SubscriptionsClient,
  signWebhook,
  toNodeListener,
  type UnknownWebhookEvent,
  type UpdateSubscriptionInput,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventDataMap,
  type WebhookEventType,
  type WebhookHandlerContext,
  type WebhookHandlerOptions,
  type WebhookHandlers,
  type WebhookRequestHandler,
  type WebhookSecret,
  type WebhookSignatureHeaders,
  type WebhookSubscription,
  type WebhookSubscriptionWithSecret,
} from '@learnkit/webhooks';
// The client.
export type { ActivityOptions, LearnKitActivity } from './activity';
export type { LearnKitCaliper } from './caliper';
export { ENV, type LearnKitOptions } from './config';
// Hydration of webhook events: lk.webhooks.hydrate and lk.webhooks.handler({ hydrate: true }).
export type {
  HydratableWebhookEventType,
  HydratedEntity,
  HydratedEvent,
  HydratedEvents,
  HydratedUnknownEvent,
  HydratedWebhookHandlerContext,
  HydratedWebhookHandlers,
  HydrateOptions,
  HydratingWebhookHandlerOptions,
  HydrationBase,
  HydrationDeleted,
  HydrationFound,
  HydrationNone,
  HydrationNotFound,
  HydrationOf,
  LearnKitWebhookHandlerOptions,
  TombstoneWebhookEventType,
  WebhookEntityMap,
} from './hydrate/types';
export { LearnKit } from './learnkit';
export { type LearnKitLti, type LearnKitLtiOptions, ltiDefaults } from './lti';
export type { LearnKitPaths } from './paths';
// Tokens shared across processes: new LearnKit({ tokenCache: createRedisTokenCache(redis) }).
export {
  createRedisTokenCache,
  type RedisTokenCacheOptions,
  type RedisTokenClientLike,
} from './tokens/redis-token-cache';
export {
  createSharedTokenCache,
  type SharedTokenCacheOptions,
  type SharedTokenStore,
} from './tokens/shared-token-cache';
export { VERSION } from './version';
export type { LearnKitWebhooks } from './webhooks';
