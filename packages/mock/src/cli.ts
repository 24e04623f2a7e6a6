#!/usr/bin/env node
import { parseArgs, USAGE } from './cli/args.js';
import { serve } from './cli/serve.js';

/** `learnkit-mock serve --port 4010 [--forward-to URL] [--clock realtime|fast]`. */
async function main(): Promise<void> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  if (options.command === 'help') {
    console.log(USAGE);
    return;
  }
  const running = await serve(options);
  let stopping = false;
  const stop = (signal: string) => {
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
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

void main();
