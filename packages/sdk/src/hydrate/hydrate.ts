import { NotFoundError, ValidationError } from '@learnkit/core';
import type { ValidationIssue } from '@learnkit/core/internal';
import type { PlatformCallOptions } from '@learnkit/platform';
import { isWebhookEventType, type WebhookEvent } from '@learnkit/webhooks';
import { type HydrationClients, REFERENCES, type Reference } from './references';
import type { HydratedEvent, HydratedUnknownEvent, HydrateOptions } from './types';

/** Reads a reference's request once per `key` (a batch's memo, or the requests in flight of a handler). */
type ReadOnce = (key: string, read: () => Promise<unknown>) => Promise<unknown>;

const DEFAULT_CONCURRENCY = 8;
// The reads' per-call options, and the batch's concurrency; anything else is a typo, refused before reading.
const OPTION_KEYS: readonly string[] = [
  'signal',
  'timeoutMs',
  'deadlineMs',
  'retry',
  'headers',
  'concurrency',
];

/** @internal Hydrates events: `hydrate` for `lk.webhooks.hydrate`, `hydrateShared` for the hydrating handler. */
export interface Hydrator {
  hydrate(events: WebhookEvent | readonly WebhookEvent[], options?: HydrateOptions): Promise<unknown>;
  /** One event, sharing a read with the other events being hydrated at the same time (concurrent deliveries). */
  hydrateShared(event: WebhookEvent): Promise<HydratedEvent | HydratedUnknownEvent>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Refuses what is not a parsed event (a raw body, a Request) before anything is read. */
function checkEvent(event: unknown, path: (string | number)[]): ValidationIssue | undefined {
  if (isRecord(event) && typeof event.type === 'string' && isRecord(event.data)) return undefined;
  return {
    path,
    message:
      'must be a webhook event { id, type, timestamp, data }: the one verifyWebhook (or the handler) gives, not the raw body',
  };
}

/** Splits the read options from `concurrency`, checking it. */
function readOptions(options: HydrateOptions | undefined): {
  call: PlatformCallOptions | undefined;
  concurrency: number;
} {
  if (options === undefined) return { call: undefined, concurrency: DEFAULT_CONCURRENCY };
  if (!isRecord(options)) {
    throw new ValidationError([
      { path: ['options'], message: 'must be an object such as { concurrency: 4 }' },
    ]);
  }
  const unknown = Object.keys(options).filter((key) => !OPTION_KEYS.includes(key));
  if (unknown.length > 0) {
    throw new ValidationError(
      unknown.map((key) => ({
        path: ['options', key],
        message: `is not an option here; use ${OPTION_KEYS.join(', ')}`,
      })),
    );
  }
  const { concurrency = DEFAULT_CONCURRENCY, ...call } = options as HydrateOptions;
  if (!(Number.isInteger(concurrency) && concurrency >= 1)) {
    throw new ValidationError([
      {
        path: ['options', 'concurrency'],
        message: `must be a whole number >= 1 (got ${String(concurrency)})`,
      },
    ]);
  }
  return { call: Object.keys(call).length > 0 ? call : undefined, concurrency };
}

/** Runs at most `limit` of the functions it is given at once, in order. */
function limiter(limit: number): <T>(run: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    active--;
    queue.shift()?.();
  };
  return (run) =>
    new Promise((resolve, reject) => {
      const start = () => {
        active++;
        run().then(resolve, reject).finally(next);
      };
      if (active < limit) start();
      else queue.push(start);
    });
}

/**
 * @internal The hydrator over `clients` (called only when a read is needed, so delete events and `test.ping` need no
 * client credentials). Outcomes per docs/decisions.md#d-hydrate-table; a 404 is `not_found`, any other failure
 * rejects.
 */
export function createHydrator(clients: () => HydrationClients): Hydrator {
  // Reads in flight for the handler: concurrent deliveries about one entity share one request. Only while in flight:
  // a later delivery reads again, since the entity may have changed.
  const inFlight = new Map<string, Promise<unknown>>();
  const shareInFlight: ReadOnce = (key, read) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = read();
    inFlight.set(key, started);
    const done = () => inFlight.delete(key);
    started.then(done, done);
    return started;
  };

  async function hydrateOne(
    event: WebhookEvent,
    call: PlatformCallOptions | undefined,
    readOnce: ReadOnce,
  ): Promise<HydratedEvent | HydratedUnknownEvent> {
    // The outcome's type follows from the event's, which the compiler cannot follow through the table.
    const outcome = (fields: Record<string, unknown>) =>
      ({ type: event.type, event, ...fields }) as unknown as HydratedEvent;
    if (!isWebhookEventType(event.type)) return outcome({ status: 'none', entity: undefined });
    const reference: Reference = (REFERENCES[event.type] as (data: unknown) => Reference)(event.data);
    if (reference.kind === 'none') return outcome({ status: 'none', entity: undefined });
    if (reference.kind === 'tombstone') {
      return outcome({ status: 'deleted', entity: undefined, tombstone: event.data });
    }
    let rawResponse: unknown;
    try {
      rawResponse = await readOnce(reference.key, () => reference.read(clients(), call));
    } catch (error) {
      // The entity left since the event: an outcome to handle, not a failure to retry.
      if (error instanceof NotFoundError) {
        return outcome({ status: 'not_found', entity: undefined, error });
      }
      throw error;
    }
    const entity = reference.pick ? reference.pick(rawResponse) : rawResponse;
    if (entity === undefined) {
      return outcome({ status: 'not_found', entity: undefined, error: undefined });
    }
    return outcome({ status: 'found', entity });
  }

  return {
    async hydrate(events, options) {
      const many = Array.isArray(events);
      const list: readonly unknown[] = many ? events : [events];
      const issues = list.flatMap((event, i) => checkEvent(event, many ? ['events', i] : ['event']) ?? []);
      if (issues.length > 0) throw new ValidationError(issues);
      const { call, concurrency } = readOptions(options);
      // One read per key in this batch, whatever the order in which its events come.
      const memo = new Map<string, Promise<unknown>>();
      const limit = limiter(concurrency);
      const readOnce: ReadOnce = (key, read) => {
        let rawResponse = memo.get(key);
        if (!rawResponse) {
          rawResponse = limit(read);
          memo.set(key, rawResponse);
        }
        return rawResponse;
      };
      const outcomes = await Promise.all(
        (list as WebhookEvent[]).map((event) => hydrateOne(event, call, readOnce)),
      );
      return many ? outcomes : outcomes[0];
    },
    hydrateShared(event) {
      const issue = checkEvent(event, ['event']);
      if (issue) return Promise.reject(new ValidationError([issue]));
      return hydrateOne(event, undefined, shareInFlight);
    },
  };
}
