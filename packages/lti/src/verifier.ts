import { type Logger, ValidationError } from '@learnkit/core';
import type { ValidationIssue } from '@learnkit/core/internal';
import { errors, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions, jwtVerify } from 'jose';
import { type Launch, LTI_CLAIM, LTI_MESSAGE_TYPES, LTI_VERSION, launchOf } from './claims';
import { LaunchVerificationError, type LaunchVerificationReason } from './errors';
import { createKeySetCache, type FetchLike, type KeySetCache } from './key-set';
import { createMemoryNonceStore, type NonceStore } from './nonce-store';

/** The algorithms a launch may be signed with: never `none`, never HS* (docs/decisions.md#d-lti-algorithms). */
export const LAUNCH_ALGORITHMS: readonly string[] = Object.freeze(['RS256', 'ES256']);

/** The largest token verified: a longer one is refused before it is parsed. */
export const MAX_ID_TOKEN_BYTES = 64 * 1024;

/** Options of {@link createLaunchVerifier}. */
export interface LaunchVerifierOptions {
  /** The platform's issuer (`iss`), e.g. `https://timeback.com` for production. */
  issuer: string;
  /** Your app's LTI client id: the token's `aud` (or one of them, then also its `azp`). */
  audience: string;
  /** The platform's key set (JWKS) address. */
  jwksUrl: string;
  /** Leeway for `exp`, `nbf` and `iat`, in seconds (default 5). */
  clockToleranceSec?: number | undefined;
  /** Where used nonces are remembered (default: in this process's memory). */
  nonceStore?: NonceStore | undefined;
  /** When set, a launch must carry this `deployment_id`. */
  deploymentId?: string | undefined;
  /**
   * Require the LTI claims (`message_type`, `version` 1.3.0), as any LTI 1.3 platform sends them. Default false: the
   * platform's reference shows none, so they are checked when present (docs/decisions.md#d-lti-claims).
   */
  requireLtiClaims?: boolean | undefined;
  /** The `fetch` the key set is read with (default the global one). */
  fetch?: FetchLike | undefined;
  /** How long a key-set fetch may take (default 5,000 ms). */
  keySetTimeoutMs?: number | undefined;
  /** Where refusals are logged (at `warn`, with the reason only: never a claim of the refused token). */
  logger?: Logger | undefined;
}

/** Options of one {@link LaunchVerifier.verify} call. */
export interface VerifyLaunchOptions {
  /** The nonce the token must carry: the one a login initiation put in its `state`. */
  expectedNonce?: string | undefined;
}

/** Verifies launch tokens of one platform for one app. */
export interface LaunchVerifier {
  /** Resolves the verified {@link Launch}, or rejects with a {@link LaunchVerificationError}. */
  verify(idToken: string, options?: VerifyLaunchOptions): Promise<Launch>;
  /** The issuer this verifier accepts. */
  readonly issuer: string;
  /** The audience (your app's LTI client id) this verifier accepts. */
  readonly audience: string;
}

const refuse = (reason: LaunchVerificationReason, message: string) =>
  new LaunchVerificationError(reason, message);

function checkOptions(options: LaunchVerifierOptions): void {
  const issues: ValidationIssue[] = [];
  const need = (name: 'issuer' | 'audience' | 'jwksUrl', fix: string) => {
    const value = options?.[name];
    if (typeof value !== 'string' || value.trim() === '')
      issues.push({ path: [name], message: `is required: ${fix}` });
  };
  need('issuer', "the platform's LTI issuer, e.g. https://timeback.com");
  need('audience', "your app's LTI client id, the audience of the platform's launch tokens");
  need('jwksUrl', "the platform's key set, e.g. https://platform.timeback.com/.well-known/jwks.json");
  if (typeof options?.jwksUrl === 'string' && !URL.canParse(options.jwksUrl))
    issues.push({ path: ['jwksUrl'], message: 'must be an absolute URL (https://...)' });
  const tolerance = options?.clockToleranceSec;
  if (tolerance !== undefined && !(Number.isFinite(tolerance) && tolerance >= 0 && tolerance <= 300))
    issues.push({ path: ['clockToleranceSec'], message: 'must be a number of seconds from 0 to 300' });
  if (options?.nonceStore !== undefined && typeof options.nonceStore?.claim !== 'function')
    issues.push({
      path: ['nonceStore'],
      message: 'must have claim(nonce, ttlMs), e.g. createRedisNonceStore(redis)',
    });
  if (issues.length) throw new ValidationError(issues);
}

/** The reason of a jose error; its message is never used, since jose's errors carry the token's claims. */
function reasonOf(error: unknown): [LaunchVerificationReason, string] {
  if (error instanceof LaunchVerificationError) return [error.reason, ''];
  if (error instanceof errors.JWTExpired) return ['expired', 'the token has expired (exp)'];
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return ['missing_claim', `the token has no ${error.claim} claim`];
    if (error.claim === 'iss') return ['wrong_issuer', 'the token was issued by another issuer (iss)'];
    if (error.claim === 'aud') return ['wrong_audience', 'the token is for another audience (aud)'];
    if (error.claim === 'nbf') return ['not_yet_valid', 'the token is not valid yet (nbf)'];
    return ['malformed', `the token's ${error.claim} claim is not valid`];
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return ['algorithm_not_allowed', `the token is not signed with ${LAUNCH_ALGORITHMS.join(' or ')}`];
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return ['bad_signature', "the signature does not match the platform's key"];
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return ['unknown_key', "no key of the platform's key set matches the token's kid"];
  return ['malformed', 'the token is not a signed JWT'];
}

