import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ActivityQueueStoreError, type DeadLetter, queueFromModule } from '@learnkit/activity/server';
import type { CommandContext } from './context';
import { CliError, EXIT } from './exit-codes';
import { table } from './output';

// `learnkit activity dead-letters list|retry`: the dead letters of the activity queue a module exports, the module
// `learnkit-activity-worker` runs (docs/decisions.md#d-cli-dead-letters). Its own files (the command specs in
// activity-commands.ts), wired into args.ts and main.ts by a line each.

/**
 * Whether a command loaded the partner's queue module: its connections (a Redis client) keep the process alive, so
 * the `learnkit` entry ends the process itself when it is done (src/cli.ts).
 */
export const loadedQueueModule = { value: false };

/** The queue of `--queue MODULE` (or LEARNKIT_ACTIVITY_QUEUE): its `queue` export, or its default one. */
async function loadQueue(ctx: CommandContext, env: Readonly<Record<string, string | undefined>>) {
  const module = (ctx.options.queue as string | undefined) ?? env.LEARNKIT_ACTIVITY_QUEUE;
  if (!module)
    throw new CliError(
      EXIT.usage,
      'give --queue MODULE (or LEARNKIT_ACTIVITY_QUEUE): the module that exports your activity queue, as for learnkit-activity-worker',
    );
  let exported: Record<string, unknown>;
  try {
    loadedQueueModule.value = true;
    exported = (await import(pathToFileURL(resolve(module)).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CliError(EXIT.config, `cannot load ${module}: ${(error as Error).message}`);
  }
  const queue = await queueFromModule(exported);
  if (queue) return queue;
  throw new CliError(
    EXIT.config,
    `${module} exports no activity queue: export const queue = createActivityQueue({ ... }) (or lk.activity.queue(...), or server.handlerQueue)`,
  );
}

/** What the event (or the record) of a dead letter is, in a few words. */
function subject(letter: DeadLetter): string {
  if (letter.event) return `${letter.event.type} ${letter.event.id}`;
  if (letter.record) return `record of ${letter.record.user.email}, ${letter.record.activity.id}`;
  if (letter.message)
    return `${letter.message.message.kind} ${letter.message.message.id} of ${letter.message.user.email}`;
  return '(unreadable entry)';
}

/** `learnkit activity dead-letters list|retry --queue MODULE ...`. */
export async function activity(
  ctx: CommandContext,
  action: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const { out, options } = ctx;
  try {
    const queue = await loadQueue(ctx, env);
    if (action === 'list') {
      const limit = options.limit === undefined ? 100 : Number(options.limit);
      if (!(Number.isInteger(limit) && limit >= 1))
        throw new CliError(EXIT.usage, `--limit must be a whole number >= 1 (got ${String(options.limit)})`);
      const letters = await queue.deadLetters.list({ limit, after: options.after as string | undefined });
      if (out.json) {
        out.data(letters);
        return;
      }
      if (letters.length === 0) {
        out.out(`No dead letters in ${queue.store.name}.`);
        return;
      }
      const rows = letters.map((l) => [
        l.id,
        l.at,
        l.status === undefined ? '-' : String(l.status),
        subject(l),
        l.reason,
      ]);
      for (const line of table([['ID', 'AT', 'STATUS', 'EVENT', 'REASON'], ...rows])) out.out(line);
      if (letters.length === limit)
        out.note(`More may follow: learnkit activity dead-letters list --after ${letters.at(-1)?.id}`);
      return;
    }
    const ids = options.id as string[] | undefined;
    if ((ids === undefined) === (options.all !== true))
      throw new CliError(
        EXIT.usage,
        'dead-letters retry needs --id ID (repeat for several) or --all, not both',
      );
    const retried = await queue.deadLetters.retry(options.all === true ? 'all' : (ids as string[]));
    if (out.json) out.data({ retried });
    else out.out(`Put ${retried} dead letter${retried === 1 ? '' : 's'} back in ${queue.store.name}.`);
    if (!out.json && ids && retried < ids.length)
      out.note(`${ids.length - retried} of the ids given are not dead letters (retried already?)`);
  } catch (error) {
    // The store did not respond: nothing responded, as a network failure (exit 5).
    if (error instanceof ActivityQueueStoreError) throw new CliError(EXIT.network, error.message);
    throw error;
  }
}
