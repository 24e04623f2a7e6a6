import { AuthenticationError, createApiError, ValidationError, type ValidationIssue } from '../errors';
import { raceAbort } from '../internal/abort';
import { base64Ascii, formEncode } from '../internal/form';
import { keyedHash } from '../internal/keyed-hash';
import { redact, registerSecret, registerToken } from '../internal/redact';
import { decodeText, isRecord, tryParseJson } from '../internal/text';
import { createLogger, type Logger } from '../logger';
import { fireHook, type Hooks } from '../transport/hooks';
import type { RetryOptions } from '../transport/retry-policy';
import { createBufferedTransport, type FetchLike } from '../transport/transport';
import { urlOptionIssue } from '../url-option';
import { sharedTokenCache, type TokenCache, type TokenCacheEntry } from './token-cache';
import { CURRENT_TOKEN, type TokenProvider } from './token-provider';
import { type SharedTokenRecord, tokenSealer } from './token-seal';

/** Options of {@link clientCredentials}. */
export interface ClientCredentialsOptions {
  /** The token endpoint, e.g. `https://api.example.com/auth/1.0/token` or `${authUrl}/oauth2/token`. */
  tokenUrl: string;
  /** The client id the platform issued (registering an application returns one); no stray whitespace. */
  clientId: string;
  /** The client secret issued with `clientId`; registered for redaction, so logs and errors never show it. */
  clientSecret: string;
  /** Scopes to ask for, space-separated or as a list; omitted: the scopes assigned to the client. */
  scope?: string | readonly string[] | undefined;
  /**
   * How the credentials travel: `basic` as an HTTP Basic header (the platform's `/auth/1.0/token`);
   * `form` as `client_id` and `client_secret` form fields (the identity provider's `/oauth2/token`).
   */
  style: 'basic' | 'form';
  /** The `fetch` for token requests; default `globalThis.fetch` at call time. */
  fetch?: FetchLike | undefined;
  /** Clock in ms for token expiry (default `Date.now`). */
  now?: (() => number) | undefined;
  /** Retries of the token request on 5xx, 429, timeouts and connection errors. Same defaults as API calls. */
  retry?: RetryOptions | false | undefined;
  /** Per-attempt timeout of the token request in ms. Default 30,000. */
  timeoutMs?: number | undefined;
  /** Where to log token requests; default none, or the console when `LEARNKIT_LOG` is set. */
  logger?: Logger | false | undefined;
  /**
   * Token cache; default: one shared by every provider of the process with the same URL, client id, scope and
   * secret (the secret as a keyed hash, never as it is). `createRedisTokenCache(redis)` of `@learnkit/sdk` shares
   * tokens across processes too.
   */
  cache?: TokenCache | undefined;
  /** `onTokenRefresh` is called after each token request, with its duration and outcome, never the token. */
  hooks?: Pick<Hooks, 'onTokenRefresh'> | undefined;
}

// Tokens are refreshed this long before they expire, so a call never leaves with a token about to die.
const REFRESH_MARGIN_MS = 60_000;
// The platform's documented lifetime, used when a token response omits expires_in.
const DEFAULT_EXPIRES_IN_S = 3600;

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

function checkCredential(issues: ValidationIssue[], name: string, value: unknown): void {
  if (typeof value !== 'string' || value === '') {
    issues.push({ path: [name], message: `is required: pass the ${name} the platform team issued` });
  } else if (value.trim() !== value) {
    // Stripe-style diagnosis: the most common cause of invalid_client is a newline pasted with the value.
    issues.push({
      path: [name],
      message: `has leading or trailing whitespace (a pasted newline?); trim it before passing it`,
    });
  }
}

function checkUrl(issues: ValidationIssue[], name: string, value: unknown): void {
  const issue = urlOptionIssue(name, value, { example: 'https://api.example.com/auth/1.0/token' });
  if (issue) issues.push(issue);
}

// Null prototype: `error` comes from the token endpoint, and `constructor` must not find Object's
// (docs/decisions.md#d-own-property-lookups).
const OAUTH_ADVICE: Record<string, string> = Object.assign(Object.create(null), {
  invalid_client: 'Check clientId/clientSecret and the token URL (and that style matches the endpoint).',
  invalid_scope: 'The client may not ask for that scope; ask the platform team to assign it, or drop scope.',
  unauthorized_client: 'The client may not use the client-credentials grant; ask the platform team.',
  invalid_request:
    "The token request was malformed; check that style ('basic' or 'form') matches the endpoint.",
  unsupported_grant_type: 'The endpoint refused the client-credentials grant; check the token URL and style.',
  invalid_grant: 'The endpoint refused the grant; check the token URL and the credentials.',
});

// The OAuth error members (RFC 6749 section 5.2): all a token endpoint's body may show in an error.
const OAUTH_ERROR_MEMBERS = ['error', 'error_description', 'error_uri'] as const;

/**
 * What an error keeps of a token endpoint's body: a token endpoint's response is a credential by what it is, so only
 * its OAuth error members (strings) are kept; any other JSON member is dropped, and a success body that is not JSON
 * is withheld whole (docs/decisions.md#d-redaction-by-value).
 */
