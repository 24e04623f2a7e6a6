import { ActivityQueueStoreError } from './errors';

/**
 * A Redis client the activity queue sends its commands with: an `ioredis` client (`Redis` or `Cluster`, through its
 * `call`) or a `node-redis` 4 or 5 client (through its `sendCommand`), connected. The queue imports no Redis library
 * (docs/decisions.md#d-queue-redis-client).
 */
export type RedisCommandClient =
  | {
      /** ioredis: `call('XADD', key, '*', ...)`. */
      call(command: string, ...args: string[]): Promise<unknown>;
    }
  | {
      /** node-redis: `sendCommand(['XADD', key, '*', ...])`. */
      sendCommand(args: string[]): Promise<unknown>;
    };

/** Sends one command and resolves with Redis's reply; rejects with an `ActivityQueueStoreError` naming the store. */
export type SendCommand = (args: string[]) => Promise<unknown>;

/** Where a client connects, for messages: `127.0.0.1:6379`, a URL without its credentials, or nothing known. */
export function addressOf(client: unknown): string | undefined {
  const options = (client as { options?: Record<string, unknown> } | undefined)?.options;
  if (!options || typeof options !== 'object') return undefined;
  if (typeof options.url === 'string') return options.url.replace(/\/\/[^@/]*@/, '//');
  const socket = (options.socket ?? options) as { host?: unknown; port?: unknown; path?: unknown };
  if (typeof socket.path === 'string') return socket.path;
  if (typeof socket.host === 'string' || typeof socket.port === 'number')
    return `${typeof socket.host === 'string' ? socket.host : 'localhost'}:${String(socket.port ?? 6379)}`;
  return undefined;
}

/** Whether `client` can send commands: it has `call` (ioredis) or `sendCommand` (node-redis). */
export function isCommandClient(client: unknown): client is RedisCommandClient {
  const c = client as { call?: unknown; sendCommand?: unknown } | null | undefined;
  return typeof c?.call === 'function' || typeof c?.sendCommand === 'function';
}

/**
 * The command function of `client`, each command bounded by `timeoutMs` (a client that queues commands while it
 * reconnects would otherwise hold `queue.record` for as long as it retries).
 */
export function commandSender(
  client: RedisCommandClient,
  store: { name: string; label: string },
  timeoutMs: number,
): SendCommand {
  const send: SendCommand =
    'call' in client && typeof client.call === 'function'
      ? ([command, ...args]) => client.call(command as string, ...args)
      : (args) => (client as { sendCommand(args: string[]): Promise<unknown> }).sendCommand(args);
  return async (args) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ActivityQueueStoreError(
              store.name,
              `activity queue: ${store.label} did not reply to ${args[0]} within ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
      (timer as { unref?: () => void }).unref?.();
    });
    try {
      return await Promise.race([Promise.resolve().then(() => send(args)), late]);
    } catch (error) {
      if (error instanceof ActivityQueueStoreError) throw error;
      const why = error instanceof Error ? error.message : String(error);
      throw new ActivityQueueStoreError(
        store.name,
        `activity queue: ${store.label} failed ${args[0]}: ${why}`,
        {
          cause: error,
        },
      );
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The reply of Redis for one stream entry, `[id, [field, value, ...]]`, as `{ id, fields }`. */
export function streamEntries(reply: unknown): { id: string; fields: Record<string, string> }[] {
  if (!Array.isArray(reply)) return [];
  const out: { id: string; fields: Record<string, string> }[] = [];
  for (const item of reply) {
    // Redis 6.2's XAUTOCLAIM returns a deleted entry as [id, nil].
    if (!Array.isArray(item) || typeof item[0] !== 'string' || !Array.isArray(item[1])) continue;
    const list = item[1] as unknown[];
    const fields: Record<string, string> = {};
    for (let i = 0; i + 1 < list.length; i += 2) fields[String(list[i])] = String(list[i + 1]);
    out.push({ id: item[0], fields });
  }
  return out;
}

/** The time part of a stream id (`<ms>-<seq>`), in ms. */
export const streamIdTime = (id: string): number => Number(id.slice(0, id.indexOf('-')));
