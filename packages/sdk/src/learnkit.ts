import { createActivityServer, createCaliperClient } from '@learnkit/activity/server';
import { type CaseClient, createCaseClient } from '@learnkit/case';
import {
  clientCredentials,
  createHttpClient,
  createTokenCache,
  type HttpClient,
  type HttpClientOptions,
  staticToken,
  type TokenProvider,
  ValidationError,
} from '@learnkit/core';
import type { EnvironmentName } from '@learnkit/core/internal';
import { createOneRosterClient, type OneRosterClient } from '@learnkit/oneroster';
import {
  type ApplicationsClient,
  type BeyondClient,
  createPlatformClient,
  type DiscountCodes,
  type EventsClient,
  type InsightsClient,
  type PlatformClient,
  type RosteringClient,
} from '@learnkit/platform';
import { createSubscriptionsClient } from '@learnkit/webhooks';
import type { ActivityOptions, LearnKitActivity } from './activity';
import { type LearnKitCaliper, withConfiguredSensor } from './caliper';
import { type LearnKitOptions, type ResolvedConfig, resolveConfig } from './config';
import { createLearnKitLti, type LearnKitLti } from './lti';
import type { LearnKitPaths } from './paths';
import { VERSION } from './version';
import { createLearnKitWebhooks, type LearnKitWebhooks } from './webhooks';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The error of a family called with a developer token: which credentials it needs, and how to give them. */
function developerPathError(family: string): ValidationError {
  const error = new ValidationError([
    {
      path: ['developerToken'],
      message: `cannot call lk.${family}: a developer token only manages webhook subscriptions (lk.webhooks.subscriptions)`,
    },
  ]);
  error.message = `lk.${family} needs client credentials, and this LearnKit holds a developer token, which only manages webhook subscriptions (lk.webhooks.subscriptions). For lk.${family}, create an instance with new LearnKit({ baseUrl, clientId, clientSecret }).`;
  return error;
}

/**
 * The LearnKit platform client. One instance holds one transport (timeouts, retries, logging) and one token
 * provider, shared by every client it hands out: `case`, `oneroster`, `rostering`, `applications`, `events`,
 * `insights`, `beyond`, `discountCodes`, `webhooks`, `caliper`, `activity` and the typed `http`. Sub-clients are
 * built on first use.
 *
 * Configuration comes from the options or the environment (`LEARNKIT_BASE_URL`, `LEARNKIT_CLIENT_ID`,
 * `LEARNKIT_CLIENT_SECRET`, `LEARNKIT_AUTH_URL`, `LEARNKIT_LOG`); anything missing is one `ValidationError`
 * naming each setting and how to set it. The client secret and tokens never appear in `String(lk)`,
 * `JSON.stringify(lk)`, `console.log(lk)`, logs or errors.
 *
 * @example
 * import { LearnKit } from '@learnkit/sdk';
 *
 * const lk = new LearnKit(); // LEARNKIT_BASE_URL, LEARNKIT_CLIENT_ID, LEARNKIT_CLIENT_SECRET
 * for await (const doc of lk.case.documents.list()) console.log(doc.title);
 */
export class LearnKit {
  /** The SDK's version. */
  static readonly VERSION: string = VERSION;

  /**
   * The typed client of every path in the platform's OpenAPI documents (CASE, OneRoster, rostering,
   * applications, insights, webhooks, Caliper, ...), on the same transport and token as the other clients.
   * `call()` returns the data or throws a typed error; `GET`/`POST`/... keep openapi-fetch's `{ data, error }`.
   *
   * @example
   * const user = await lk.http.call('GET', '/rostering/1.0/users/{sourcedId}', {
   *   params: { path: { sourcedId: 'usr-1' } },
   * });
   */
  readonly http: HttpClient<LearnKitPaths>;

