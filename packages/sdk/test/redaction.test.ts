import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { LearnKit, type Logger } from '../src/index';
import { useSdkMock } from './harness';

const SECRET = 'super-secret-value-0123456789';

describe('secrets never leave the LearnKit instance', () => {
  const lk = new LearnKit({
    baseUrl: 'https://api.example.com',
    clientId: 'partner-client',
    clientSecret: SECRET,
    env: {},
  });

  it('is not in String(lk), JSON.stringify(lk), util.inspect(lk) or console.log(lk)', () => {
    expect(String(lk)).toBe(
      "LearnKit { baseUrl: 'https://api.example.com', tokenUrl: 'https://api.example.com/auth/1.0/token', style: 'basic', clientId: 'partner-client', clientSecret: [redacted] }",
    );
    expect(`${lk}`).not.toContain(SECRET);
    expect(JSON.stringify(lk)).not.toContain(SECRET);
    expect(JSON.parse(JSON.stringify(lk))).toEqual({
      baseUrl: 'https://api.example.com',
      tokenUrl: 'https://api.example.com/auth/1.0/token',
      style: 'basic',
      clientId: 'partner-client',
      clientSecret: '[redacted]',
    });
    expect(inspect(lk, { depth: 10, showHidden: true })).not.toContain(SECRET);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    console.log(lk);
    console.log({ lk });
    const printed = log.mock.calls
      .map((args) => args.map((a) => inspect(a, { depth: 10 })).join(' '))
      .join('\n');
    log.mockRestore();
    expect(printed).toContain('[redacted]');
    expect(printed).not.toContain(SECRET);
  });

  it('is not in the instance’s own enumerable state, nor in its sub-clients', () => {
    const seen = new Set<unknown>();
    const walk = (value: unknown, depth: number): string => {
      if (depth > 6 || value === null || typeof value !== 'object' || seen.has(value)) return '';
      seen.add(value);
      return Object.keys(value)
        .map((k) => {
          const v = (value as Record<string, unknown>)[k];
          return `${k}=${typeof v === 'string' ? v : ''};${walk(v, depth + 1)}`;
        })
        .join('');
    };
    expect(walk(lk, 0)).not.toContain(SECRET);
    expect(inspect(lk.case, { depth: 6 })).not.toContain(SECRET);
    expect(inspect(lk.webhooks, { depth: 6, getters: true })).not.toContain(SECRET);
    expect(inspect(lk.http, { depth: 6 })).not.toContain(SECRET);
  });
});

describe('secrets and tokens stay out of logs', () => {
  const ctx = useSdkMock('msw');

  it('logs every attempt without the client secret, the Basic credentials or the token', async () => {
    const lines: string[] = [];
    const line = (fields: Record<string, unknown>, message?: string) => {
      lines.push(`${message ?? ''} ${JSON.stringify(fields)}`);
    };
    const logger: Logger = { debug: line, info: line, warn: line, error: line };
    const lk = ctx.lk({ logger });
    await lk.case.documents.list({ limit: 1 });
    await lk.webhooks.subscriptions.list(ctx.platform.fixtures.application.applicationId);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const text = lines.join('\n');
    const { clientSecret, clientId } = ctx.platform.clients.partner;
    expect(text).not.toContain(clientSecret);
    expect(text).not.toContain(btoa(`${clientId}:${clientSecret}`));
    for (const token of ctx.platform.state.tokens) expect(text).not.toContain(token.token);
  });
});
