import { type ListeningServer, listen } from '../adapters/node-server.js';
import { createMockPlatform, type MockPlatform } from '../platform.js';
import type { CliOptions } from './args.js';
import { createControl } from './control.js';
import { openStateFile } from './state-file.js';

/** A running `learnkit-mock serve`. */
export type RunningMock = {
  platform: MockPlatform;
  server: ListeningServer;
  stop(): Promise<void>;
};

/** The credentials and ids a developer needs, as printable text. */
function describe(platform: MockPlatform, url: string, options: CliOptions, restored: boolean): string {
  const { subscriptions, events } = platform.state;
  const live = [...subscriptions.values()].filter((s) => s.deletedAt === null).length;
  const state = restored ? `restored: ${live} subscription(s), ${events.length} event(s)` : 'new';
  const { application, roster, case: framework } = platform.fixtures;
  return [
    `LearnKit mock platform listening on ${url}`,
    '',
    `  base URL        ${url}`,
    `  token (Basic)   POST ${url}/auth/1.0/token`,
    `  token (form)    POST ${url}/oauth2/token`,
    `  clock           ${options.clock}`,
    `  deliveries      ${options.forwardTo ? `forwarded to ${options.forwardTo}` : 'POSTed to each subscription URL'}`,
    ...(options.state ? [`  state           ${options.state} (${state}; saved on every change)`] : []),
    `  trigger         learnkit-mock trigger <event-type> --url ${url}`,
    '',
    'Clients (client id / client secret):',
    ...Object.entries(platform.clients).map(
      ([name, client]) => `  ${name.padEnd(16)} ${client.clientId}  ${client.clientSecret}`,
    ),
    '',
    `Application       ${application.applicationId}`,
    `Developer token   ${platform.developerToken()}`,
    `Student           ${roster.student.email} (${roster.student.sourcedId})`,
    `CASE framework    ${framework.documentId}`,
    '',
    'Press Ctrl-C to stop.',
  ].join('\n');
}

/** `make()`, the server closed when it throws (a saved state the options contradict). */
async function closingOnError<T>(server: ListeningServer, make: () => T): Promise<T> {
  try {
    return make();
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Starts the platform on a loopback server and prints what to connect with; `stop()` shuts it down. With
 * `--state`, the platform starts from the file when it exists and writes it after every change and at stop.
 */
export async function serve(
  options: CliOptions,
  print: (line: string) => void = console.log,
): Promise<RunningMock> {
  const stateFile = options.state
    ? openStateFile(
        options.state,
        () => platform.saveState(),
        (error) => print(`state: ${error.message}`),
      )
    : undefined;
  const savedState = stateFile?.read();
  const log = options.quiet ? () => {} : print;
  /** Logs a change of the state, which is then saved. */
  const changed = (line: string) => {
    log(line);
    stateFile?.changed();
  };
  // Listening first gives the port `--port 0` picks, so the platform's base URL (and the LTI issuer that follows it)
  // is the URL clients call (docs/decisions.md#d-mock-served-base-url); nothing gets a response before the banner.
  let rawResponse: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const server = await listen((request) => rawResponse(request), options);
  const platform: MockPlatform = await closingOnError(server, () =>
    createMockPlatform({
      baseUrl: server.url,
      clock: options.clock,
      seed: options.seed,
      forwardTo: options.forwardTo,
      savedState,
      onRequest: (entry) => {
        log(
          `${entry.method} ${entry.path} -> ${entry.status}${entry.fault ? ` (fault: ${entry.fault})` : ''}`,
        );
        // Reads change nothing but the request log (not saved); the one-time secret claim is a GET that does.
        if ((entry.method !== 'GET' && entry.method !== 'HEAD') || entry.path.includes('/claims/'))
          stateFile?.changed();
      },
      onDeliveryAttempt: (delivery, attempt) =>
        changed(
          `delivery ${delivery.type} #${attempt.attempt} -> ${attempt.url}: ${attempt.status ?? attempt.error} (${attempt.outcome})`,
        ),
      onDeliverySkipped: (skip) =>
        changed(`delivery ${skip.type} ${skip.eventId} skipped (${skip.reason}): ${skip.message}`),
    }),
  );
  const control = createControl(platform, {
    // The platform's outbox delay (one minute) as the clock runs it: `fast` divides waits by 60.
    routedInMs: options.clock === 'fast' ? 1_000 : 60_000,
    log,
    changed,
  });
  rawResponse = (request) => control(request) ?? platform.handle(request);
  const close = async () => {
    platform.close();
    await server.close();
  };
  try {
    stateFile?.write();
  } catch (error) {
    await close();
    throw error;
  }
  print(describe(platform, server.url, options, savedState !== undefined));
  return {
    platform,
    server,
    async stop() {
      await close();
      stateFile?.write();
    },
  };
}