  readonly #config: ResolvedConfig;
  readonly #auth: TokenProvider;
  readonly #activityOptions: ActivityOptions | undefined;
  readonly #logger: LearnKitOptions['logger'];
  /** The transport settings of `http`, for the parent-session client of `discountCodes`. */
  readonly #httpOptions: Omit<HttpClientOptions, 'auth'>;
  #case: CaseClient | undefined;
  #platform: PlatformClient | undefined;
  #oneroster: OneRosterClient | undefined;
  #webhooks: LearnKitWebhooks | undefined;
  #caliper: LearnKitCaliper | undefined;
  #activity: LearnKitActivity | undefined;
  #lti: LearnKitLti | undefined;
  readonly #options: LearnKitOptions;

  /**
   * Checks the configuration and builds the shared transport and token provider; nothing is sent until the
   * first call.
   *
   * @throws ValidationError when `baseUrl`, `clientId` or `clientSecret` is missing (from the options and the
   * environment alike), a URL is malformed, or a credential has stray whitespace.
   */
  constructor(options: LearnKitOptions = {}) {
    this.#activityOptions = options.activity;
    this.#options = options;
    const config = resolveConfig(options);
    this.#config = config;
    // config.logger already read LEARNKIT_LOG from `env` (or process.env); false stops core reading it again.
    const logger = options.logger ?? config.logger ?? false;
    this.#logger = logger;
    this.#auth =
      config.kind === 'developer'
        ? staticToken(config.developerToken)
        : clientCredentials({
            tokenUrl: config.tokenUrl,
            clientId: config.clientId,
            clientSecret: config.clientSecret,
            style: config.style,
            scope: options.scopes,
            fetch: options.fetch,
            retry: options.retry,
            timeoutMs: options.timeoutMs,
            logger,
            cache: options.tokenCache ?? createTokenCache(),
            hooks: options.hooks,
          });
    this.#httpOptions = {
      baseUrl: config.baseUrl,
      fetch: options.fetch,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
      deadlineMs: options.deadlineMs,
      logger,
      headers: options.headers,
      hooks: options.hooks,
    };
    this.http = createHttpClient<LearnKitPaths>({ ...this.#httpOptions, auth: this.#auth });
  }

  /** The platform's base URL this client talks to. */
  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /**
   * The platform environment named by `environment` or `LEARNKIT_ENVIRONMENT` (`ENVIRONMENTS[lk.environment]` has
   * its addresses), else `undefined`; it stays set when an explicit `baseUrl` replaced its base URL.
   *
   * @example
   * new LearnKit({ environment: 'sandbox', clientId, clientSecret }).environment; // 'sandbox'
   */
  get environment(): EnvironmentName | undefined {
    return this.#config.environment;
  }

  /**
   * The token endpoint: `${authUrl}/oauth2/token` (form) when `authUrl` is set, else `${baseUrl}/auth/1.0/token`
   * (Basic); `undefined` with a `developerToken`, which is never refreshed.
   */
  get tokenUrl(): string | undefined {
    return this.#config.kind === 'client' ? this.#config.tokenUrl : undefined;
  }

  /** The client id (not a secret; the client secret is never exposed); `undefined` with a `developerToken`. */
  get clientId(): string | undefined {
    return this.#config.kind === 'client' ? this.#config.clientId : undefined;
  }

  /** Which credentials this instance holds: `client` credentials, or a `developer` token (webhook subscriptions only). */
  get credentials(): 'client' | 'developer' {
    return this.#config.kind;
  }

  /** Refuses, before anything is sent, a family the developer-tool path cannot call (docs/decisions.md#d-developer-token). */
  #needsClientCredentials(family: string): void {
    if (this.#config.kind === 'developer') throw developerPathError(family);
  }

  /**
   * CASE 1.1: competency framework `documents`, `items` (with `validate`), `associations` and `packages`
   * (with `upload`).
   *
   * @example
   * const { valid, invalid } = await lk.case.items.validate(ids);
   */
  get case(): CaseClient {
    this.#needsClientCredentials('case');
    this.#case ??= createCaseClient({ http: this.http });
    return this.#case;
  }

  /** The platform's own families, built on first use over `http` (docs/decisions.md#d-platform-package). */
  get #platformClient(): PlatformClient {
    this.#platform ??= createPlatformClient({
      http: this.http,
      // The store's discount-code check is authorized by a parent's session, not by this client's token
      // (docs/decisions.md#d-store-variant-parent-session): same platform and settings, the session as the bearer.
      parentSessionHttp: (parentSession) =>
        createHttpClient<LearnKitPaths>({ ...this.#httpOptions, auth: staticToken(parentSession) }),
    });
    return this.#platform;
  }

