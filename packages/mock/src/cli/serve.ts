import { type ListeningServer, urlHost } from '../adapters/node-server.js';
import { createMockPlatform, type MockPlatform } from '../platform.js';
import type { CliOptions } from './args.js';

/** A running `learnkit-mock serve`. */
export type RunningMock = { platform: MockPlatform; server: ListeningServer; stop(): Promise<void> };

/** The credentials and ids a developer needs, as printable text. */
export function describe(platform: MockPlatform, url: string, options: CliOptions): string {
  const lines = [
    `LearnKit mock platform listening on ${url}`,
    '',
    `  base URL        ${url}`,
    `  token (Basic)   POST ${url}/auth/1.0/token`,
    `  token (form)    POST ${url}/oauth2/token`,
    `  clock           ${options.clock}`,
    `  deliveries      ${options.forwardTo ? `forwarded to ${options.forwardTo}` : 'POSTed to each subscription URL'}`,
    '',
    'Clients (client id / client secret):',
  ];
  for (const [name, client] of Object.entries(platform.clients)) {
    lines.push(`  ${name.padEnd(16)} ${client.clientId}  ${client.clientSecret}`);
  }
  const { application, roster, case: framework } = platform.fixtures;
  lines.push(
    '',
    `Application       ${application.applicationId}`,
    `Developer token   ${platform.developerToken()}`,
    `Student           ${roster.student.email} (${roster.student.sourcedId})`,
    `CASE framework    ${framework.documentId}`,
    '',
    'Press Ctrl-C to stop.',
  );
  return lines.join('\n');
}

/** Starts the platform on a loopback server and prints what to connect with; `stop()` shuts it down. */
export async function serve(
  options: CliOptions,
  print: (line: string) => void = console.log,
): Promise<RunningMock> {
  const platform = createMockPlatform({
    baseUrl: `http://${urlHost(options.host)}:${options.port}`,
    clock: options.clock,
    seed: options.seed,
    forwardTo: options.forwardTo,
    onRequest: options.quiet
      ? undefined
      : (entry) =>
          print(
            `${entry.method} ${entry.path} -> ${entry.status}${entry.fault ? ` (fault: ${entry.fault})` : ''}`,
          ),
    onDeliveryAttempt: options.quiet
      ? undefined
      : (delivery, attempt) =>
          print(
            `delivery ${delivery.type} #${attempt.attempt} -> ${attempt.url}: ${attempt.status ?? attempt.error} (${attempt.outcome})`,
          ),
  });
  const server = await platform.listen({ port: options.port, host: options.host });
  print(describe(platform, server.url, options));
  return {
    platform,
    server,
    async stop() {
      platform.close();
      await server.close();
    },
  };
}
