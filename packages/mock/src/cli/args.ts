import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '../catalogue.js';
import type { ClockMode } from '../clock.js';

/** What `learnkit-mock trigger` was asked to fire. */
export type TriggerOptions = {
  /** The catalogue type of the event. */
  eventType: string;
  /** Members of the event's data given with `--data`, over the sample values. */
  data?: Record<string, unknown>;
  /** The client (label or id) the event is raised as caused by (`--origin`). */
  origin?: string;
  /** The running mock's base URL. */
  url: string;
};

/** The parsed command line of `learnkit-mock`. */
export type CliOptions = {
  command: 'serve' | 'trigger' | 'help';
  port: number;
  host: string;
  forwardTo?: string;
  clock: ClockMode;
  /** The seed of the generated data; undefined: the state file's, else 1. */
  seed?: number;
  quiet: boolean;
  /** The file the state is kept in across runs (`--state`). */
  state?: string;
  /** The event of `trigger`. */
  trigger?: TriggerOptions;
};

/** Where `trigger` finds the mock unless told: the address `serve` listens on by default. */
export const DEFAULT_URL = 'http://127.0.0.1:4010';

/** The usage text. */
export const USAGE = `Usage: learnkit-mock serve [options]
       learnkit-mock trigger <event-type> [options]

Serves the LearnKit platform mock on a loopback HTTP server, and fires events at it.

Options of serve:
  --port <n>          port to listen on (default 4010; 0 picks a free one)
  --host <address>    interface to bind (default 127.0.0.1)
  --forward-to <url>  deliver every webhook to this URL (for example http://localhost:3000/webhooks)
  --clock <mode>      realtime (default) or fast (outbox and retry waits 60x shorter)
  --seed <n>          seed of the generated data (default 1, or the state file's)
  --state <file>      keep the state (clients, data, subscriptions and their secrets, events, deliveries)
                      in this file: read at start when it exists, written on every change and at exit
  --quiet             print only the credentials, not every request, delivery and skipped delivery

Options of trigger (the event is routed like any other, at the mock's next outbox drain):
  --data <json>       members of the event's data, over sample values from the seeded data,
                      for example '{"userId":"usr-cedar-student"}'
  --origin <client>   raise the event as caused by this client (label or client id): like the
                      platform, the mock then sends nothing to that client's own subscriptions
  --url <url>         the running mock (default ${DEFAULT_URL})

  -h, --help          show this help
`;

/** `value` parsed as the JSON object `--data` must be; throws a readable Error otherwise. */
function parseData(value: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch (error) {
    throw new Error(`--data must be JSON, such as '{"userId":"usr-1"}' (${(error as Error).message})`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`--data must be a JSON object, such as '{"userId":"usr-1"}' (got ${value})`);
  }
  return data as Record<string, unknown>;
}

function checkUrl(flag: string, url: string): string {
  try {
    new URL(url);
  } catch {
    throw new Error(`${flag} must be a URL, got "${url}"`);
  }
  return url;
}

/** Parses `argv` (without the node and script paths); throws an Error with a readable message on bad input. */
export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    command: 'help',
    port: 4010,
    host: '127.0.0.1',
    clock: 'realtime',
    quiet: false,
  };
  const args = [...argv];
  const command = args.shift();
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') return options;
  if (command !== 'serve' && command !== 'trigger')
    throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  options.command = command;
  let trigger: TriggerOptions | undefined;
  if (command === 'trigger') {
    const eventType = args[0]?.startsWith('-') ? undefined : args.shift();
    if (eventType === undefined) {
      throw new Error(
        `trigger needs an event type, for example: learnkit-mock trigger user.created\n\n${USAGE}`,
      );
    }
    if (!isWebhookEventType(eventType)) {
      throw new Error(
        `unknown event type "${eventType}"; the catalogue has: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      );
    }
    trigger = { eventType, url: DEFAULT_URL };
    options.trigger = trigger;
  }
  const only = (flag: string, allowed: 'serve' | 'trigger') => {
    if (command !== allowed)
      throw new Error(`${flag} is an option of ${allowed}, not of ${command}\n\n${USAGE}`);
  };
  while (args.length > 0) {
    const raw = args.shift()!;
    const [flag, inline] = raw.includes('=')
      ? [raw.slice(0, raw.indexOf('=')), raw.slice(raw.indexOf('=') + 1)]
      : [raw, undefined];
    const value = () => {
      const next = inline ?? args.shift();
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--port': {
        only(flag, 'serve');
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new Error('--port must be an integer from 0 to 65535');
        options.port = port;
        break;
      }
      case '--host':
        only(flag, 'serve');
        options.host = value();
        break;
      case '--forward-to':
        only(flag, 'serve');
        options.forwardTo = checkUrl(flag, value());
        break;
      case '--clock': {
        only(flag, 'serve');
        const clock = value();
        if (clock !== 'realtime' && clock !== 'fast') throw new Error('--clock must be realtime or fast');
        options.clock = clock;
        break;
      }
      case '--seed': {
        only(flag, 'serve');
        const seed = Number(value());
        if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
        options.seed = seed;
        break;
      }
      case '--state': {
        only(flag, 'serve');
        const file = value();
        if (file === '') throw new Error('--state needs a file path, such as .learnkit-mock.json');
        options.state = file;
        break;
      }
      case '--quiet':
        only(flag, 'serve');
        options.quiet = true;
        break;
      case '--data':
        only(flag, 'trigger');
        (trigger as TriggerOptions).data = parseData(value());
        break;
      case '--origin':
        only(flag, 'trigger');
        (trigger as TriggerOptions).origin = value();
        break;
      case '--url':
        only(flag, 'trigger');
        (trigger as TriggerOptions).url = checkUrl(flag, value()).replace(/\/+$/, '');
        break;
      case '-h':
      case '--help':
        options.command = 'help';
        break;
      default:
        throw new Error(`unknown option "${flag}"\n\n${USAGE}`);
    }
  }
  return options;
}
