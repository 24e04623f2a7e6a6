import { parseArgs } from 'node:util';
import { ACTIVITY_COMMANDS } from './activity-commands';
import { CliError, EXIT } from './exit-codes';

/** The options every command takes. */
const GLOBAL = {
  profile: { type: 'string' },
  environment: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };

/** A command: its words, its positional arguments and its own options. */
interface CommandSpec {
  words: readonly string[];
  positionals: readonly string[];
  options: Readonly<Record<string, OptionSpec>>;
  summary: string;
  /** Takes any number of positional arguments, which the command checks itself (`api`: they depend on the operation). */
  variadic?: boolean;
  /** The usage line, where the generic one would not say it. */
  usage?: string;
}

/** Every command of `learnkit`. */
export const COMMANDS: readonly CommandSpec[] = [
  {
    words: ['case', 'import'],
    positionals: ['FILE'],
    options: { 'dry-run': { type: 'boolean' }, strict: { type: 'boolean' } },
    summary: 'convert a CASE JSON file (fromCaseJson), print the report, upload it',
  },
  {
    words: ['case', 'export'],
    positionals: ['DOC_ID'],
    options: { output: { type: 'string', short: 'o' } },
    summary: 'a framework as standard CASE 1.1 JSON (toCaseJson), to stdout or -o FILE',
  },
  {
    words: ['case', 'tree'],
    positionals: ['DOC_ID'],
    options: {},
    summary: "a framework's isChildOf hierarchy (buildTree)",
  },
  {
    words: ['webhooks', 'list'],
    positionals: ['APP_ID'],
    options: {},
    summary: "this caller's subscriptions of the application",
  },
  {
    words: ['webhooks', 'get'],
    positionals: ['APP_ID', 'SUBSCRIPTION_ID'],
    options: {},
    summary: 'one subscription',
  },
  {
    words: ['webhooks', 'create'],
    positionals: ['APP_ID'],
    options: { url: { type: 'string' }, event: { type: 'string', multiple: true } },
    summary: 'subscribe --url https://... to --event TYPE (repeat, or a,b); prints the signing secret',
  },
  {
    words: ['webhooks', 'update'],
    positionals: ['APP_ID', 'SUBSCRIPTION_ID'],
    options: {
      url: { type: 'string' },
      event: { type: 'string', multiple: true },
      status: { type: 'string' },
    },
    summary: 'change --url, --event or --status active|paused',
  },
  {
    words: ['webhooks', 'delete'],
    positionals: ['APP_ID', 'SUBSCRIPTION_ID'],
    options: {},
    summary: 'delete a subscription (irreversible)',
  },
  {
    words: ['webhooks', 'rotate-secret'],
    positionals: ['APP_ID', 'SUBSCRIPTION_ID'],
    options: {},
    summary: 'issue a new signing secret (the old one stays valid for a while)',
  },
  { words: ['events'], positionals: [], options: {}, summary: 'the webhook event catalogue' },
  {
    words: ['api'],
    positionals: [],
    variadic: true,
    options: {
      query: { type: 'string', multiple: true },
      body: { type: 'string' },
      option: { type: 'string', multiple: true },
      all: { type: 'boolean' },
      list: { type: 'boolean' },
      output: { type: 'string' },
    },
    usage:
      'learnkit api <resource> <method> [ARGS...] [--query NAME=VALUE]... [--body @FILE|-|JSON] [--option NAME=VALUE]... [--all] [--output FILE]\n       learnkit api --list',
    summary: 'any operation of the platform, as lk.<resource>.<method> (learnkit api --list)',
  },
  ...ACTIVITY_COMMANDS,
  {
    words: ['studio'],
    positionals: [],
    options: { port: { type: 'string' }, platform: { type: 'string' }, 'no-open': { type: 'boolean' } },
    usage: 'learnkit studio [--port N] [--platform URL] [--environment E] [--no-open]',
    summary:
      'a local page over the mock (roster, launch, live activity, deliveries); read-only with --platform/--environment',
  },
];

const usageLine = (spec: CommandSpec) =>
  spec.usage ??
  [
    'learnkit',
    ...spec.words,
    ...spec.positionals,
    ...Object.entries(spec.options).map(([name, option]) =>
      option.type === 'boolean' ? `[--${name}]` : `[--${name} ${name.toUpperCase()}]`,
    ),
  ].join(' ');

