/**
 * `@learnkit/core`: the transport, OAuth 2.0 client-credentials tokens, retries, typed errors, pagination and
 * the query builder that every LearnKit client is built on.
 *
 * @packageDocumentation
 * @module \@learnkit/core
 */

export { ApiPromise, type RawAnswer, type WithResponse } from './api-promise';
export { type ClientCredentialsOptions, clientCredentials } from './auth/client-credentials';
export type {
  SharedTokenBackend,
  SharedTokenOutcome,
  SharedTokenRecord,
  SharedTokenRequest,
  TokenSealer,
} from './auth/shared-backend';
export { staticToken } from './auth/static-token';
export { createTokenCache, type TokenCache } from './auth/token-cache';
export type { TokenProvider } from './auth/token-provider';
export { BinaryContent } from './binary-content';
export { type BodySource, PayloadTooLargeError, readBodyWithLimit } from './body-limit';
export {
  type CallData,
  type CallInit,
  type CallMethod,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  isHttpClient,
  type OperationOf,
  type PathsWithMethod,
} from './client';
export {
  createMemoryDedupeStore,
  type DedupeStatus,
  type DedupeStore,
  type MemoryDedupeStoreOptions,
} from './dedupe';
export {
  ENVIRONMENT_NAMES,
  ENVIRONMENTS,
  type Environment,
  type EnvironmentName,
  isEnvironmentName,
} from './environments';
export {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  apiErrorFromResponse,
  BadRequestError,
  ConflictError,
  ConnectionError,
  createApiError,
  formatIssuePath,
  type ImsxCodeMinor,
  type ImsxStatus,
  InternalServerError,
  isLearnKitError,
  LearnKitError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  type RedirectErrorInit,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  type ValidationIssue,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './errors';
// The platform as generated from openapi/ (types only, plus the JSON Schemas for runtime validators).
export type { components as CaseComponents, paths as CasePaths } from './generated/case';
export type { components as OneRosterComponents, paths as OneRosterPaths } from './generated/oneroster';
export type {
  components as PlatformComponents,
  paths as PlatformPaths,
  webhooks as PlatformWebhooks,
} from './generated/platform';
export { caseSchemas, type JsonSchemaDefs, onerosterSchemas, platformSchemas } from './generated/schemas';
// The checks every LearnKit client makes of its caller's arguments, shared by the packages (@internal: not for
// users; docs/decisions.md#d-i15-core-input). No browser entry reaches them.
export {
  CALL_OPTION_KEYS,
  type CallOptionsRules,
  checkCallOptions,
  checkId,
  type GetByIdInit,
  getByIdInit,
} from './input/call-options';
export { httpClientOf } from './input/http-client-of';
export {
  PLATFORM_FILTER_MAX_PREDICATES,
  platformFilterError,
  platformFilterIssue,
} from './input/platform-filter';
export { type FormatWording, type IssueWording, type SchemaRef, schemaChecker } from './input/schema-check';
export { formatJsonPath, jsonTypeName, showValue, valueAtPath } from './input/show';
export { createValidationError } from './input/validation-error';
// How long a 429 or 503 asked to wait, for the activity queue's own retries (@internal: docs/decisions.md#d-i32-retries).
export { parseRetryAfterMs } from './internal/retry-after';
export { isRecord, jsonParseProblem } from './internal/text';
// A password shaped like userinfo redacted, for text the SDK writes outside its errors (@internal: the CLI's stderr).
export { redactUserinfo } from './internal/userinfo';
// The listings of the generated resources (@internal: docs/decisions.md#d-i28-typescript).
export { checkQueryObject, offsetPages, wholeListPage } from './listing';
export { consoleLogger, createLogger, type LogFn, type Logger, type LogLevel } from './logger';
// The Node adapter of web handlers (webhooks, activity); web globals only, so browser bundles drop it.
export {
  type NodeAdaptable,
  type NodeContextHandler,
  type NodeListener,
  type NodeListenerOptions,
  type NodeRequestHandler,
  type NodeRequestLike,
  type NodeResponseLike,
  toNodeListener,
} from './node/to-node-listener';
export {
  DEFAULT_LIMIT,
  type FetchPage,
  Page,
  PagePromise,
  type PageRequest,
  type PageResult,
  type PaginateOptions,
  paginate,
  readTotal,
} from './pagination';
export {
  and,
  type Filter,
  type FilterValue,
  filterFieldNames,
  isFilter,
  type ListQuery,
  type ListQueryParams,
  MAX_LIMIT,
  or,
  queryFieldIssues,
  toListQuery,
  validateListQuery,
  where,
} from './query';
export { createRedisDedupeStore, type RedisClientLike, type RedisDedupeStoreOptions } from './redis-dedupe';
// The base of the clients' resource classes and its helpers (@internal: docs/decisions.md#d-i15-resource).
export { type PathInit, pathBodyInit, pathInit, Resource, resourcesOver } from './resource';
export type { CaseSchemas, OneRosterSchemas, PlatformSchemas } from './schema-types';
export type {
  AttemptInfo,
  Hooks,
  QueueHookInfo,
  QueueStats,
  RequestHookInfo,
  ResponseHookInfo,
  RetryHookInfo,
  TokenRefreshHookInfo,
} from './transport/hooks';
export {
  DEFAULT_RETRY,
  isIdempotentMethod,
  isRetryableStatus,
  type RetryOptions,
  type RetryPolicy,
} from './transport/retry-policy';
export {
  createTransport,
  type FetchLike,
  type RequestOptions,
  type Transport,
  type TransportOptions,
} from './transport/transport';
export { type UrlOptionRules, urlOptionIssue } from './url-option';
export { VERSION } from './version';
