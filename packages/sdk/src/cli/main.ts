import { ENVIRONMENTS, type EnvironmentName } from '@learnkit/core/internal';
import { LearnKit } from '../learnkit';
import { VERSION } from '../version';
import { activity } from './activity';
import { apiCommand } from './api/index';
import { parseCommandLine, USAGE } from './args';
import { caseCommand } from './case';
import type { CommandContext } from './context';
import { events } from './events';
import { CliError, EXIT, type ExitCode } from './exit-codes';
import { report } from './failure';
import { Output, type Streams } from './output';
import { loadProfile } from './profile';
import { studio } from './studio';
import { webhooks } from './webhooks';

/** Where `learnkit` runs: its arguments, environment and streams. */
export interface CliEnvironment {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  streams: Streams;
}

/**
 * The client of a run: from `--profile` (or `LEARNKIT_PROFILE`), else from the `LEARNKIT_*` variables;
 * `--environment` wins over theirs (docs/decisions.md#d-cli-environment).
 */
function connect(
  out: Output,
  env: CliEnvironment['env'],
  profileName: string | undefined,
  environment: string | undefined,
): LearnKit {
  out.hide(env.LEARNKIT_CLIENT_SECRET, env.LEARNKIT_DEVELOPER_TOKEN);
  try {
    const chosen = environment as EnvironmentName | undefined;
    if (profileName === undefined) return noteOverride(out, new LearnKit({ env, environment: chosen }));
    const { profile, warning } = loadProfile(profileName, env);
    if (warning) out.note(warning);
    out.hide(profile.clientSecret, profile.developerToken);
    // The profile alone: a shell's LEARNKIT_* credentials never mix with it (docs/decisions.md#d-cli-profiles-file).
    const options = { ...profile, environment: chosen ?? profile.environment };
    return noteOverride(out, new LearnKit({ ...options, env: { LEARNKIT_LOG: env.LEARNKIT_LOG } }));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      EXIT.config,
      `${(error as Error).message}\nOr give --profile NAME to read them from the config file (see learnkit --help).`,
    );
  }
}

/** Says on stderr when an explicit base URL replaced the environment's, which the SDK does silently. */
function noteOverride(out: Output, lk: LearnKit): LearnKit {
  const environment = lk.environment;
  if (environment !== undefined && lk.baseUrl !== ENVIRONMENTS[environment].baseUrl) {
    out.note(
      `note: calling ${lk.baseUrl}, not the ${environment} environment's ${ENVIRONMENTS[environment].baseUrl}: an explicit baseUrl (the profile's or LEARNKIT_BASE_URL) wins; remove it to use the environment's`,
    );
  }
  return lk;
}

/** Runs `learnkit` once and returns its exit code; never throws. */
export async function run({ argv, env, streams }: CliEnvironment): Promise<ExitCode> {
  let out = new Output(streams, argv.includes('--json'));
  try {
    const invocation = parseCommandLine(argv);
    out = new Output(streams, invocation.options.json === true);
    const [group, action = ''] = invocation.command;
    if (group === 'help') {
      out.out(USAGE.trimEnd());
      return EXIT.ok;
    }
    if (group === 'version') {
      out.out(VERSION);
      return EXIT.ok;
    }
    // `learnkit api ... --help` describes the operation named, so the command responds to it itself.
    if (invocation.options.help && group !== 'api') {
      out.out(`Usage: ${invocation.usage}`);
      return EXIT.ok;
    }
    const profile = (invocation.options.profile as string | undefined) ?? (env.LEARNKIT_PROFILE || undefined);
    let lk: LearnKit | undefined;
    const ctx: CommandContext = {
      lk: () => {
        lk ??= connect(out, env, profile, invocation.options.environment as string | undefined);
        return lk;
      },
      out,
      args: invocation.args,
      options: invocation.options,
      progress: !out.json,
    };
    if (group === 'api') await apiCommand(ctx, invocation.rest ?? []);
    else if (group === 'events') events(ctx);
    else if (group === 'activity') await activity(ctx, invocation.command[2] ?? '', env);
    else if (group === 'webhooks') await webhooks(ctx, action);
    else if (group === 'studio') await studio(ctx, env);
    else await caseCommand(ctx, action);
    return EXIT.ok;
  } catch (error) {
    return report(out, error);
  }
}
