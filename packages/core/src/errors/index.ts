// The errors of the SDK, one module per concern: the base class and its brand, the API errors, the network errors,
// bad input and webhook verification (docs/decisions.md#d-source-shape).
export {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  apiErrorFromResponse,
  BadRequestError,
  ConflictError,
  createApiError,
  type ImsxCodeMinor,
  type ImsxStatus,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  type RedirectErrorInit,
  requestIdOf,
  UnprocessableEntityError,
} from './api';
export { isLearnKitError, LearnKitError } from './base';
export { ConnectionError, TimeoutError } from './network';
export { formatIssuePath, ValidationError, type ValidationIssue } from './validation';
export { WebhookVerificationError, type WebhookVerificationReason } from './webhook';
