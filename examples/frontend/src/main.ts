// `pnpm --filter @learnkit/example-frontend start`: builds the lesson page and serves it with its activity
// endpoint, the loopback mock platform behind it. Open the printed address, let the timer run, pause, complete.
import { startExample } from './server';

const example = await startExample({ port: Number(process.env.PORT ?? 5173) });
console.log(`lesson page:    ${example.url}`);
console.log(`mock platform:  ${example.platformUrl}`);
console.log('Caliper events the platform receives are printed below. Ctrl-C stops.');

let shown = 0;
const timer = setInterval(() => {
  for (const { event } of example.platform.state.caliperEvents.slice(shown)) {
    const items = (event.generated as { items?: { type: string; value: number }[] } | undefined)?.items ?? [];
    console.log(`${event.type} ${items.map((i) => `${i.type}=${i.value}`).join(' ')}`);
  }
  shown = example.platform.state.caliperEvents.length;
}, 500);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    clearInterval(timer);
    await example.close();
    process.exit(0);
  });
