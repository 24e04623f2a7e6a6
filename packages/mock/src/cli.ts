#!/usr/bin/env node
import { once } from 'node:events';
import { type CliOptions, parseArgs, USAGE } from './cli/args.js';
import { serve } from './cli/serve.js';
import { trigger } from './cli/trigger.js';

/**
 * `learnkit-mock serve [--port 4010] [--forward-to URL] [--clock realtime|fast] [--state FILE]` and
 * `learnkit-mock trigger <event-type> [--data JSON] [--origin CLIENT] [--url URL]`.
 */
async function main(): Promise<void> {
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
  const running = await serve(options).catch(fail('learnkit-mock serve: '));
  if (!running) return;
  // The first signal stops the mock; the other one's listener stays, so it cannot interrupt the stop.
  const signal = await Promise.race(
    (['SIGINT', 'SIGTERM'] as const).map((name) => once(process, name).then(() => name)),
  );
  console.log(`\n${signal}: stopping the mock platform`);
  await running.stop().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
  process.exit();
}

void main();
