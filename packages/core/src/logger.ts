import { redact, redactValue } from './internal/redact';
import { readEnv } from './internal/runtime';

/** Severity of a log line. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One log method: pino's `(fields, message)` order; `console` methods fit too. */
export type LogFn = (fields: Record<string, unknown>, message?: string) => void;

/**
 * What the `logger` option accepts: any object with `debug`, `info`, `warn` and `error`, such as pino,
 * a pino child, or `console`. Lines are passed as `(fields, message)`, already redacted.
 */
export interface Logger {
  /** Successful responses: one line per attempt with method, path, status and duration. */
  debug: LogFn;
  /** Attempts that will be retried (with the delay, or after a token refresh) and 4xx responses. */
  info: LogFn;
  /** 5xx responses, failed attempts not retried, refused webhook deliveries, a failed early token refresh. */
  warn: LogFn;
  /** Failures handling an incoming webhook delivery or activity event (responded with 5xx, so it is sent again). */
  error: LogFn;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function isLevel(value: string | undefined): value is LogLevel {
  return value !== undefined && Object.hasOwn(LEVELS, value);
}

/**
 * A logger writing one line per event to `console` at `level` and above.
 *
 * @example
 * createHttpClient({ baseUrl, logger: consoleLogger('debug') })
 */
export function consoleLogger(level: LogLevel = 'info'): Logger {
  const min = LEVELS[level];
  const line =
    (lvl: LogLevel): LogFn =>
    (fields, message) => {
      if (LEVELS[lvl] < min) return;
      console[lvl](`[learnkit] ${lvl} ${message ?? ''} ${JSON.stringify(fields)}`);
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

/**
 * The logger the SDK writes to: `logger` when given, else a console logger when `LEARNKIT_LOG` is
 * `debug`, `info`, `warn` or `error`, else none. Whatever is returned redacts every field and message
 * (Authorization, client secrets, tokens, `whsec_` secrets) before the line leaves the SDK.
 *
 * @example
 * const log = createLogger(options.logger); log?.info({ path }, 'delivered');
 */
export function createLogger(logger?: Logger | false): Logger | undefined {
  if (logger === false) return undefined;
  let target = logger;
  if (!target) {
    const env = readEnv('LEARNKIT_LOG')?.trim().toLowerCase();
    if (!isLevel(env)) return undefined;
    target = consoleLogger(env);
  }
  const sink = target;
  const safe =
    (lvl: LogLevel): LogFn =>
    (fields, message) => {
      try {
        sink[lvl](
          redactValue(fields) as Record<string, unknown>,
          message === undefined ? undefined : redact(message),
        );
      } catch {
        // A broken logger must never break the request it is logging.
      }
    };
  return { debug: safe('debug'), info: safe('info'), warn: safe('warn'), error: safe('error') };
}