function tokenEndpointBody(text: string, ok: boolean): string {
  const json = tryParseJson(text);
  if (isRecord(json)) {
    const kept: Record<string, string> = {};
    for (const key of OAUTH_ERROR_MEMBERS) {
      const value = json[key];
      if (typeof value === 'string') kept[key] = value;
    }
    const dropped = Object.keys(json).filter((k) => !Object.hasOwn(kept, k));
    return JSON.stringify(dropped.length ? { ...kept, redacted: dropped } : kept);
  }
  return ok ? `[redacted: ${text.length} characters from the token endpoint]` : text;
}

/**
 * OAuth 2.0 client-credentials tokens: fetched once, cached per token URL + client id + scope + secret (a keyed
 * hash of it), refreshed
 * 60 s before expiry with one request however many calls wait, and dropped on {@link TokenProvider.invalidate}.
 * Credentials are checked before any request (an empty value or stray whitespace is a `ValidationError`).
 *
 * @example
 * const auth = clientCredentials({
 *   tokenUrl: 'https://api.example.com/auth/1.0/token',
 *   clientId: process.env.LEARNKIT_CLIENT_ID!,
 *   clientSecret: process.env.LEARNKIT_CLIENT_SECRET!,
 *   style: 'basic',
 * });
 */
export function clientCredentials(options: ClientCredentialsOptions): TokenProvider {
  const issues: ValidationIssue[] = [];
  checkUrl(issues, 'tokenUrl', options?.tokenUrl);
  checkCredential(issues, 'clientId', options?.clientId);
  checkCredential(issues, 'clientSecret', options?.clientSecret);
  if (options?.style !== 'basic' && options?.style !== 'form') {
    issues.push({
      path: ['style'],
      message: `must be 'basic' (HTTP Basic, /auth/1.0/token) or 'form' (form fields, /oauth2/token) (got ${JSON.stringify(options?.style)})`,
    });
  }
  const scopes =
    options?.scope === undefined
      ? []
      : typeof options.scope === 'string'
        ? [options.scope]
        : [...options.scope];
  const scope = scopes
    .map((s) => (typeof s === 'string' ? s.trim() : ''))
    .filter(Boolean)
    .join(' ');
  if (issues.length) throw new ValidationError(issues);

  const { tokenUrl, clientId, clientSecret, style } = options;
  const now = options.now ?? Date.now;
  const cache = options.cache ?? sharedTokenCache;
  // A token is shared only by callers that proved the same credentials: the secret is part of the key, as a keyed
  // hash (docs/decisions.md#d-token-cache-by-credentials).
  const key = `${tokenUrl}\n${clientId}\n${scope}\n${keyedHash(clientSecret)}`;
  // Across processes the key is a hash under the secret itself (the same in every process), and the stored token is
  // encrypted with a key derived from it (docs/decisions.md#d-shared-token-sealed).
  const shared = cache.shared;
  const sealer = shared ? tokenSealer(`${tokenUrl}\n${clientId}\n${scope}`, clientSecret) : undefined;
  const log = createLogger(options.logger);
  const transport = createBufferedTransport({
    fetch: options.fetch,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
    logger: options.logger,
  });
  const basic = `Basic ${base64Ascii(`${formEncode(clientId)}:${formEncode(clientSecret)}`)}`;
  const operation = `POST ${new URL(tokenUrl).pathname}`;

  async function requestToken(): Promise<{ token: string; expiresInS: number; issuedAt: number }> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (style === 'basic') {
      headers.authorization = basic;
    } else {
      form.set('client_id', clientId);
      form.set('client_secret', clientSecret);
    }
    if (scope) form.set('scope', scope);
    const issuedAt = now();
    // The grant is safe to repeat, so 5xx, 429, timeouts and connection errors are retried like a GET;
    // 400 and 401 (invalid_client and friends) are not retryable statuses, so they are never retried.
    // The body is read inside the transport's time limits, so a stalled token endpoint ends like a hung one.
    const { response, body } = await transport(
      tokenUrl,
      { method: 'POST', headers, body: form.toString() },
      { idempotent: true, operation },
    );
    const text = decodeText(body);
    if (!response.ok) {
      const json = tryParseJson(text);
      // RFC 6749 section 5.2: OAuth errors come as 400 or 401; other statuses are the endpoint failing.
      const oauth =
        isRecord(json) &&
        typeof json.error === 'string' &&
        (response.status === 400 || response.status === 401 || typeof json.error_description === 'string');
      if (oauth) {
        const code = (json as { error: string }).error;
        const advice = OAUTH_ADVICE[code] ?? 'Check the credentials and the token URL.';
        throw new AuthenticationError({
          status: response.status,
          headers: response.headers,
          body: tokenEndpointBody(text, false),
          operation,
          hint: advice,
        });
      }
      const hint =
        response.status === 404 || response.status === 405
          ? `Check the token URL (${tokenUrl}).`
          : response.status === 401
            ? 'Check clientId/clientSecret and the token URL.'
            : undefined;
      throw createApiError({
        status: response.status,
        headers: response.headers,
        body: tokenEndpointBody(text, false),
        operation,
        ...(hint && { hint }),
      });
    }
    const json = tryParseJson(text);
    const token = isRecord(json) ? json.access_token : undefined;
    if (typeof token !== 'string' || token === '') {
      throw new AuthenticationError({
        status: response.status,
        headers: response.headers,
        body: tokenEndpointBody(text, true),
        operation,
        message: redact(
          `${operation} responded with ${response.status} without an access_token. Check the token URL (${tokenUrl}).`,
        ),
      });
    }
    registerToken(token);
    const expiresIn = isRecord(json) ? Number(json.expires_in) : Number.NaN;
    return {
      token,
      expiresInS: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_EXPIRES_IN_S,
      issuedAt,
    };
  }

  const onTokenRefresh = options.hooks?.onTokenRefresh;
  /** Tells `onTokenRefresh` how a token request that began at `startedAt` ended. */
  const reportRefresh = (startedAt: number, error?: unknown) => {
    const info = { tokenUrl, clientId, ok: error === undefined, durationMs: Date.now() - startedAt };
    fireHook(onTokenRefresh, error === undefined ? info : { ...info, error }, 'onTokenRefresh', log);
  };

  /** One token request, reported to `onTokenRefresh`, as the times processes share. */
  async function fetchRecord(): Promise<SharedTokenRecord> {
    const startedAt = Date.now();
    let rawResponse: Awaited<ReturnType<typeof requestToken>>;
    try {
      rawResponse = await requestToken();
    } catch (error) {
      if (onTokenRefresh) reportRefresh(startedAt, error);
      throw error;
    }
    if (onTokenRefresh) reportRefresh(startedAt);
    const { token, expiresInS, issuedAt } = rawResponse;
    const expiresAt = issuedAt + expiresInS * 1000;
    // A token living under two minutes is refreshed at half-life instead of 60 s before its end.
    return { token, expiresAt, refreshAt: expiresAt - Math.min(REFRESH_MARGIN_MS, (expiresInS * 1000) / 2) };
  }

  /** The next token: from the token endpoint, or through the shared store when the cache has one. */
  async function nextRecord(entry: TokenCacheEntry): Promise<SharedTokenRecord> {
    if (!shared || !sealer) return fetchRecord();
    const { record, fetched } = await shared.obtain({
      sealer,
      now,
      rejected: entry.rejected,
      fetchToken: fetchRecord,
      log,
    });
    // A token another process requested is redacted here like one this process requested.
    if (!fetched) registerToken(record.token);
    return record;
  }

  function refresh(entry: TokenCacheEntry, stillValid: string | undefined): Promise<string> {
    const p = nextRecord(entry).then(
      (record) => {
        entry.token = record.token;
        entry.expiresAt = record.expiresAt;
        entry.refreshAt = record.refreshAt;
        entry.rejected = undefined;
        return record.token;
      },
      (error: unknown) => {
        // An early refresh that fails leaves the current token in use until it really expires.
        if (stillValid !== undefined && entry.token === stillValid && now() < entry.expiresAt) {
          log?.warn(
            { error: error instanceof Error ? error.message : String(error) },
            'token refresh failed; keeping the current token until it expires',
          );
          return stillValid;
        }
        throw error;
      },
    );
    entry.inflight = p;
    const settle = () => {
      if (entry.inflight === p) entry.inflight = undefined;
    };
    p.then(settle, settle);
    return p;
  }

  const describe = () =>
    `ClientCredentials { tokenUrl: '${tokenUrl}', clientId: '${clientId}', style: '${style}'${scope ? `, scope: '${scope}'` : ''}, clientSecret: [redacted] }`;

  const provider = {
    [CURRENT_TOKEN](): string | undefined {
      const entry = cache.entry(key);
      return entry.token !== undefined && now() < entry.refreshAt ? entry.token : undefined;
    },
    getToken({ signal }: { signal?: AbortSignal } = {}) {
      const entry = cache.entry(key);
      const t = now();
      if (entry.token !== undefined && t < entry.refreshAt) return Promise.resolve(entry.token);
      if (signal?.aborted) return Promise.reject(signal.reason);
      const pending =
        entry.inflight ??
        refresh(entry, entry.token !== undefined && t < entry.expiresAt ? entry.token : undefined);
      return raceAbort(pending, signal);
    },
    invalidate(token: string) {
      const entry = cache.entry(key);
      if (entry.token === token) {
        // Remembered, so a shared store still holding it is not trusted again (docs/decisions.md#d-shared-token-401).
        entry.rejected = token;
        entry.token = undefined;
        entry.expiresAt = 0;
        entry.refreshAt = 0;
      }
    },
    unauthorizedHint:
      'Check clientId/clientSecret and the token URL; the API refused the token even after a refresh (revoked client, or a token of another environment?).',
    toString: describe,
    toJSON: () => describe(),
    [INSPECT]: describe,
  };
  // Redacted for as long as this provider lives, however many tokens it fetches (docs/decisions.md#d-redaction-by-value).
  registerSecret(clientSecret, provider);
  registerSecret(basic.slice(6), provider);
  return provider as TokenProvider;
}
