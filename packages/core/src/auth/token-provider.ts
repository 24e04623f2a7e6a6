/**
 * Supplies bearer tokens to the transport. {@link clientCredentials} and {@link staticToken} implement it;
 * any object of this shape works (for example a provider reading tokens from a secret manager).
 */
export interface TokenProvider {
  /**
   * A token valid now. Must reject with `signal.reason` as soon as `signal` aborts (the refresh itself may
   * continue for other waiters).
   */
  getToken(options?: { signal?: AbortSignal }): Promise<string>;
  /** Forgets `token` if it is the one cached, so the next `getToken` fetches a new one. */
  invalidate(token: string): void;
  /** What to do when the API refuses this provider's token even after a refresh; ends the error message. */
  readonly unauthorizedHint?: string;
}

/**
 * @internal A method of the providers core makes: the token valid now, or undefined when `getToken` has to wait
 * (fetch, refresh). The transport reads it first, so a call with a cached token arms no deadline timer for it.
 */
export const CURRENT_TOKEN: unique symbol = Symbol('learnkit.currentToken');

/** @internal The token `provider` has at hand now, for providers made by core; undefined otherwise. */
export function currentToken(provider: TokenProvider): string | undefined {
  return (provider as { [CURRENT_TOKEN]?: () => string | undefined })[CURRENT_TOKEN]?.();
}
