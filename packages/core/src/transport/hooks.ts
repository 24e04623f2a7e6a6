import type { LearnKitError } from '../errors';
import type { Logger } from '../logger';

/** What every request hook is told: which call, which attempt, and the id to quote. Never a secret. */
export interface AttemptInfo {
  /** The operation, e.g. `GET /ims/case/v1p1/CFItems/{sourcedId}` (or `GET /path` for a raw request). */
  operation: string;
  /** The HTTP method of this attempt. */
  method: string;
  /** The URL of this attempt, query included (credentials in a URL are refused before sending). */
  url: string;
  /** 1 for the first attempt, 2 for the first retry, and so on. */
  attempt: number;
  /** The call's `X-Request-Id`, the same on every attempt (docs/decisions.md#d-request-id-per-call). */
  requestId: string;
}

/** `onRequest`: an attempt is about to be sent. */
export interface RequestHookInfo extends AttemptInfo {
  /** When the attempt starts, ms since the epoch. */
  startedAt: number;
}

/** `onResponse`: an attempt ended, with a `status` when a response came, else the `error` (timeout, connection). */
export interface ResponseHookInfo extends AttemptInfo {
  /** The HTTP status, when a response came. */
  status?: number | undefined;
  /** Why no response came: a `TimeoutError` or `ConnectionError`. */
  error?: LearnKitError | undefined;
  /** How long the attempt took, body included, in ms. */
  durationMs: number;
}

/** `onRetry`: an attempt failed and the call will try again after `delayMs`. */
export interface RetryHookInfo extends AttemptInfo {
  /** The wait before the next attempt, in ms (0 for a retry with a fresh token after a 401). */
  delayMs: number;
  /** Why: `status 503`, `token refused (401)`, `TimeoutError`, `ConnectionError`, ... */
  reason: string;
  /** The status of the failed attempt, when a response came. */
  status?: number | undefined;
}

/** `onTokenRefresh`: a token request of the client-credentials grant ended. */
export interface TokenRefreshHookInfo {
  /** The token endpoint. */
  tokenUrl: string;
  /** The client id (not a secret). */
  clientId: string;
  /** Whether a token came back. */
  ok: boolean;
  /** How long the token request took, retries included, in ms. */
  durationMs: number;
  /** Why it failed, when it did (its message is redacted like every LearnKit error's). */
  error?: unknown;
}

/**
 * The figures of an activity queue (`createActivityQueue` of `@learnkit/activity/server`): what its store holds,
 * shared by every process, and what this process's workers did since they started.
 */
export interface QueueStats {
  /** Records stored and not yet sent or dead-lettered, those a worker holds now included. */
  depth: number;
  /** Of those, how many a worker holds now (taken, being sent or waiting to be retried). */
  inFlight: number;
  /** How long the oldest of them has waited, in ms; 0 when there is none. */
  oldestAgeMs: number;
  /** Dead letters stored (events the platform refused), until they are retried. */
  deadLetters: number;
  /** Caliper events this process's workers delivered (the ingest responded with 2xx). */
  sent: number;
  /** Attempts of a batch this process's workers will make again (429, 5xx, network errors, timeouts). */
  retried: number;
  /** Caliper events this process's workers moved to the dead letters. */
  deadLettered: number;
}

/** `onQueue`: a worker of an activity queue delivered, will retry, or dead-lettered events of a batch. */
export interface QueueHookInfo {
  /** The queue's store: `memory`, or `redis <stream key>`. */
  queue: string;
  /** What happened to the events of the batch. */
  event: 'sent' | 'retried' | 'dead-lettered';
  /** How many Caliper events it concerns. */
  count: number;
  /** For `retried`: the wait before the next attempt, in ms (`Retry-After` when the platform gave one). */
  delayMs?: number | undefined;
  /** For `retried` and `dead-lettered`: why (`status 503`, `ConnectionError`, the platform's message). */
  reason?: string | undefined;
  /** The HTTP status, when the platform responded. */
  status?: number | undefined;
  /** The queue's figures just after it. */
  stats: QueueStats;
}

/**
 * Functions the transport calls around each attempt, for traces and metrics (docs/observability.md). They get
 * metadata only, never a token or a secret; one that throws is logged and ignored, so observability never
 * breaks a call (docs/decisions.md#d-transport-hooks).
 *
 * @example
 * const lk = new LearnKit({ hooks: { onResponse: ({ operation, status, durationMs }) => histogram.record(durationMs, { operation, status }) } });
 */
export interface Hooks {
  /** Before each attempt is sent. */
  onRequest?: ((info: RequestHookInfo) => void) | undefined;
  /** After each attempt ends, responded or not. */
  onResponse?: ((info: ResponseHookInfo) => void) | undefined;
  /** When a failed attempt will be retried. */
  onRetry?: ((info: RetryHookInfo) => void) | undefined;
  /** After each token request of the client-credentials grant (one per refresh, however many calls wait). */
  onTokenRefresh?: ((info: TokenRefreshHookInfo) => void) | undefined;
  /**
   * After a worker of an activity queue made with these hooks (`lk.activity.queue(...)`, or `createActivityQueue({
   * hooks })`) delivered, will retry, or dead-lettered the events of a batch, with the queue's figures.
   */
  onQueue?: ((info: QueueHookInfo) => void) | undefined;
}

/** @internal Calls `hook` with `info`; a hook that throws is logged and otherwise ignored. */
export function fireHook<T>(
  hook: ((info: T) => void) | undefined,
  info: T,
  name: keyof Hooks,
  log: Logger | undefined,
): void {
  if (hook === undefined) return;
  try {
    hook(info);
  } catch (error) {
    log?.warn(
      { hook: name, error: error instanceof Error ? error.message : String(error) },
      `hooks.${name} threw; ignored so the call goes on`,
    );
  }
}
