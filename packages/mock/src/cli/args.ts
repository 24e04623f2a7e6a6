import { parseArgs as parseNodeArgs } from 'node:util';
import { isRecord } from '@learnkit/core/internal';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '../catalogue.js';
import type { ClockMode } from '../clock.js';
import type { LaunchRequest, TriggerRequest } from './control.js';

/** What `learnkit-mock trigger` asks the running mock at `url` (`--url`) to raise. */
export type TriggerOptions = TriggerRequest & { url: string };

/** What `learnkit-mock launch` asks the running mock at `url` for, and whether to open the page it makes. */
export type LaunchOptions = LaunchRequest & { url: string; open: boolean };

/** The parsed command line of `learnkit-mock`. */
export type CliOptions = {
  command: 'serve' | 'trigger' | 'launch' | 'help';
  port: number;
  host: string;
  forwardTo?: string;
  clock: ClockMode;
  /** The seed of the generated data; undefined: the state file's, else 1. */
  seed?: number;
  quiet: boolean;
  /** The file the state is kept in across runs (`--state`). */
  state?: string;
  /** Keep serving after the process that started it ends (`--keep-alive`; docs/decisions.md#d-mock-serve-stops-with-parent). */
  keepAlive: boolean;
  /** The event of `trigger`. */
  trigger?: TriggerOptions;
  /** The launch of `launch`. */
  launch?: LaunchOptions;
};

/** Where `trigger` finds the mock unless told: the address `serve` listens on by default. */
export const DEFAULT_URL = 'http://127.0.0.1:4010';

/** The usage text. */
export const USAGE = `Usage: learnkit-mock serve [options]
       learnkit-mock trigger <event-type> [options]
       learnkit-mock launch --as <user> --to <url> [options]

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
  --keep-alive        keep serving after the process that started serve ends; without it, serve
                      stops within 2 s of that process's end, however it ends (kill -9 included),
                      and when its stdin, a pipe, is closed while it serves

Options of trigger (the event is routed like any other, at the mock's next outbox drain):
  --data <json>       members of the event's data, over sample values from the seeded data,
                      for example '{"userId":"usr-cedar-student"}'
  --origin <client>   raise the event as caused by this client (label or client id): like the
                      platform, the mock then sends nothing to that client's own subscriptions
  --url <url>         the running mock (default ${DEFAULT_URL})

Options of launch (the mock signs an LTI launch as the platform does; it prints the page whose
form posts the student's id_token to the app):
  --as <user>         the student, a roster user's sourcedId (for example usr-ada-lovelace)
  --to <url>          the app's launch URL (for example http://localhost:3000/launch)
  --fault <kind>      a launch the app must refuse: expired, wrong_audience, unknown_key, replay
  --open              write the page to a file and open it in the browser instead of printing it
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
  if (!isRecord(data))
    throw new Error(`--data must be a JSON object, such as '{"userId":"usr-1"}' (got ${value})`);
  return data;
}

function checkUrl(flag: string, url: string): string {
  if (!URL.canParse(url)) throw new Error(`${flag} must be a URL, got "${url}"`);
  return url;
}

/** The options of each command; node's `parseArgs` reads them (`--flag value` and `--flag=value`). */
const OPTIONS = {
  port: { type: 'string', command: 'serve' },
  host: { type: 'string', command: 'serve' },
  'forward-to': { type: 'string', command: 'serve' },
  clock: { type: 'string', command: 'serve' },
  seed: { type: 'string', command: 'serve' },
  state: { type: 'string', command: 'serve' },
  quiet: { type: 'boolean', command: 'serve' },
  'keep-alive': { type: 'boolean', command: 'serve' },
  data: { type: 'string', command: 'trigger' },
  origin: { type: 'string', command: 'trigger' },
  url: { type: 'string', command: ['trigger', 'launch'] },
  as: { type: 'string', command: 'launch' },
  to: { type: 'string', command: 'launch' },
  fault: { type: 'string', command: 'launch' },
  open: { type: 'boolean', command: 'launch' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** An error whose message is `message`, then the usage text. */
const usageError = (message: string) => new Error(`${message}\n\n${USAGE}`);

/** node's parse errors in this CLI's words (the flag, then what to do). */
function readable(error: unknown): Error {
  const { code, message } = error as { code?: string; message: string };
  const flag = /'(-[^\s']*)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return usageError(`unknown option "${flag}"`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && message.includes('argument missing'))
    return new Error(`${flag} needs a value`);
  return new Error(message);
}

/** The options of a command that does not serve. */
const HELP = { port: 4010, host: '127.0.0.1', clock: 'realtime', quiet: false, keepAlive: false } as const;

const LAUNCH_FAULTS = ['expired', 'wrong_audience', 'unknown_key', 'replay'] as const;

/** The options of `launch`: `--as` and `--to` required, `--fault` one of the mock's launch faults. */
function parseLaunch(
  values: { as?: string; to?: string; fault?: string; open?: boolean; url?: string },
  extra: readonly string[],
): LaunchOptions {
  if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"`);
  if (!values.as) throw usageError('launch needs --as <user>, a roster user such as usr-ada-lovelace');
  if (!values.to)
    throw usageError('launch needs --to <url>, the app launch URL such as http://localhost:3000/launch');
  const fault = values.fault;
  if (fault !== undefined && !(LAUNCH_FAULTS as readonly string[]).includes(fault))
    throw new Error(`--fault must be one of ${LAUNCH_FAULTS.join(', ')}, got "${fault}"`);
  return {
    as: values.as,
    to: checkUrl('--to', values.to),
    url: values.url === undefined ? DEFAULT_URL : checkUrl('--url', values.url).replace(/\/+$/, ''),
    open: values.open === true,
    ...(fault !== undefined && { fault: fault as (typeof LAUNCH_FAULTS)[number] }),
  };
}

