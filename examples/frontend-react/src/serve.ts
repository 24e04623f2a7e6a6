// `pnpm --filter @learnkit/example-frontend-react start`: builds this page with Vite and serves it with the activity
// server of examples/frontend (the endpoint, the loopback mock platform behind it). Open the printed address.
import { join } from 'node:path';
import { serveLesson } from '@learnkit/example-frontend/server';
import { build } from 'vite';

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'dist');
await build({ configFile: join(root, 'vite.config.ts'), build: { outDir } });
const example = await serveLesson({
  outDir,
  config: join(root, 'learnkit.config.json'),
  port: Number(process.env.PORT ?? 5174),
});
console.log(`lesson page:    ${example.url}#/lesson`);
console.log(`mock platform:  ${example.platformUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    await example.close();
    process.exit(0);
  });
