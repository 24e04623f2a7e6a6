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
