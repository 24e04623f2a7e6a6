/**
 * The platform's three environments and the addresses each one publishes: the API, its token endpoint, and the
 * LTI issuer and key set its launches are signed with.
 *
 * Source: the platform's reference, getting-started/authentication and integration/sandbox-environment
 * (docs/decisions.md#d-environments). The sandbox shares the staging issuer string (spec text 001, "Environments");
 * its key-set address is not published and follows the pattern of the other two.
 */

/** The name of one of the platform's environments. */
export type EnvironmentName = 'production' | 'sandbox' | 'staging';

/** What an environment publishes. */
export interface Environment {
  /** The API's base URL; every family's paths start here. */
  readonly baseUrl: string;
  /** The OAuth 2.0 client-credentials token endpoint (HTTP Basic credentials). */
  readonly tokenUrl: string;
  /** The `iss` of the LTI launch tokens the environment signs. */
  readonly ltiIssuer: string;
  /** The key set (JWKS) those launch tokens verify against. */
  readonly ltiJwksUrl: string;
}

function environment(baseUrl: string, ltiIssuer: string): Environment {
  return Object.freeze({
    baseUrl,
    tokenUrl: `${baseUrl}/auth/1.0/token`,
    ltiIssuer,
    ltiJwksUrl: `${baseUrl}/.well-known/jwks.json`,
  });
}

/**
 * The platform's environments by name.
 *
 * @example
 * ```ts
 * import { ENVIRONMENTS } from '@learnkit/core';
 * console.log(ENVIRONMENTS.sandbox.baseUrl); // https://sandbox.platform.timeback.com
 * ```
 */
export const ENVIRONMENTS: Readonly<Record<EnvironmentName, Environment>> = Object.freeze({
  production: environment('https://platform.timeback.com', 'https://timeback.com'),
  staging: environment('https://platform.dev.timeback.com', 'https://staging.timeback.com'),
  sandbox: environment('https://sandbox.platform.timeback.com', 'https://staging.timeback.com'),
});

/** The names `environment` accepts, in the order error messages list them. */
export const ENVIRONMENT_NAMES: readonly EnvironmentName[] = Object.freeze([
  'production',
  'sandbox',
  'staging',
]);

/** Whether `value` names one of the platform's environments. */
export function isEnvironmentName(value: unknown): value is EnvironmentName {
  return typeof value === 'string' && (ENVIRONMENT_NAMES as readonly string[]).includes(value);
}
