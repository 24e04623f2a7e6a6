import type { Logger } from '../logger';
import type { SharedTokenRecord, TokenSealer } from './token-seal';

export type { SharedTokenRecord, TokenSealer } from './token-seal';

/**
 * @internal How a token cache shares tokens across processes (`createSharedTokenCache` of `@learnkit/sdk`). The
 * provider keeps the secret and hands over a sealer made from it (docs/decisions.md#d-shared-token-sealed).
 */
export interface SharedTokenBackend {
  /** The token to use: from the store, or from `fetchToken` under the store's lock. */
  obtain(request: SharedTokenRequest): Promise<SharedTokenOutcome>;
}

/** @internal What a provider asks a {@link SharedTokenBackend} for. */
export interface SharedTokenRequest {
  /** Names the credentials in the store and seals their token. */
  sealer: TokenSealer;
  /** The provider's clock (ms epoch). */
  now: () => number;
  /** A token refused here (401): never adopted again. */
  rejected: string | undefined;
  /** Requests a token from the token endpoint. */
  fetchToken: () => Promise<SharedTokenRecord>;
  /** The provider's logger. */
  log: Logger | undefined;
}

/** @internal The token, and whether this process requested it. */
export interface SharedTokenOutcome {
  record: SharedTokenRecord;
  fetched: boolean;
}
