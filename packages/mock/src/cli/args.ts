import type { ClockMode } from '../clock.js';

/** The parsed command line of `learnkit-mock`. */
export type CliOptions = {
  command: 'serve' | 'help';
  port: number;
  host: string;
  forwardTo?: string;
  clock: ClockMode;
  seed: number;
  quiet: boolean;
};

/** The usage text. */
export const USAGE = `Usage: learnkit-mock serve [options]

Serves the LearnKit platform mock on a loopback HTTP server.

Options:
  --port <n>          port to listen on (default 4010; 0 picks a free one)
  --host <address>    interface to bind (default 127.0.0.1)
  --forward-to <url>  deliver every webhook to this URL (for example http://localhost:3000/webhooks)
  --clock <mode>      realtime (default) or fast (outbox and retry waits 60x shorter)
  --seed <n>          seed of the generated data (default 1)
  --quiet             print only the credentials, not every request and delivery
  -h, --help          show this help
`;

/** Parses `argv` (without the node and script paths); throws an Error with a readable message on bad input. */
export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    command: 'help',
    port: 4010,
    host: '127.0.0.1',
    clock: 'realtime',
    seed: 1,
    quiet: false,
  };
  const args = [...argv];
  const command = args.shift();
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') return options;
  if (command !== 'serve') throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  options.command = 'serve';
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
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new Error('--port must be an integer from 0 to 65535');
        options.port = port;
        break;
      }
      case '--host':
        options.host = value();
        break;
      case '--forward-to': {
        const url = value();
        try {
          new URL(url);
        } catch {
          throw new Error(`--forward-to must be a URL, got "${url}"`);
        }
        options.forwardTo = url;
        break;
      }
      case '--clock': {
        const clock = value();
        if (clock !== 'realtime' && clock !== 'fast') throw new Error('--clock must be realtime or fast');
        options.clock = clock;
        break;
      }
      case '--seed': {
        const seed = Number(value());
        if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
        options.seed = seed;
        break;
      }
      case '--quiet':
        options.quiet = true;
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
