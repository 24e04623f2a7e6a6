// The MCP server reads LEARNKIT_ENVIRONMENT through `new LearnKit({ env })` (docs/decisions.md#d-cli-environment):
// a host's configuration of an environment name and two credentials serves the sandbox; a misspelt name leaves the
// server unconfigured, and every tool says which names there are.
import { usePlatform } from '@learnkit/test-utils';
import { describe, expect, it } from 'vitest';
import { createLearnKitTools } from '../src/tools';

const SANDBOX = 'https://sandbox.platform.timeback.com';
const ctx = usePlatform('msw', { platform: { baseUrl: SANDBOX } });

describe('learnkit-mcp with LEARNKIT_ENVIRONMENT', () => {
  it('calls the sandbox with LEARNKIT_ENVIRONMENT=sandbox and client credentials', async () => {
    const { clientId, clientSecret } = ctx.platform.clients.partner;
    const tools = createLearnKitTools({
      tools: 'read',
      env: {
        LEARNKIT_ENVIRONMENT: 'sandbox',
        LEARNKIT_CLIENT_ID: clientId,
        LEARNKIT_CLIENT_SECRET: clientSecret,
      },
    });
    expect(tools.credentials).toBe('client');
    const result = await tools.call('case_items_list', { limit: 1 });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    await ctx.flush();
    expect([...new Set(ctx.sent.map((request) => request.url.origin))]).toEqual([SANDBOX]);
  });

  it('is unconfigured with a misspelt name, and a tool names the three names', async () => {
    const tools = createLearnKitTools({
      tools: 'read',
      env: { LEARNKIT_ENVIRONMENT: 'prod', LEARNKIT_CLIENT_ID: 'c', LEARNKIT_CLIENT_SECRET: 's' },
    });
    expect(tools.credentials).toBe('unconfigured');
    const result = await tools.call('case_items_list', { limit: 1 });
    expect(result.isError).toBe(true);
    const text = result.content.map((block) => ('text' in block ? block.text : '')).join('\n');
    expect(text).toContain(
      `must be one of 'production', 'sandbox', 'staging' (got "prod" from LEARNKIT_ENVIRONMENT)`,
    );
    expect(text).toContain('LEARNKIT_ENVIRONMENT (sandbox, production or staging)');
    expect(ctx.sent).toEqual([]);
  });
});
