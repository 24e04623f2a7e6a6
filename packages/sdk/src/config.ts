import {
  consoleLogger,
  type FetchLike,
  type Hooks,
  type Logger,
  type LogLevel,
  type RetryOptions,
  type TokenCache,
  ValidationError,
} from '@learnkit/core';
import { type EnvironmentName, urlOptionIssue, type ValidationIssue } from '@learnkit/core/internal';
import type { ActivityOptions } from './activity';
import { type ChosenEnvironment, chooseEnvironment } from './environment-option';
import type { LearnKitLtiOptions } from './lti';

/**
 * Options of `new LearnKit({...})`. Every connection setting may instead come from the environment
 * (`LEARNKIT_ENVIRONMENT`, `LEARNKIT_BASE_URL`, `LEARNKIT_CLIENT_ID`, `LEARNKIT_CLIENT_SECRET`,
 * `LEARNKIT_DEVELOPER_TOKEN`, `LEARNKIT_AUTH_URL`, `LEARNKIT_LOG`);
 * an option given here wins over its variable.
 */
export interface LearnKitOptions {
  /**
   * The platform's environment: `'sandbox'` (external development, its own credentials), `'production'` or
   * `'staging'`. It sets the base URL and the token URL from the platform's published addresses (`ENVIRONMENTS`);
   * an explicit `baseUrl` (option or `LEARNKIT_BASE_URL`) wins over them. Default: `LEARNKIT_ENVIRONMENT`
   * (docs/decisions.md#d-environment-option).
   */
  environment?: EnvironmentName | undefined;
  /**
   * The platform's base URL, e.g. `https://api.example.com`; wins over the `environment`'s. Default:
   * `LEARNKIT_BASE_URL`, else the `environment`'s.
   */
  baseUrl?: string | undefined;
  /** The OAuth client id the platform team issued. Default: `LEARNKIT_CLIENT_ID`. */
  clientId?: string | undefined;
  /** The OAuth client secret. Default: `LEARNKIT_CLIENT_SECRET`. Never printed, logged or serialised. */
  clientSecret?: string | undefined;
  /**
   * Instead of client credentials: a developer's single-sign-on token, for the webhook subscription operations
   * of the developer-tool path (no refresh, no scopes; subscriptions made with it are owned by the application's
   * own auth client). Every other family refuses before sending. Default: `LEARNKIT_DEVELOPER_TOKEN`
   * (docs/decisions.md#d-developer-token).
   */
  developerToken?: string | undefined;
  /**
   * The identity provider's address. Given: tokens come from `${authUrl}/oauth2/token` with the credentials as
   * form fields. Omitted: from `${baseUrl}/auth/1.0/token` with HTTP Basic. Default: `LEARNKIT_AUTH_URL`.
   */
  authUrl?: string | undefined;
  /** Scopes to ask for (a list, or space-separated); omitted: the scopes assigned to the client. */
  scopes?: string | readonly string[] | undefined;
  /** The `fetch` every request (token requests included) goes through; default `globalThis.fetch` at call time. */
  fetch?: FetchLike | undefined;
  /** Retry settings of every call, or `false` for none. Default `{ maxRetries: 2, initialDelayMs: 500, ... }`. */
  retry?: RetryOptions | false | undefined;
  /** Time allowed for one attempt until the response headers arrive, in ms. Default 30,000. */
  timeoutMs?: number | undefined;
  /** Time allowed for a whole call, retries and backoff included, in ms. Default 120,000. */
  deadlineMs?: number | undefined;
  /**
   * Where to log one line per attempt (any `{ debug, info, warn, error }`, e.g. pino), or `false` for nothing.
   * Default: the console at the level of `LEARNKIT_LOG` (`debug`, `info`, `warn`, `error`) when it is set.
   */
  logger?: Logger | false | undefined;
  /** Headers sent with every API request. */
  headers?: HeadersInit | undefined;
  /**
   * Functions called around each attempt and token request, for traces and metrics (`onRequest`, `onResponse`,
   * `onRetry`, `onTokenRefresh`); they get metadata, never a secret. See docs/observability.md.
   */
  hooks?: Hooks | undefined;
  /**
   * Where tokens are kept. Default: a cache of this instance (two instances never share a token). Pass one
   * `createTokenCache()` to several instances with the same credentials to share their tokens.
   */
  tokenCache?: TokenCache | undefined;
  /** Server-side activity recording (`lk.activity`): its configuration, else `learnkit.config.json`. */
  activity?: ActivityOptions | undefined;
  /** LTI launch verification (`lk.lti`): `audience` (your app's LTI client id); issuer and key set have defaults. */
  lti?: LearnKitLtiOptions | undefined;
  /**
   * Where the `LEARNKIT_*` variables are read. Default: `process.env` (Node, Bun, Deno). Pass the `env` of a
   * Cloudflare Worker or a plain object in tests; `{}` ignores the environment.
   */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** The environment variables `new LearnKit()` reads. */
export const ENV = Object.freeze({
  /** The platform's environment (`environment`): `production`, `sandbox` or `staging`. */
  environment: 'LEARNKIT_ENVIRONMENT',
  /** The platform's base URL (`baseUrl`). */
  baseUrl: 'LEARNKIT_BASE_URL',
  /** The OAuth client id (`clientId`). */
  clientId: 'LEARNKIT_CLIENT_ID',
  /** The OAuth client secret (`clientSecret`). */
  clientSecret: 'LEARNKIT_CLIENT_SECRET',
  /** A developer's single-sign-on token (`developerToken`), instead of client credentials. */
  developerToken: 'LEARNKIT_DEVELOPER_TOKEN',
  /** The identity provider's address (`authUrl`): tokens from `${authUrl}/oauth2/token`. */
  authUrl: 'LEARNKIT_AUTH_URL',
  /** A console log level (`debug`, `info`, `warn`, `error`) when no `logger` is given. */
  log: 'LEARNKIT_LOG',
} as const);

/** @internal The connection settings after options and environment are merged and checked. */
export type ResolvedConfig = {
  baseUrl: string;
  /**
   * The environment named by `environment` or `LEARNKIT_ENVIRONMENT` (its LTI issuer and key set are
   * `ENVIRONMENTS[environment]`), even when an explicit `baseUrl` replaced its base URL; else undefined.
   */
  environment: EnvironmentName | undefined;
  /** A console logger when `LEARNKIT_LOG` (read like the other variables) names a level, else undefined. */
  logger: Logger | undefined;
} & (
  | { kind: 'client'; clientId: string; clientSecret: string; tokenUrl: string; style: 'basic' | 'form' }
  | { kind: 'developer'; developerToken: string }
);

interface RuntimeGlobals {
  process?: { env?: Record<string, string | undefined> };
  Deno?: { env?: { get(name: string): string | undefined } };
}

/** Reads a variable from `env`, else from `process.env` or `Deno.env`; unreadable (no permission) is unset. */
function readVariable(
  env: Readonly<Record<string, string | undefined>> | undefined,
  name: string,
): string | undefined {
  if (env) return env[name];
  const g = globalThis as unknown as RuntimeGlobals;
  try {
    if (g.process?.env) return g.process.env[name];
    return g.Deno?.env?.get(name);
  } catch {
    return undefined;
  }
}

/** `value` when it is a non-empty string after trimming, else undefined (an empty variable is an unset one). */
function present(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

const LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'];

const EXAMPLES = {
  baseUrl: 'https://api.example.com',
  clientId: 'the client id the platform team issued',
  clientSecret: 'its secret',
  developerToken: "the developer's single-sign-on token",
  authUrl: 'https://auth.example.com',
} as const;

/** The connection settings as given, an option winning over its variable, before they are checked. */
interface GivenSettings {
  chosen: ChosenEnvironment;
  /** The base URL given as an option or variable (it wins over the environment's). */
  explicitBaseUrl: string | undefined;
  baseUrl: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  developerToken: string | undefined;
  authUrl: string | undefined;
  /** Which settings came from the environment, for the error messages. */
  fromEnv: Set<keyof typeof ENV>;
}

/** Reads each connection setting from its option, else its variable, noting which came from the environment. */
function givenSettings(options: LearnKitOptions): GivenSettings {
  const fromEnv = new Set<keyof typeof ENV>();
  const pick = (
    key: 'baseUrl' | 'clientId' | 'clientSecret' | 'authUrl' | 'developerToken',
  ): string | undefined => {
    const fromOption = present(options[key]);
    if (fromOption !== undefined) return fromOption;
    const value = present(readVariable(options.env, ENV[key]));
    if (value !== undefined) fromEnv.add(key);
    return value;
  };
  const chosen = chooseEnvironment(options.environment, readVariable(options.env, ENV.environment));
  // An explicit baseUrl, option or variable, wins over the environment's (docs/decisions.md#d-environment-option).
  const explicitBaseUrl = pick('baseUrl');
  return {
    chosen,
    explicitBaseUrl,
    baseUrl: explicitBaseUrl ?? chosen.addresses?.baseUrl,
    clientId: pick('clientId'),
    clientSecret: pick('clientSecret'),
    developerToken: pick('developerToken'),
    authUrl: pick('authUrl'),
    fromEnv,
  };
}

/**
 * Keeps one credential kind per instance: an option wins over the environment, and both kinds given the same way is
 * an issue (docs/decisions.md#d-developer-token).
 */
function chooseCredentialKind(
  given: GivenSettings,
  options: LearnKitOptions,
  issues: ValidationIssue[],
): void {
  const { fromEnv } = given;
  if (
    given.developerToken === undefined ||
    (given.clientId === undefined && given.clientSecret === undefined)
  )
    return;
  const credentialOption = present(options.clientId) ?? present(options.clientSecret);
  if (!fromEnv.has('developerToken') && credentialOption === undefined) {
    given.clientId = undefined;
    given.clientSecret = undefined;
  } else if (fromEnv.has('developerToken') && credentialOption !== undefined)
    given.developerToken = undefined;
  else {
    issues.push({
      path: ['developerToken'],
      message: `cannot be used with clientId/clientSecret: give either a developer token (webhook subscriptions only) or client credentials${fromEnv.has('developerToken') ? ` (unset ${ENV.developerToken} or ${ENV.clientId}/${ENV.clientSecret})` : ''}`,
    });
  }
}

/** The required settings that are missing, each with its issue added to `issues`. */
function missingSettings(
  given: GivenSettings,
  developer: boolean,
  issues: ValidationIssue[],
): ('baseUrl' | 'clientId' | 'clientSecret')[] {
  const missing: ('baseUrl' | 'clientId' | 'clientSecret')[] = [];
  const required = developer
    ? ([['baseUrl', given.baseUrl]] as const)
    : ([
        ['baseUrl', given.baseUrl],
        ['clientId', given.clientId],
        ['clientSecret', given.clientSecret],
      ] as const);
  for (const [key, value] of required) {
    // A misspelt environment is its own issue; "baseUrl is required" beside it would point the wrong way.
    if (value === undefined && !(key === 'baseUrl' && given.chosen.issue)) {
      missing.push(key);
      issues.push({ path: [key], message: requiredMessage(key) });
    }
  }
  return missing;
}

/** Adds the issues of a malformed developer token or URL, each saying which variable set it when one did. */
function malformedSettings(given: GivenSettings, developer: boolean, issues: ValidationIssue[]): void {
  const { fromEnv, baseUrl, authUrl } = given;
  if (developer && /\s/.test(given.developerToken as string)) {
    issues.push({
      path: ['developerToken'],
      message: `contains whitespace (a pasted newline or a "Bearer " prefix?)${fromEnv.has('developerToken') ? ` (from ${ENV.developerToken})` : ''}: pass the bare token`,
    });
  }
  const from = (key: 'baseUrl' | 'authUrl') => (fromEnv.has(key) ? ` (from ${ENV[key]})` : '');
  // Core's rule for URL options: absolute http(s), no userinfo, and a message that never echoes userinfo.
  const urlIssues = [
    baseUrl === undefined
      ? undefined
      : urlOptionIssue('baseUrl', baseUrl, { bare: true, example: EXAMPLES.baseUrl }),
    authUrl === undefined
      ? undefined
      : urlOptionIssue('authUrl', authUrl, {
          bare: true,
          example: EXAMPLES.authUrl,
          note: ', to which /oauth2/token is added',
        }),
  ];
  for (const issue of urlIssues) {
    if (issue)
      issues.push({ ...issue, message: `${issue.message}${from(issue.path[0] as 'baseUrl' | 'authUrl')}` });
  }
}

/**
 * @internal Merges options and environment and checks them. Everything missing or malformed is reported in one
 * `ValidationError` whose message says, per setting, the option and the variable that set it.
 */
export function resolveConfig(options: LearnKitOptions): ResolvedConfig {
  const given = givenSettings(options);
  const { chosen } = given;
  const issues: ValidationIssue[] = chosen.issue ? [chosen.issue] : [];
  chooseCredentialKind(given, options, issues);
  const developer = given.developerToken !== undefined && issues.length === 0;
  const missing = missingSettings(given, developer, issues);
  malformedSettings(given, developer, issues);
  if (issues.length > 0) {
    const error = new ValidationError(issues);
    // From the error's issues, which are redacted, not from the values given (docs/decisions.md#d-validation-issues-redacted).
    error.message = describeProblems(missing, error.issues);
    throw error;
  }

  const level = present(readVariable(options.env, ENV.log))?.trim().toLowerCase();
  const logger = LEVELS.includes(level as LogLevel) ? consoleLogger(level as LogLevel) : undefined;
  const base = trimSlashes(given.baseUrl as string);
  if (developer)
    return {
      kind: 'developer',
      baseUrl: base,
      environment: chosen.name,
      developerToken: given.developerToken as string,
      logger,
    };
  const token = tokenEndpoint(base, given.explicitBaseUrl === undefined ? chosen : {}, given.authUrl);
  const credentials = { clientId: given.clientId as string, clientSecret: given.clientSecret as string };
  return { kind: 'client', baseUrl: base, environment: chosen.name, ...credentials, ...token, logger };
}

/** What a missing connection setting says: how to pass it, and the variable that sets it. */
function requiredMessage(key: 'baseUrl' | 'clientId' | 'clientSecret'): string {
  if (key === 'baseUrl')
    return `is required: pass new LearnKit({ environment: 'sandbox' }) ('production' or 'staging' too) or set ${ENV.environment}; or, for another address, pass new LearnKit({ baseUrl }) or set ${ENV.baseUrl} (${EXAMPLES.baseUrl})`;
  return `is required: pass new LearnKit({ ${key} }) or set ${ENV[key]} (${EXAMPLES[key]}); or a developerToken for webhook subscriptions only`;
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/**
 * Where tokens come from: `${authUrl}/oauth2/token` (form) when `authUrl` is given, else the environment's token
 * endpoint when its base URL is the one used, else `${baseUrl}/auth/1.0/token` (Basic).
 */
function tokenEndpoint(
  baseUrl: string,
  environment: ChosenEnvironment,
  authUrl: string | undefined,
): { tokenUrl: string; style: 'basic' | 'form' } {
  if (authUrl !== undefined) return { tokenUrl: `${trimSlashes(authUrl)}/oauth2/token`, style: 'form' };
  return { tokenUrl: environment.addresses?.tokenUrl ?? `${baseUrl}/auth/1.0/token`, style: 'basic' };
}

/** The one message of a configuration error: what is missing, then one line per problem with its fix. */
function describeProblems(missing: readonly string[], issues: readonly ValidationIssue[]): string {
  const head =
    missing.length > 0
      ? `LearnKit is not configured: missing ${missing.join(', ')}.`
      : 'LearnKit is misconfigured.';
  const width = Math.max(...issues.map((i) => String(i.path[0]).length));
  const lines = issues.map((i) => `  ${String(i.path[0]).padEnd(width)}  ${i.message}`);
  const tip =
    missing.length > 0
      ? [
          'Trying it locally? `npx -p @learnkit/mock learnkit-mock serve` starts a mock platform and prints a URL and credentials.',
        ]
      : [];
  return [head, ...lines, ...tip].join('\n');
}
