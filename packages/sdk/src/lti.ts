import { type FetchLike, type Logger, ValidationError } from '@learnkit/core';
import { ENVIRONMENTS, type EnvironmentName } from '@learnkit/core/internal';
import { createLaunchVerifier, type LaunchVerifier, type LaunchVerifierOptions } from '@learnkit/lti';

/** `new LearnKit({ lti })`: what `lk.lti` verifies launches with; everything but `audience` has a default. */
export interface LearnKitLtiOptions
  extends Partial<Omit<LaunchVerifierOptions, 'audience' | 'fetch' | 'logger'>> {
  /** Your app's LTI client id, the audience of the platform's launch tokens (the application's `clientId`). */
  audience?: string | undefined;
}

/** `lk.lti`: `verify(idToken)` resolves the typed launch or rejects with a `LaunchVerificationError`. */
export type LearnKitLti = LaunchVerifier;

/** What the umbrella knows of its connection. */
export interface LtiConnection {
  baseUrl: string;
  environment: EnvironmentName | undefined;
  fetch?: FetchLike | undefined;
  logger?: Logger | false | undefined;
}

/**
 * The issuer and key set of the launches a LearnKit instance verifies, unless `lti` gives them
 * (docs/decisions.md#d-lti-defaults): the environment's; else the preset's whose API is at `baseUrl`; else `baseUrl`
 * as the issuer (what the mock signs with) and `${baseUrl}/.well-known/jwks.json`, every environment's pattern.
 */
export function ltiDefaults(connection: Pick<LtiConnection, 'baseUrl' | 'environment'>): {
  /** The launches' `iss`. */
  issuer: string;
  /** The key set they verify against. */
  jwksUrl: string;
} {
  const baseUrl = connection.baseUrl.replace(/\/+$/, '');
  const preset =
    connection.environment !== undefined
      ? ENVIRONMENTS[connection.environment]
      : Object.values(ENVIRONMENTS).find((environment) => environment.baseUrl === baseUrl);
  return {
    issuer: preset?.ltiIssuer ?? baseUrl,
    jwksUrl: preset?.ltiJwksUrl ?? `${baseUrl}/.well-known/jwks.json`,
  };
}

/** The verifier behind `lk.lti`, on the instance's `fetch` and logger. */
export function createLearnKitLti(connection: LtiConnection, options: LearnKitLtiOptions = {}): LearnKitLti {
  if (typeof options.audience !== 'string' || options.audience === '') {
    throw new ValidationError([
      {
        path: ['lti', 'audience'],
        message:
          "is required for lk.lti: your app's LTI client id, e.g. new LearnKit({ lti: { audience: process.env.LTI_CLIENT_ID } })",
      },
    ]);
  }
  const defaults = ltiDefaults(connection);
  return createLaunchVerifier({
    ...options,
    issuer: options.issuer ?? defaults.issuer,
    jwksUrl: options.jwksUrl ?? defaults.jwksUrl,
    audience: options.audience,
    fetch: connection.fetch as LaunchVerifierOptions['fetch'],
    logger: connection.logger === false ? undefined : connection.logger,
  });
}