/**
 * The checks made before the token is parsed: a string, within the size limit. jose then refuses any algorithm but
 * RS256 and ES256 (`algorithms`) before it asks the key set for a key, so a forged header never makes a fetch; the
 * header is not decoded twice (docs/decisions.md#d-lti-verify-cost).
 */
function checkToken(idToken: unknown): void {
  if (typeof idToken !== 'string' || idToken === '')
    throw refuse('malformed', 'id_token must be a non-empty string (the form field id_token)');
  if (idToken.length > MAX_ID_TOKEN_BYTES)
    throw refuse('malformed', `the token is over ${MAX_ID_TOKEN_BYTES} bytes`);
}

/** What jose leaves out: `iat` not ahead, `azp` with several audiences, the LTI claims. */
function checkClaims(claims: JWTPayload, options: LaunchVerifierOptions, toleranceSec: number): void {
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.iat === 'number' && claims.iat > now + toleranceSec)
    throw refuse('not_yet_valid', 'the token was issued in the future (iat)');
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw refuse('missing_claim', 'the token has no sub claim');
  if (typeof claims.nonce !== 'string' || claims.nonce === '')
    throw refuse('missing_claim', 'the token has no nonce claim');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== options.audience)
    throw refuse('wrong_audience', 'the token has several audiences and its azp is not this app');
  checkLtiClaims(claims as Record<string, unknown>, options);
}

function checkLtiClaims(claims: Record<string, unknown>, options: LaunchVerifierOptions): void {
  const messageType = claims[LTI_CLAIM.messageType];
  const version = claims[LTI_CLAIM.version];
  if (options.requireLtiClaims) {
    if (messageType === undefined) throw refuse('missing_claim', 'the token has no LTI message_type claim');
    if (version === undefined) throw refuse('missing_claim', 'the token has no LTI version claim');
  }
  if (messageType !== undefined && !LTI_MESSAGE_TYPES.includes(messageType as string))
    throw refuse('malformed', `the LTI message_type is not one of ${LTI_MESSAGE_TYPES.join(', ')}`);
  if (version !== undefined && version !== LTI_VERSION)
    throw refuse('malformed', `the LTI version is not ${LTI_VERSION}`);
  if (options.deploymentId !== undefined) {
    const deploymentId = claims[LTI_CLAIM.deploymentId];
    if (deploymentId === undefined) throw refuse('missing_claim', 'the token has no LTI deployment_id claim');
    if (deploymentId !== options.deploymentId)
      throw refuse('wrong_audience', `the LTI deployment_id is not ${options.deploymentId}`);
  }
}

/**
 * A verifier of one platform's launch tokens for one app: RS256 or ES256 against the platform's key set (cached,
 * refetched once on an unknown `kid`), `iss`, `aud`/`azp`, `exp`, `nbf`, `iat`, the LTI claims, and a nonce used
 * once. Every refusal is a {@link LaunchVerificationError} whose message holds no claim of the token.
 *
 * @example
 * const verifier = createLaunchVerifier({
 *   issuer: 'https://timeback.com',
 *   audience: process.env.LTI_CLIENT_ID!,
 *   jwksUrl: 'https://platform.timeback.com/.well-known/jwks.json',
 * });
 * const launch = await verifier.verify(idToken); // launch.platformUserId is the student's sub
 */
export function createLaunchVerifier(options: LaunchVerifierOptions): LaunchVerifier {
  checkOptions(options);
  const toleranceSec = options.clockToleranceSec ?? 5;
  const nonceStore = options.nonceStore ?? createMemoryNonceStore();
  const keySet: KeySetCache = createKeySetCache({
    jwksUrl: options.jwksUrl,
    fetch: options.fetch,
    timeoutMs: options.keySetTimeoutMs,
  });

  const getKey = keySet.getKey as JWTVerifyGetKey;
  const rules: JWTVerifyOptions = {
    issuer: options.issuer,
    audience: options.audience,
    algorithms: [...LAUNCH_ALGORITHMS],
    clockTolerance: toleranceSec,
    requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
  };
  const verifySignature = async (idToken: string): Promise<JWTPayload> => {
    try {
      const { payload } = await jwtVerify(idToken, getKey, rules);
      return payload;
    } catch (error) {
      if (error instanceof LaunchVerificationError) throw error;
      const [reason, message] = reasonOf(error);
      throw refuse(reason, message);
    }
  };

  const verifyToken = async (idToken: string, verifyOptions: VerifyLaunchOptions): Promise<Launch> => {
    checkToken(idToken);
    const claims = await verifySignature(idToken);
    checkClaims(claims, options, toleranceSec);
    if (verifyOptions.expectedNonce !== undefined && claims.nonce !== verifyOptions.expectedNonce)
      throw refuse('replayed', 'the nonce is not the one the login initiation sent (state)');
    // Last, so that a token refused for another reason does not use up its nonce.
    const ttlMs = Math.max(1_000, ((claims.exp as number) + toleranceSec) * 1000 - Date.now());
    if (!(await nonceStore.claim(`${claims.iss}|${claims.nonce}`, ttlMs)))
      throw refuse('replayed', 'this token was used already (its nonce was seen)');
    return launchOf(claims as Record<string, unknown>);
  };

  return {
    issuer: options.issuer,
    audience: options.audience,
    async verify(idToken, verifyOptions = {}) {
      try {
        return await verifyToken(idToken, verifyOptions);
      } catch (error) {
        if (error instanceof LaunchVerificationError)
          options.logger?.warn({ reason: error.reason, issuer: options.issuer }, 'LTI launch refused');
        throw error;
      }
    },
  };
}
