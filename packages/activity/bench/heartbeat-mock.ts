/**
 * The loopback mock of the heartbeat benchmark (heartbeats.ts), in a child process of its own. Sends
 * `{ url, clientId, clientSecret }` when it listens; responds with `{ outageMs }` by responding to the Caliper ingest with 503 for that
 * long, and `'figures'` with the Caliper requests it responded (by status), the events it stored, the copies it
 * received of events it already had, and the active seconds of the stored TimeSpentEvents; exits when the parent
 * disconnects.
 */
import { createMockPlatform } from '@learnkit/mock';

const caliper = { ok: 0, refused: 0 };
const platform = createMockPlatform({
  // A real-time clock, so an outage of `outageMs` ends by itself.
  clock: 'realtime',
  requestLogSize: 1_000,
  onRequest: (entry) => {
    if (entry.method !== 'POST' || entry.path !== '/caliper/v1p2') return;
    if (entry.status === 200) caliper.ok++;
    else caliper.refused++;
  },
});
const server = await platform.listen();
const { clientId, clientSecret } = platform.clients.partner;
process.send?.({ url: server.url, clientId, clientSecret });

/** The active seconds of a TimeSpentEvent. */
const activeOf = (event: Record<string, unknown>) =>
  ((event.generated as { items?: { type: string; value: number }[] }).items ?? [])
    .filter((item) => item.type === 'active')
    .reduce((sum, item) => sum + item.value, 0);

process.on('message', (message: unknown) => {
  if (typeof message === 'object' && message !== null && 'outageMs' in message) {
    const forMs = (message as { outageMs: number }).outageMs;
    platform.faults.inject({ method: 'POST', path: '/caliper/v1p2', status: 503, times: Infinity, forMs });
    return;
  }
  if (message !== 'figures') return;
  let receivedTwice = 0;
  let activeSeconds = 0;
  for (const stored of platform.state.caliperEvents) {
    receivedTwice += (stored.receipts ?? 1) - 1;
    if (stored.event.type === 'TimeSpentEvent') activeSeconds += activeOf(stored.event);
  }
  process.send?.({
    caliperOk: caliper.ok,
    caliperRefused: caliper.refused,
    stored: platform.state.caliperEvents.length,
    receivedTwice,
    activeSeconds,
  });
});
process.on('disconnect', () => {
  platform.close();
  void server.close().finally(() => process.exit(0));
});
