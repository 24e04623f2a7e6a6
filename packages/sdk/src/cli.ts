#!/usr/bin/env node
import { loadedQueueModule } from './cli/activity';
import { run } from './cli/main';

/**
 * `learnkit`: the command line of the LearnKit platform (CASE frameworks, webhook subscriptions, the event
 * catalogue). An entry of its own, never imported by the library's index (docs/decisions.md#d-cli-bin-entry).
 */
// `learnkit events | head`: a reader that stops early is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const code = await run({ argv: process.argv.slice(2), env: process.env, streams: process });
process.exitCode = code;
// `learnkit activity ...` loaded the partner's queue module, whose Redis client would keep the process alive.
if (loadedQueueModule.value) process.exit(code);
