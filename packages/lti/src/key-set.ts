import { PayloadTooLargeError, readBodyWithLimit } from '@learnkit/core/internal';
import {
  createLocalJWKSet,
  errors,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  type JWTHeaderParameters,
} from 'jose';
import { LaunchVerificationError } from './errors';

/** The `fetch` the key set is read with (the global one by default). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Options of {@link createKeySetCache}. */
export interface KeySetCacheOptions {
  /** The platform's key set (JWKS) address. */
  jwksUrl: string;
  /** Default `globalThis.fetch`, looked up at each fetch. */
  fetch?: FetchLike | undefined;
  /** How long one fetch of the key set may take before the launch is refused (default 5,000 ms). */
  timeoutMs?: number | undefined;
  /** Least time between two refetches for a `kid` the cached set lacks (default 30,000 ms). */
  refetchIntervalMs?: number | undefined;
  /** How long a fetched key set is used before it is read again (default 10 min). */
  maxAgeMs?: number | undefined;
  /** Largest key-set respond to read (default 256 KiB); a larger one is a refusal, `key_set_unreachable`. */
  maxBytes?: number | undefined;
}

/** The members of a token's protected header that choose its key (jose's `JWTHeaderParameters` fits). */
export interface KeyLookupHeader {
  /** The token's algorithm. */
  alg?: string | undefined;
  /** The id of the key that signed it. */
  kid?: string | undefined;
}

/**
 * The key set of one platform, cached: `getKey` is what jose's `jwtVerify` takes. Its types are the package's own,
 * so the declarations name nothing of jose, an ES module that CommonJS type-checking could not import.
 */
export interface KeySetCache {
  /** The public key (a Web Crypto `CryptoKey`) for a token's header, fetching the set when needed. */
  getKey(header: KeyLookupHeader, token?: unknown): Promise<unknown>;
  /** How many times the key set was fetched (for tests and the bench). */
  readonly fetches: number;
}

type LocalSet = ReturnType<typeof createLocalJWKSet>;

const unreachable = (why: string) =>
  new LaunchVerificationError(
    'key_set_unreachable',
    `${why}; check jwksUrl and that the platform's key set responds, then launch again`,
  );

async function readKeySet(options: Required<Omit<KeySetCacheOptions, 'fetch'>> & { fetch?: FetchLike }) {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // One deadline for the response and its body: a timer (not AbortSignal.timeout), so fake timers drive it in tests.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs);
  try {
    return await readResponse(fetchFn, options, abort.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function readResponse(
  fetchFn: FetchLike,
  options: Required<Omit<KeySetCacheOptions, 'fetch'>>,
  signal: AbortSignal,
): Promise<LocalSet> {
  let response: Response;
  try {
    response = await abortable(
      fetchFn(options.jwksUrl, { headers: { accept: 'application/json' }, signal }),
      signal,
    );
  } catch {
    throw unreachable(`the key set at ${options.jwksUrl} did not respond within ${options.timeoutMs} ms`);
  }
  if (!response.ok) {
    // Not awaited: a cancel can wait on the other branch of a tee'd body.
    void response.body?.cancel().catch(() => {});
    throw unreachable(`the key set at ${options.jwksUrl} responded with ${response.status}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await abortable(
      readBodyWithLimit(response.body, options.maxBytes, response.headers.get('content-length')),
      signal,
    );
  } catch (error) {
    const why =
      error instanceof PayloadTooLargeError
        ? `is larger than ${options.maxBytes} bytes`
        : `was not read within ${options.timeoutMs} ms`;
    throw unreachable(`the key set at ${options.jwksUrl} ${why}`);
  }
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as JSONWebKeySet;
    return createLocalJWKSet(parsed);
  } catch {
    throw unreachable(`the key set at ${options.jwksUrl} is not a JSON Web Key Set ({ "keys": [...] })`);
  }
}

/** `promise`, or a rejection once `signal` aborts (a `fetch` that ignores its signal, a body that stalls). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() =>
    signal.removeEventListener('abort', onAbort as () => void),
  );
}

/**
 * A cached key set: fetched on first use and after `maxAgeMs`; a token whose `kid` the cached set lacks triggers one
 * refetch (the platform rotated its key), at most one per `refetchIntervalMs`, and concurrent launches share one fetch
 * (docs/decisions.md#d-lti-key-set-cache). A key set that hangs, fails or is too large is a `key_set_unreachable`
 * refusal within `timeoutMs`, never a hang.
 */
export function createKeySetCache(options: KeySetCacheOptions): KeySetCache {
  const settings = {
    jwksUrl: options.jwksUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 5_000,
    refetchIntervalMs: options.refetchIntervalMs ?? 30_000,
    maxAgeMs: options.maxAgeMs ?? 600_000,
    maxBytes: options.maxBytes ?? 256 * 1024,
  };
  let local: LocalSet | undefined;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let attemptedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<LocalSet> | undefined;
  let fetches = 0;
  // The keys the current set gave, by kid and alg: a launch with a known key skips jose's search of the set.
  let resolved = new Map<string, unknown>();

  const refresh = (): Promise<LocalSet> => {
    pending ??= (async () => {
      attemptedAt = Date.now();
      fetches++;
      try {
        local = await readKeySet(settings);
        resolved = new Map();
        fetchedAt = Date.now();
        return local;
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  };

  const lookUp = async (header: JWTHeaderParameters, token: FlattenedJWSInput): Promise<unknown> => {
    const current =
      local !== undefined && Date.now() - fetchedAt < settings.maxAgeMs ? local : await refresh();
    try {
      return await current(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // A key the set lacks: use a set fetched since, or share a fetch under way, or refetch once, unless one
      // was made lately (a flood of random kids makes one fetch per interval).
      if (local !== undefined && local !== current) return local(header, token);
      if (pending !== undefined) return (await pending)(header, token);
      if (Date.now() - attemptedAt < settings.refetchIntervalMs) throw error;
      return (await refresh())(header, token);
    }
  };

  return {
    get fetches() {
      return fetches;
    },
    getKey(lookup, input) {
      const memo = `${lookup.kid}|${lookup.alg}`;
      const known = Date.now() - fetchedAt < settings.maxAgeMs ? resolved.get(memo) : undefined;
      if (known !== undefined) return Promise.resolve(known);
      // Into the map of the set in use now: a refetch meanwhile starts a new map, so no key of a retired set stays.
      const into = resolved;
      return lookUp(lookup as JWTHeaderParameters, input as FlattenedJWSInput).then((key) => {
        into.set(memo, key);
        return key;
      });
    },
  };
}