  /**
   * Rostering 1.0: `users` (`get`, `upsert`), a user's `roles`, `profiles`, `agents` and `linkedUsers`,
   * `enrollments` and `orgs.config`.
   *
   * @example
   * const user = await lk.rostering.users.get(userId);
   * for await (const role of lk.rostering.roles.list(userId)) console.log(role.role, role.orgId);
   */
  get rostering(): RosteringClient {
    this.#needsClientCredentials('rostering');
    return this.#platformClient.rostering;
  }

  /**
   * Applications 1.0: `drafts.create`, `credentials` (`get`, `rotate`) and the registry `applications`
   * (`list`, `get`, `upsert`).
   *
   * @example
   * const { applicationId, clientId, clientSecret } = await lk.applications.drafts.create({ name: 'Fractions' });
   */
  get applications(): ApplicationsClient {
    this.#needsClientCredentials('applications');
    return this.#platformClient.applications;
  }

  /**
   * Caliper sessions as the platform recorded them: `sessions.get(sessionId)` with their events.
   *
   * @example
   * const { endedAtTime, events } = await lk.events.sessions.get(sessionId);
   */
  get events(): EventsClient {
    this.#needsClientCredentials('events');
    return this.#platformClient.events;
  }

  /**
   * Insights 1.0: `sessions` (`list`, `get`, `getEnforcementState`, `writeMetadata`), the insight `types` and
   * `groups`.
   *
   * @example
   * const { lockedOut } = await lk.insights.sessions.getEnforcementState(sessionId);
   */
  get insights(): InsightsClient {
    this.#needsClientCredentials('insights');
    return this.#platformClient.insights;
  }

  /**
   * Beyond 1.0: `grades.get({ studentId, subject })`, a student's highest mastered grade.
   *
   * @example
   * const { masteredGrade } = await lk.beyond.grades.get({ studentId, subject: 'Math' });
   */
  get beyond(): BeyondClient {
    this.#needsClientCredentials('beyond');
    return this.#platformClient.beyond;
  }

  /**
   * Discount codes: `validateForApp(code)` with this client's token, `validateForParentCheckout(code, {
   * parentSession })` with a parent's session.
   *
   * @example
   * const { valid } = await lk.discountCodes.validateForApp('WELCOME10');
   */
  get discountCodes(): DiscountCodes {
    this.#needsClientCredentials('discountCodes');
    return this.#platformClient.discountCodes;
  }

  /**
   * OneRoster 1.2, every operation the platform publishes: rostering (`orgs`, `schools` with their classes,
   * courses, enrollments, students, teachers and terms; `academicSessions`, `terms`, `gradingPeriods`; `courses`
   * with their `classes`, `components` and `componentResources`; `classes` with their `students` and `teachers`;
   * `users`, `students`, `teachers`; `enrollments`; `demographics`), the `gradebook` (`lineItems`, `categories`,
   * `scoreScales`, `results`, `assessmentLineItems`, `assessmentResults`, and a class's or a school's) and
   * `resources` with their assignments. Each collection has `list`, `get`, `create`, `update` and `delete`.
   *
   * @example
   * for await (const student of lk.oneroster.classes.students.list('class-math-g3')) console.log(student.email);
   */
  get oneroster(): OneRosterClient {
    this.#needsClientCredentials('oneroster');
    this.#oneroster ??= createOneRosterClient({ http: this.http });
    return this.#oneroster;
  }

