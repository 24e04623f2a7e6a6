import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLearnKitTools, VERSION } from '../src/index';

describe('@learnkit/mcp', () => {
  it('keeps VERSION equal to package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(VERSION).toBe(pkg.version);
  });

  it('gives the tools without a transport, and never throws for a call that fails', async () => {
    const tools = createLearnKitTools({ env: {} });
    expect(tools.credentials).toBe('unconfigured');
    expect(tools.definitions.map((tool) => tool.name)).toContain('devplatform_list_event_types');
    const unknown = await tools.call('devplatform_nope');
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]?.text).toContain('Unknown tool "devplatform_nope"');
    const bare = await tools.call('devplatform_get_webhook_subscription', {});
    expect(bare.isError).toBe(true);
    expect(bare.content[0]?.text).toContain('LEARNKIT_BASE_URL');
  });
});
