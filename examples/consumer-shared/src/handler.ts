import { createWebhookHandler, type DedupeStore, type WebhookRequestHandler } from '@learnkit/webhooks';
import { type ConsumerStore, createMemoryStore } from './store';

/** Options of a consumer app (`createApp` of each example). */
export interface ConsumerOptions {
  /** The subscription's signing secret, or `[newSecret, oldSecret]` while rotating. */
  secret: string | readonly string[];
  /** Where handled events go (default: a new in-memory store). */
  store?: ConsumerStore;
  /**
   * Remembers handled event ids (default: in memory, one process). With several instances pass a shared store,
   * e.g. `createRedisDedupeStore(new Redis(url))` from `@learnkit/core` (re-exported by `@learnkit/webhooks`).
   */
  dedupe?: DedupeStore;
  /** Clock in ms (default `Date.now`); tests pass the mock platform's clock. */
  now?: () => number;
  /** Where to write one line per event (default: `console.log`; `false` for none). */
  log?: ((line: string) => void) | false;
}

/**
 * The partner's webhook handler, whatever the framework: it verifies each delivery against the raw body, skips
 * redeliveries, runs the typed handler of the event's type and responds as the platform expects (200 handled or
 * already seen, 401 bad signature or stale timestamp, 400 payload that does not fit its type, 500 when a
 * handler throws, so the platform retries). Each example mounts it on `POST /webhooks` its framework's way.
 */
export function createConsumerHandler(options: ConsumerOptions): WebhookRequestHandler {
  const store = options.store ?? createMemoryStore();
  const log = options.log === false ? () => {} : (options.log ?? console.log);
  const handled = (event: { id: string; type: string }, what: string) => {
    store.handled.push({ id: event.id, type: event.type });
    log(`${event.type} ${event.id}: ${what}`);
  };

  return createWebhookHandler({
    secret: options.secret,
    ...(options.dedupe && { dedupe: options.dedupe }),
    ...(options.now && { now: options.now }),
    on: {
      // Each function gets its type's event: `event.data` is typed (EnrollmentEventData, UserDeletedEventData...).
      'enrollment.created': (event) => {
        store.enrollments.set(event.data.enrollmentId, event.data);
        handled(event, `user ${event.data.userId} joined class ${event.data.classId}`);
      },
      'enrollment.deleted': (event) => {
        store.enrollments.delete(event.data.enrollmentId);
        handled(event, `enrollment ${event.data.enrollmentId} ended`);
      },
      'user.created': (event) => {
        store.usersToSync.add(event.data.userId);
        handled(event, `new user ${event.data.userId}: fetch it`);
      },
      'user.updated': (event) => {
        store.usersToSync.add(event.data.userId);
        handled(event, `user ${event.data.userId} changed: fetch it again`);
      },
      'user.deleted': (event) => {
        store.forgottenUsers.add(event.data.userId);
        handled(event, `forget user ${event.data.userId}`);
      },
      'test.ping': (event) => handled(event, `ping: ${event.data.message}`),
    },
    // Types this consumer subscribed to but does not act on (and types newer than the SDK) are acknowledged.
    onUnhandled: (event) => log(`${event.type} ${event.id}: acknowledged, no handler`),
  });
}
