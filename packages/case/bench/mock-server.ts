/**
 * The loopback mock for the CASE benchmark, run in a child process so that the client's heap measure holds
 * only the client (the mock keeps the whole framework in memory). Sends `{ url, clientId, clientSecret }`
 * when it listens; exits when the parent disconnects.
 */
import { createMockPlatform } from '@learnkit/mock';

const items = Number(process.env.LEARNKIT_BENCH_ITEMS ?? 100_000);
const platform = createMockPlatform({ frameworkItems: items });
const server = await platform.listen();
const { clientId, clientSecret } = platform.clients.partner;
process.send?.({ url: server.url, clientId, clientSecret });
process.on('disconnect', () => {
  platform.close();
  void server.close().finally(() => process.exit(0));
});