/** The help text. */
export const USAGE = `Usage: learnkit [--profile NAME] [--json] <command>

Commands:
${COMMANDS.map((spec) => `  ${spec.words.join(' ').padEnd(Math.max(24, ...COMMANDS.map((c) => c.words.join(' ').length + 2)))}${spec.summary}`).join('\n')}

Options:
  --profile NAME  read the connection from profile NAME of the config file
                  ($XDG_CONFIG_HOME/learnkit/config.json, else ~/.config/learnkit/config.json);
                  without it: LEARNKIT_ENVIRONMENT or LEARNKIT_BASE_URL, and
                  LEARNKIT_CLIENT_ID/LEARNKIT_CLIENT_SECRET
                  (or LEARNKIT_DEVELOPER_TOKEN for the webhooks commands)
  --environment NAME
                  the platform's environment: sandbox, production or staging (its base and
                  token URLs); wins over the profile's and LEARNKIT_ENVIRONMENT; an explicit
                  baseUrl (the profile's, or LEARNKIT_BASE_URL) wins over its address
  --json          print JSON for scripts (errors too, on stderr)
  -h, --help      show this help (learnkit <command> --help for one command)
  --version       print the version

Exit codes: 0 ok, 1 the platform returned an error, 2 usage, 3 configuration, 4 invalid input,
5 no response from the platform.
`;

/** A parsed command line. */
export interface Invocation {
  /** The command's words (`['webhooks', 'create']`), or `help`/`version`. */
  command: readonly string[];
  /** Its positional arguments by name (`APP_ID`, ...). */
  args: Record<string, string>;
  /** The positional arguments after the words, for a command that takes any number of them (`api`). */
  rest?: readonly string[];
  /** Its options and the global ones. */
  options: Record<string, string | boolean | string[] | undefined>;
  /** The usage line of the command, for its own --help. */
  usage: string;
}

const ALL_OPTIONS = Object.assign({}, GLOBAL, ...COMMANDS.map((spec) => spec.options)) as Record<
  string,
  OptionSpec
>;

/** Turns `parseArgs`'s TypeError into a usage error. */
function parse(args: readonly string[], options: Record<string, OptionSpec>, strict: boolean) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict });
  } catch (error) {
    throw new CliError(EXIT.usage, `${(error as Error).message}\n\n${USAGE}`);
  }
}

/**
 * Parses `argv` with `node:util` `parseArgs`: a first lenient pass (every option known) finds the command's
 * words, then a strict pass with that command's options refuses anything else (docs/decisions.md#d-cli-parse-args).
 */
export function parseCommandLine(argv: readonly string[]): Invocation {
  const loose = parse(argv, ALL_OPTIONS, false);
  const words = loose.positionals;
  const spec = COMMANDS.filter((candidate) => candidate.words.every((word, i) => words[i] === word)).sort(
    (a, b) => b.words.length - a.words.length,
  )[0];
  if (!spec) {
    if (loose.values.version) return { command: ['version'], args: {}, options: {}, usage: '' };
    if (words.length === 0 || loose.values.help) {
      // An option no command takes is a usage error (exit 2), not a request for help.
      if (words.length === 0) parse(argv, GLOBAL, true);
      return { command: ['help'], args: {}, options: {}, usage: '' };
    }
    const known = COMMANDS.filter((candidate) => candidate.words[0] === words[0]);
    const hint =
      known.length > 0
        ? `"${words.join(' ')}" is not a command; ${words[0]} has: ${known.map((c) => c.words.slice(1).join(' ')).join(', ')}`
        : `unknown command "${words[0]}"`;
    throw new CliError(EXIT.usage, `${hint}\n\n${USAGE}`);
  }
  const strict = parse(argv, { ...GLOBAL, ...spec.options }, true);
  const usage = usageLine(spec);
  const rest = strict.positionals.slice(spec.words.length);
  if (spec.variadic) {
    return { command: spec.words, args: {}, rest, options: strict.values as Invocation['options'], usage };
  }
  if (strict.values.help) return { command: spec.words, args: {}, options: { help: true }, usage };
  if (rest.length < spec.positionals.length) {
    throw new CliError(
      EXIT.usage,
      `missing ${spec.positionals.slice(rest.length).join(' ')}\nUsage: ${usage}`,
    );
  }
  if (rest.length > spec.positionals.length) {
    throw new CliError(EXIT.usage, `unexpected argument "${rest[spec.positionals.length]}"\nUsage: ${usage}`);
  }
  return {
    command: spec.words,
    args: Object.fromEntries(spec.positionals.map((name, i) => [name, rest[i] as string])),
    options: strict.values as Invocation['options'],
    usage,
  };
}
