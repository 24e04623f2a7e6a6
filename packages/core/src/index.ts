/**
 * `@learnkit/core`: the transport, OAuth 2.0 client-credentials tokens, retries, typed errors, pagination and
 * the query builder that every LearnKit client is built on.
 *
 * It exports what an application writes: the functions it calls, the classes it constructs, catches or checks,
 * and the types it annotates or implements. What the LearnKit packages share to build their clients is in
 * `@learnkit/core/internal`, which is not public (docs/decisions.md#d-core-internal-entry).
 *
 * @packageDocumentation
 * @module \@learnkit/core
 */

export { ApiPromise } from './api-promise';
export { clientCredentials } from './auth/client-credentials';
export { staticToken } from './auth/static-token';
export { createTokenCache, type TokenCache } from './auth/token-cache';
export type { TokenProvider } from './auth/token-provider';
export { BinaryContent } from './binary-content';
export { createHttpClient, type HttpClient, type HttpClientOptions } from './client';
export { createMemoryDedupeStore, type DedupeStore } from './dedupe';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  isLearnKitError,
  LearnKitError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  WebhookVerificationError,
} from './errors';
export { consoleLogger, type Logger, type LogLevel } from './logger';
// The Node adapter of web handlers (webhooks, activity, LTI); web globals only, so browser bundles drop it.
export { toNodeListener } from './node/to-node-listener';
export { Page, paginate, readTotal } from './pagination';
export { and, type Filter, type ListQuery, or, where } from './query';
export { createRedisDedupeStore } from './redis-dedupe';
export type { Hooks } from './transport/hooks';
export type { RetryOptions } from './transport/retry-policy';
export type { FetchLike, RequestOptions } from './transport/transport';
