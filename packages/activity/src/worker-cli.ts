#!/usr/bin/env node
/**
 * `learnkit-activity-worker MODULE`: a worker of an activity queue in its own process. MODULE (a path) exports the
 * queue your application records to, built with your Redis client and credentials (`export const queue =
 * createActivityQueue({ ... })`, or `lk.activity.queue(...)`; a default export, or a function returning one, works
 * too). An entry of its own, never imported by the library (docs/decisions.md#d-queue-worker-bin).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { queueFromModule } from './server/queue/from-module';
import type { ActivityQueue } from './server/queue/queue';

const NAME = 'learnkit-activity-worker';
const USAGE = `Usage: ${NAME} MODULE [--timeout-ms MS] [--stats-interval-ms MS]

Runs a worker of the activity queue that MODULE exports (export const queue = createActivityQueue({...}),
or a default export: the queue, or a function returning it). The worker sends the queue's records to the
platform in batches until SIGTERM or SIGINT; then it finishes its batch within --timeout-ms (default 10000)
or gives it back to the queue for another worker, and exits 0.

Options:
  --timeout-ms MS          time to finish the batch in hand on SIGTERM/SIGINT (default 10000)
  --stats-interval-ms MS   print the queue's figures as a JSON line on stdout every MS (default: never)
  -h, --help               show this help

Exit codes: 0 stopped, 2 usage, 3 MODULE cannot be loaded or exports no queue, 5 the store does not respond.
`;

const say = (line: string) => process.stderr.write(`${NAME}: ${line}\n`);

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: {
        'timeout-ms': { type: 'string' },
        'stats-interval-ms': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${NAME}: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const [module, ...extra] = parsed.positionals;
  const timeoutMs = Number(parsed.values['timeout-ms'] ?? 10_000);
  const statsEvery = Number(parsed.values['stats-interval-ms'] ?? 0);
  if (!module || extra.length || !(timeoutMs >= 0) || !(statsEvery >= 0)) {
    process.stderr.write(`${module ? `${NAME}: bad arguments\n\n` : ''}${USAGE}`);
    return 2;
  }

  let queue: ActivityQueue | undefined;
  try {
    queue = await queueFromModule(
      (await import(pathToFileURL(resolve(module)).href)) as Record<string, unknown>,
    );
  } catch (error) {
    say(`cannot load ${module}: ${(error as Error).message}`);
    return 3;
  }
  if (!queue) {
    say(
      `${module} exports no activity queue: export const queue = createActivityQueue({ ... }) (or lk.activity.queue(...), or server.handlerQueue)`,
    );
    return 3;
  }
  const worker = await queue.startWorker().catch((error: unknown) => {
    say((error as Error).message);
    return undefined;
  });
  if (!worker) return 5;
  say(`worker ${worker.consumer} started on ${queue.store.name} (pid ${process.pid})`);

  const report = async () => {
    const stats = await queue.stats().catch(() => undefined);
    const heapUsedBytes = process.memoryUsage().heapUsed;
    process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), stats, heapUsedBytes })}\n`);
  };
  const timer = statsEvery > 0 ? setInterval(() => void report(), statsEvery) : undefined;
  const signal = await new Promise<NodeJS.Signals>((done) => {
    process.once('SIGTERM', () => done('SIGTERM'));
    process.once('SIGINT', () => done('SIGINT'));
  });
  clearInterval(timer);
  say(`${signal}: stopping (finishing the batch in hand within ${timeoutMs} ms)`);
  await worker.stop({ timeoutMs });
  const stats = await queue.stats().catch(() => undefined);
  if (statsEvery > 0) await report();
  say(
    stats
      ? `stopped: sent ${stats.sent}, retried ${stats.retried}, dead-lettered ${stats.deadLettered}; ${stats.depth} left in the queue`
      : 'stopped',
  );
  return 0;
}

// Exits once done: the module's own connections (a Redis client) would otherwise keep the process alive.
process.exit(await main());
