// The webhook consumers of the docs (the ```ts server blocks: Express, Hono), run from the installed tarballs and
// sent real signed deliveries: by the mock platform through a subscription, and signed with signWebhook on every
// route they declare, tampered ones included (docs/decisions.md#d-pkg-snippets).
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM module without type declarations (the bench runs it with plain Node)
import { subscribePartner } from '../partner.mjs';
import { collectSnippets } from '../snippets';
import { ROOT } from '../workspace';
import { type Background, scratch, startBackground, writeFiles } from './helpers';

const servers = collectSnippets(ROOT).filter((snippet) => snippet.kind === 'server');

/** The parts of the installed packages this test drives (the workspace root depends on none of them). */
interface Installed {
  createMockPlatform(options: { forwardTo: string }): {
    listen(): Promise<{ url: string; close(): Promise<void> }>;
    close(): void;
    emit(type: string, data: Record<string, unknown>): unknown;
    clock: { advance(ms: number): Promise<void> };
    clients: { partner: { clientId: string; clientSecret: string } };
    fixtures: { application: { applicationId: string } };
    state: { deliveries: { attempts: { status?: number }[] }[] };
  };
  LearnKit: new (
    options: Record<string, unknown>,
  ) => {
    webhooks: {
      subscriptions: {
        create(
          appId: string,
          input: { url: string; eventTypes: string[] },
        ): Promise<{ signingSecret: { reveal(): string } }>;
      };
    };
  };
  signWebhook(options: { body: string; secret: string }): Promise<Record<string, string>>;
}

async function installed(): Promise<Installed> {
  const at = (path: string) => pathToFileURL(join(scratch().project, 'node_modules', path)).href;
  const mock = await import(at('@learnkit/mock/dist/index.js'));
  const sdk = await import(at('@learnkit/sdk/dist/index.js'));
  return { ...mock, ...sdk } as Installed;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Resolves once something returns HTTP on the port. */
async function waitForHttp(url: string, process: Background): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (process.child.exitCode !== null) throw new Error(`the server exited:\n${process.output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nothing responded on ${url}:\n${process.output()}`);
}

const ping = (message: string) =>
  JSON.stringify({
    id: crypto.randomUUID(),
    type: 'test.ping',
    timestamp: new Date().toISOString(),
    data: { message },
  });

describe('webhook consumers of the docs, with real signed deliveries', () => {
  let consumer: Background | undefined;
  let stopPlatform: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await consumer?.stop();
    await stopPlatform?.();
    consumer = undefined;
    stopPlatform = undefined;
  });

  it('finds the server blocks (Express and Hono)', () => {
    expect(servers.map((snippet) => snippet.source)).toEqual([
      expect.stringContaining("from 'express'"),
      expect.stringContaining("from 'hono'"),
    ]);
  });

  it.each(servers.map((snippet) => [`${snippet.doc}:${snippet.line}`, snippet] as const))(
    '%s verifies deliveries on every route and refuses tampered ones',
    async (_where, snippet) => {
      const paths = (snippet.attributes.paths ?? '/webhooks').split(',');
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const { createMockPlatform, LearnKit, signWebhook } = await installed();

      // The platform delivers to the first route, whatever the subscription URL says (forwardTo).
      const platform = createMockPlatform({ forwardTo: `${base}${paths[0]}` });
      const api = await platform.listen();
      stopPlatform = async () => {
        platform.close();
        await api.close();
      };
      const { subscription } = await subscribePartner({ LearnKit, platform, baseUrl: api.url });
      const secret: string = subscription.signingSecret.reveal();

      const js = ts.transpileModule(snippet.source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const dir = writeFiles(`consumer-${snippet.id}`, { 'server.mjs': js });
      consumer = startBackground(process.execPath, ['server.mjs'], {
        cwd: dir,
        env: { PORT: String(port), LEARNKIT_WEBHOOK_SECRET: secret },
      });
      await waitForHttp(base, consumer);

      platform.emit('test.ping', { message: 'from the mock' });
      await platform.clock.advance(60_000); // the outbox drains a minute after a change
      const statuses = platform.state.deliveries.flatMap((delivery) =>
        delivery.attempts.map((a) => a.status),
      );
      expect(statuses, consumer.output()).toEqual([expect.any(Number)]);
      expect(statuses[0], consumer.output()).toBeGreaterThanOrEqual(200);
      expect(statuses[0], consumer.output()).toBeLessThan(300);

      for (const path of paths) {
        const body = ping(`signed for ${path}`);
        const headers = { ...(await signWebhook({ body, secret })), 'content-type': 'application/json' };
        const good = await fetch(`${base}${path}`, { method: 'POST', headers, body });
        expect(good.status, `${path}: ${consumer.output()}`).toBeGreaterThanOrEqual(200);
        expect(good.status, `${path}: ${consumer.output()}`).toBeLessThan(300);
        const tampered = await fetch(`${base}${path}`, {
          method: 'POST',
          headers,
          body: body.replace('signed', 'forged'),
        });
        expect(tampered.status, `${path}: ${consumer.output()}`).toBe(401);
      }
      // A forged delivery must not take the process down.
      expect(consumer.child.exitCode).toBeNull();
      expect(consumer.output()).toContain('from the mock');
    },
  );
});
