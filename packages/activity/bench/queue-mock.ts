/**
 * The loopback mock of the activity queue benchmark, in a child process so that neither the recording process nor
 * the workers share its heap or its event loop. Sends `{ url, clientId, clientSecret, student }` when it listens;
 * responds with `'figures'` with the Caliper requests it responded and the events it stored; exits when the parent
 * disconnects.
 */
import { createMockPlatform } from '@learnkit/mock';

let caliperRequests = 0;
const platform = createMockPlatform({
  requestLogSize: 1_000,
  onRequest: (entry) => {
    if (entry.method === 'POST' && entry.path === '/caliper/v1p2') caliperRequests++;
  },
});
const server = await platform.listen();
const { clientId, clientSecret } = platform.clients.partner;
const { email, sourcedId } = platform.fixtures.roster.student;
process.send?.({ url: server.url, clientId, clientSecret, student: { email, sourcedId } });
process.on('message', (message) => {
  if (message !== 'figures') return;
  let duplicates = 0;
  for (const stored of platform.state.caliperEvents) duplicates += (stored.receipts ?? 1) - 1;
  process.send?.({ caliperRequests, stored: platform.state.caliperEvents.length, duplicates });
});
process.on('disconnect', () => {
  platform.close();
  void server.close().finally(() => process.exit(0));
});
