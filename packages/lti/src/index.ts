/**
 * `@learnkit/lti`: verify the platform's LTI 1.3 launch (or any LTI 1.3 platform's), sign the student in with a
 * signed cookie, and read them back as the activity's user, whose actor is the launch's `sub`.
 *
 * @packageDocumentation
 * @module \@learnkit/lti
 */

export {
  type Launch,
  type LaunchContext,
  type LaunchResourceLink,
  LTI_CLAIM,
  LTI_MESSAGE_TYPES,
  LTI_VERSION,
} from './claims';
export {
  LAUNCH_VERIFICATION_REASONS,
  LaunchVerificationError,
  type LaunchVerificationReason,
} from './errors';
export {
  createLaunchHandler,
  type LaunchHandler,
  type LaunchHandlerOptions,
  type LaunchOutcome,
} from './handler';
export {
  createKeySetCache,
  type FetchLike,
  type KeyLookupHeader,
  type KeySetCache,
  type KeySetCacheOptions,
} from './key-set';
export type { LoginInitiationOptions, LoginState } from './login';
export {
  createMemoryNonceStore,
  createRedisNonceStore,
  type NonceStore,
  type RedisNonceStoreOptions,
} from './nonce-store';
export {
  DEFAULT_SESSION_COOKIE,
  DEFAULT_SESSION_TTL_SEC,
  getLaunchUser,
  type LaunchSessionOptions,
  type LaunchUser,
  type SessionSecret,
} from './session';
export {
  createLaunchVerifier,
  LAUNCH_ALGORITHMS,
  type LaunchVerifier,
  type LaunchVerifierOptions,
  MAX_ID_TOKEN_BYTES,
  type VerifyLaunchOptions,
} from './verifier';
