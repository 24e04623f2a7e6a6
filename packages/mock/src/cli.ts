#!/usr/bin/env node
import { type CliOptions, parseArgs, USAGE } from './cli/args.js';
import { serve } from './cli/serve.js';
import { trigger } from './cli/trigger.js';

/**
 * `learnkit-mock serve [--port 4010] [--forward-to URL] [--clock realtime|fast] [--state FILE]` and
 * `learnkit-mock trigger <event-type> [--data JSON] [--origin CLIENT] [--url URL]`.
 */
async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  if (options.command === 'help') return console.log(USAGE);
  // A mock that refused the event or is not there, a state file that cannot be read or written, a port in use:
  // say so, without a stack trace.
  if (options.command === 'trigger')
    return trigger(options.trigger!).catch((error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    });
  const running = await serve(options).catch((error: Error) => {
    console.error(`learnkit-mock serve: ${error.message}`);
    process.exitCode = 1;
  });
  if (!running) return;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: stopping the mock platform`);
      running.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

void main();