  /**
   * Webhook subscriptions (`lk.webhooks.subscriptions.create(appId, { url, eventTypes })`, ...), the consumer
   * helpers `verify`, `sign` and `createHandler`, and `hydrate` / `handler({ hydrate: true })`, which read the
   * entity each event refers to.
   */
  get webhooks(): LearnKitWebhooks {
    this.#webhooks ??= createLearnKitWebhooks(
      () => createSubscriptionsClient(this.http),
      () => {
        // Hydration reads with client credentials; a developer token only manages subscriptions.
        this.#needsClientCredentials('webhooks.hydrate');
        return this;
      },
    );
    return this.#webhooks;
  }

  /**
   * The Caliper ingest: `lk.caliper.send(events)` posts Caliper 1.2 events (one, a list, or a whole envelope) to
   * `POST /caliper/v1p2`, in batches, retried on transient failures (the platform keys events by id). Bare events
   * get the call's `{ sensor }`, else the activity configuration's.
   *
   * @example
   * import { timeSpentEvent } from '@learnkit/activity/caliper';
   * const { accepted, duplicates } = await lk.caliper.send([timeSpentEvent({ ... })]);
   */
  get caliper(): LearnKitCaliper {
    this.#needsClientCredentials('caliper');
    this.#caliper ??= withConfiguredSensor(createCaliperClient(this.http), async () => {
      return (await this.activity.config()).sensor;
    });
    return this.#caliper;
  }

  /**
   * Server-side activity recording (`createActivityServer` over this instance's transport and `lk.caliper`):
   * `lk.activity.record({ user, activity, metrics, time?, runId?, idempotencyKey? })` sends a completion for a user,
   * `lk.activity.handler` serves what the browser tracker posts (give `activity: { getUser }`),
   * `lk.activity.queue({ store })` is a durable, batched queue in front of the ingest (`onQueue` of the instance's
   * `hooks` reports it). The configuration is `options.activity.config`, else `learnkit.config.json` in the working
   * directory, read on first use.
   *
   * @example
   * await lk.activity.record({
   *   user: { email: 'ada@example.com' },
   *   activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
   *   metrics: { xpEarned: 12, totalQuestions: 10, correctQuestions: 8, masteredUnits: 1 },
   * });
   */
  get activity(): LearnKitActivity {
    this.#needsClientCredentials('activity');
    this.#activity ??= createActivityServer({
      logger: this.#logger,
      ...this.#activityOptions,
      // Queues made with lk.activity.queue(...) report through the instance's hooks (onQueue).
      hooks: this.#httpOptions.hooks,
      client: this.http,
      baseUrl: this.#config.baseUrl,
      caliper: this.caliper,
    });
    return this.#activity;
  }

  /**
   * Verifies the platform's LTI launches for this app: `lk.lti.verify(idToken)` resolves the typed launch (its
   * `platformUserId` is the student's `sub`) or rejects with a `LaunchVerificationError`. The issuer and key set come
   * from the environment (docs/decisions.md#d-lti-defaults); `lti.audience` is your app's LTI client id.
   *
   * @example
   * const lk = new LearnKit({ lti: { audience: process.env.LTI_CLIENT_ID } });
   * const launch = await lk.lti.verify(form.get('id_token'));
   */
  get lti(): LearnKitLti {
    this.#lti ??= createLearnKitLti(
      {
        baseUrl: this.#config.baseUrl,
        environment: this.#config.environment,
        fetch: this.#options.fetch,
        logger: this.#logger,
      },
      this.#options.lti,
    );
    return this.#lti;
  }

  /** A description without secrets: `LearnKit { baseUrl, tokenUrl, clientId, clientSecret: [redacted] }`. */
  toString(): string {
    const fields = Object.entries(this.toJSON()).map(([name, value]) =>
      value === '[redacted]' ? `${name}: ${value}` : `${name}: '${value}'`,
    );
    return `LearnKit { ${fields.join(', ')} }`;
  }

  /** The JSON form: the same public settings as `toString()`, never the secret. */
  toJSON(): Record<string, string> {
    const config = this.#config;
    const environment: Record<string, string> =
      config.environment === undefined ? {} : { environment: config.environment };
    if (config.kind === 'developer')
      return { ...environment, baseUrl: config.baseUrl, developerToken: '[redacted]' };
    const { baseUrl, tokenUrl, clientId, style } = config;
    return { ...environment, baseUrl, tokenUrl, style, clientId, clientSecret: '[redacted]' };
  }

  /** @internal What `console.log(lk)` and `util.inspect(lk)` print. */
  [INSPECT](): string {
    return this.toString();
  }
}
