import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseArgs, USAGE } from '../src/cli/args.js';
import { sampleEventData } from '../src/cli/samples.js';
import { serve } from '../src/cli/serve.js';
import { createMockPlatform, WEBHOOK_EVENT_TYPES } from '../src/index.js';

describe('learnkit-mock CLI', () => {
  it('parses serve options and refuses bad ones', () => {
    expect(parseArgs([])).toMatchObject({ command: 'help' });
    expect(parseArgs(['serve'])).toMatchObject({
      command: 'serve',
      port: 4010,
      host: '127.0.0.1',
      clock: 'realtime',
    });
    expect(
      parseArgs([
        'serve',
        '--port',
        '0',
        '--forward-to=http://localhost:3000/hooks',
        '--clock',
        'fast',
        '--seed',
        '7',
        '--quiet',
      ]),
    ).toEqual({
      command: 'serve',
      port: 0,
      host: '127.0.0.1',
      forwardTo: 'http://localhost:3000/hooks',
      clock: 'fast',
      seed: 7,
      quiet: true,
      keepAlive: false,
    });
    expect(parseArgs(['serve', '--keep-alive'])).toMatchObject({ keepAlive: true });
    expect(() => parseArgs(['trigger', 'test.ping', '--keep-alive'])).toThrow(
      /--keep-alive is an option of serve/,
    );
    expect(() => parseArgs(['serve', '--port', '99999'])).toThrow(/--port/);
    expect(() => parseArgs(['serve', '--clock', 'manual'])).toThrow(/--clock/);
    expect(() => parseArgs(['serve', '--forward-to', 'nope'])).toThrow(/--forward-to/);
    expect(() => parseArgs(['serve', '--port'])).toThrow(/needs a value/);
    expect(() => parseArgs(['deploy'])).toThrow(/unknown command/);
    expect(() => parseArgs(['serve', '--verbose'])).toThrow(/unknown option/);
    expect(USAGE).toContain('--forward-to');
    expect(USAGE).toContain('--keep-alive');
  });

  it('triggers every type of the catalogue with sample data the platform raises as it is', () => {
    const platform = createMockPlatform({ frameworkItems: 10 });
    for (const type of WEBHOOK_EVENT_TYPES) {
      const data = sampleEventData(platform, type);
      const raised = platform.emit(type, data);
      expect(raised?.data, type).toEqual(data);
    }
    expect(sampleEventData(platform, 'mastery.deleted')).toMatchObject({ masteredGrade: null });
    expect(sampleEventData(platform, 'user_role.created')).toMatchObject({
      roleId: expect.stringContaining(platform.fixtures.roster.student.sourcedId),
    });
  });

  it('serves on loopback, prints the credentials and forwards signed deliveries to a local consumer', {
    timeout: 20_000,
  }, async () => {
    const deliveries: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const consumer = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        deliveries.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => consumer.listen(0, '127.0.0.1', resolve));
    const forwardTo = `http://127.0.0.1:${(consumer.address() as AddressInfo).port}/webhooks`;
    const printed: string[] = [];
    const running = await serve(
      parseArgs(['serve', '--port', '0', '--clock', 'fast', '--forward-to', forwardTo]),
      (line) => printed.push(line),
    );
    try {
      const banner = printed.join('\n');
      const { partner } = running.platform.clients;
      expect(banner).toContain(`listening on ${running.server.url}`);
      expect(banner).toContain(`${partner.clientId}  ${partner.clientSecret}`);
      expect(banner).toContain(`forwarded to ${forwardTo}`);

      const token = await fetch(`${running.server.url}/auth/1.0/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${partner.clientId}:${partner.clientSecret}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }).then((response) => response.json() as Promise<{ access_token: string }>);
      const app = running.platform.fixtures.application.applicationId;
      const created = await fetch(`${running.server.url}/webhooks/1.0/${app}/subscriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://hooks.partner.example/cli', eventTypes: ['test.ping'] }),
      }).then((response) => response.json() as Promise<{ signingSecret: string }>);
      running.platform.emit('test.ping', { message: 'from the CLI' });
      // The fast clock drains the outbox a minute after the change in about a second.
      // The mock logs the outcome only once the consumer's response is back, a moment after the consumer saw it.
      const delivered = () =>
        printed.some((line) => line.startsWith('delivery test.ping #1') && line.includes('(delivered)'));
      const deadline = Date.now() + 10_000;
      while ((deliveries.length === 0 || !delivered()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(deliveries).toHaveLength(1);
      const delivery = deliveries[0]!;
      expect(delivery.headers['x-learnkit-forwarded-from']).toBe('https://hooks.partner.example/cli');
      const timestamp = String(delivery.headers['x-service-webhook-timestamp']);
      const signature = createHmac('sha256', created.signingSecret)
        .update(`${timestamp}.${delivery.body}`)
        .digest('hex');
      expect(delivery.headers['x-service-webhook-signature']).toBe(signature);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
      expect(delivered()).toBe(true);
      expect(printed.some((line) => line.startsWith('POST /webhooks/1.0/'))).toBe(true);
    } finally {
      await running.stop();
      consumer.close();
    }
    await expect(fetch(`${running.server.url}/ims/case/v1p1/CFDocuments`)).rejects.toThrow();
  });
});
