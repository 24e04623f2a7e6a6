/**
 * `@learnkit/core/internal`: what the LearnKit packages share to build their clients on core. It is not public:
 * its names change with any release, and applications import from `@learnkit/core` (or `@learnkit/sdk`)
 * instead. The packages re-export the types a user meets (hook infos, queue stats, issue shapes, environments)
 * where the user meets them (docs/decisions.md#d-core-internal-entry).
 *
 * @module \@learnkit/core/internal
 */

export type { RawResponse, WithResponse } from '../api-promise';
export type { ClientCredentialsOptions } from '../auth/client-credentials';
export type {
  SharedTokenBackend,
  SharedTokenOutcome,
  SharedTokenRecord,
  SharedTokenRequest,
  TokenSealer,
} from '../auth/shared-backend';
export { type BodySource, PayloadTooLargeError, readBodyWithLimit } from '../body-limit';
export {
  type CallData,
  type CallInit,
  type CallMethod,
  isHttpClient,
  type OperationOf,
  type PathsWithMethod,
} from '../client';
export type { DedupeStatus, MemoryDedupeStoreOptions } from '../dedupe';
export {
  ENVIRONMENT_NAMES,
  ENVIRONMENTS,
  type Environment,
  type EnvironmentName,
  isEnvironmentName,
} from '../environments';
export {
  type ApiErrorInit,
  apiErrorFromResponse,
  createApiError,
  formatIssuePath,
  type ImsxCodeMinor,
  type ImsxStatus,
  type RedirectErrorInit,
  type ValidationIssue,
  type WebhookVerificationReason,
} from '../errors';
// The checks every LearnKit client makes of its caller's arguments (docs/decisions.md#d-input-checks-in-core). No browser
// entry reaches them.
export {
  CALL_OPTION_KEYS,
  type CallOptionsRules,
  checkCallOptions,
  checkId,
  type GetByIdInit,
  getByIdInit,
} from '../input/call-options';
export { httpClientOf } from '../input/http-client-of';
export {
  PLATFORM_FILTER_MAX_PREDICATES,
  platformFilterError,
  platformFilterIssue,
} from '../input/platform-filter';
export {
  type FormatWording,
  type IssueWording,
  type JsonSchemaDefs,
  type SchemaRef,
  schemaChecker,
} from '../input/schema-check';
export { formatJsonPath, jsonTypeName, showValue, valueAtPath } from '../input/show';
export { createValidationError } from '../input/validation-error';
// The listings of the generated resources (docs/decisions.md#d-generated-resources).
export { checkQueryObject, offsetPages, wholeListPage } from '../listing';
export { createLogger, type LogFn } from '../logger';
export type {
  NodeAdaptable,
  NodeContextHandler,
  NodeListener,
  NodeListenerOptions,
  NodeRequestHandler,
  NodeRequestLike,
  NodeResponseLike,
} from '../node/to-node-listener';
export {
  DEFAULT_LIMIT,
  type FetchPage,
  PagePromise,
  type PageRequest,
  type PageResult,
  type PaginateOptions,
} from '../pagination';
export {
  type FilterValue,
  filterFieldNames,
  isFilter,
  type ListQueryParams,
  MAX_LIMIT,
  queryFieldIssues,
  toListQuery,
  validateListQuery,
} from '../query';
export type { RedisClientLike, RedisDedupeStoreOptions } from '../redis-dedupe';
// The base of the clients' resource classes and its helpers (docs/decisions.md#d-resource-base-class).
export { type PathInit, pathBodyInit, pathInit, Resource, resourcesOver } from '../resource';
export type {
  AttemptInfo,
  QueueHookInfo,
  QueueStats,
  RequestHookInfo,
  ResponseHookInfo,
  RetryHookInfo,
  TokenRefreshHookInfo,
} from '../transport/hooks';
export {
  DEFAULT_RETRY,
  isIdempotentMethod,
  isRetryableStatus,
  type RetryPolicy,
} from '../transport/retry-policy';
export { createTransport, type Transport, type TransportOptions } from '../transport/transport';
export { type UrlOptionRules, urlOptionIssue } from '../url-option';
export { VERSION } from '../version';
// How long a 429 or 503 asked to wait, for the activity queue's own retries (docs/decisions.md#d-queue-retries).
export { parseRetryAfterMs } from './retry-after';
export { isRecord, jsonParseProblem } from './text';
// A password shaped like userinfo redacted, for text the SDK writes outside its errors (the CLI's stderr).
export { redactUserinfo } from './userinfo';