/** Parses `argv` (without the node and script paths); throws an Error with a readable message on bad input. */
export function parseArgs(argv: readonly string[]): CliOptions {
  let parsed: ReturnType<typeof parseNodeArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseNodeArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw readable(error);
  }
  const { values, positionals } = parsed;
  const [command = 'help', eventType, ...extra] = positionals;
  if (command === 'help') return { ...HELP, command };
  if (command !== 'serve' && command !== 'trigger' && command !== 'launch')
    throw usageError(`unknown command "${command}"`);
  for (const [name, option] of Object.entries(OPTIONS)) {
    const owners: readonly string[] = 'command' in option ? [option.command].flat() : [command];
    if (!owners.includes(command) && values[name as keyof typeof values] !== undefined)
      throw usageError(`--${name} is an option of ${owners.join(' and ')}, not of ${command}`);
  }
  if (command === 'launch') return { ...HELP, command, launch: parseLaunch(values, positionals.slice(1)) };
  if (extra.length > 0 || (command === 'serve' && eventType !== undefined))
    throw usageError(`unexpected argument "${extra[0] ?? eventType}"`);
  let trigger: TriggerOptions | undefined;
  if (command === 'trigger') {
    if (eventType === undefined)
      throw usageError('trigger needs an event type, for example: learnkit-mock trigger user.created');
    if (!isWebhookEventType(eventType))
      throw new Error(
        `unknown event type "${eventType}"; the catalogue has: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      );
    trigger = {
      type: eventType,
      url: values.url === undefined ? DEFAULT_URL : checkUrl('--url', values.url).replace(/\/+$/, ''),
      ...(values.data !== undefined && { data: parseData(values.data) }),
      ...(values.origin !== undefined && { origin: values.origin }),
    };
  }
  const port = Number(values.port ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('--port must be an integer from 0 to 65535');
  const clock = values.clock ?? 'realtime';
  if (clock !== 'realtime' && clock !== 'fast') throw new Error('--clock must be realtime or fast');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error('--seed must be an integer');
  if (values.state === '') throw new Error('--state needs a file path, such as .learnkit-mock.json');
  return {
    command: values.help ? 'help' : command,
    port,
    host: values.host ?? '127.0.0.1',
    clock,
    quiet: values.quiet === true,
    keepAlive: values['keep-alive'] === true,
    ...(values['forward-to'] !== undefined && { forwardTo: checkUrl('--forward-to', values['forward-to']) }),
    ...(seed !== undefined && { seed }),
    ...(values.state !== undefined && { state: values.state }),
    ...(trigger && { trigger }),
  };
}
