#!/usr/bin/env node
import { once } from 'node:events';
import type { CliOptions } from './cli/args.js';
import { startedBy } from './cli/parent.js';

// Who started this process, noted before the platform's modules load (seconds from the TypeScript sources), so that
// a parent that dies meanwhile is still seen to have ended (docs/decisions.md#d-mock-serve-stops-with-parent).
const started = startedBy();

/** How long a mock whose parent ended may take to stop before it exits anyway: nobody is left to kill it. */
const ORPHAN_STOP_MS = 1_000;

/**
 * `learnkit-mock serve [--port 4010] [--forward-to URL] [--clock realtime|fast] [--state FILE] [--keep-alive]` and
 * `learnkit-mock trigger <event-type> [--data JSON] [--origin CLIENT] [--url URL]` and
 * `learnkit-mock launch --as USER --to URL [--fault KIND] [--open] [--url URL]`.
 */
async function main(): Promise<void> {
  const [{ parseArgs, USAGE }, { serve }, { trigger }, { launch }] = await Promise.all([
    import('./cli/args.js'),
    import('./cli/serve.js'),
    import('./cli/trigger.js'),
    import('./cli/launch.js'),
  ]);
  // Bad arguments (exit code 2), a mock that refused the event or is not there, a state file that cannot be read or
  // written, a port in use (1): say so, without a stack trace.
  const fail =
    (prefix: string, code = 1) =>
    (error: Error) => {
      console.error(`${prefix}${error.message}`);
      process.exitCode = code;
    };
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    return fail('', 2)(error as Error);
  }
  if (options.command === 'help') return console.log(USAGE);
  if (options.command === 'trigger') return trigger(options.trigger!).catch(fail(''));
  if (options.command === 'launch') return launch(options.launch!).catch(fail(''));
  const running = await serve(options).catch(fail('learnkit-mock serve: '));
  if (!running) return;
  const parent = options.keepAlive ? undefined : started.watch();
  // The first signal, or the end of whoever started it, stops the mock; the signals' listeners stay, so a signal
  // cannot interrupt the stop.
  const signals = (['SIGINT', 'SIGTERM'] as const).map((name) =>
    once(process, name).then(() => ({ signal: name })),
  );
  const why = await Promise.race([
    ...signals,
    ...(parent ? [parent.ended.then((ended) => ({ ended }))] : []),
  ]);
  parent?.stop();
  if ('signal' in why) console.log(`\n${why.signal}: stopping the mock platform`);
  else {
    // Whoever read the output may have ended with the parent: a write to its pipe must not end the stop half-way.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    console.error(
      `learnkit-mock serve: ${why.ended}; stopping the mock platform (--keep-alive keeps it serving)`,
    );
    setTimeout(() => process.exit(1), ORPHAN_STOP_MS).unref();
  }
  await running.stop().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}

void main();
