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
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
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
