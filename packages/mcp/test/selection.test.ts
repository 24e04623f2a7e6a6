// Which tools a server serves: `createLearnKitTools({ tools })`, what `learnkit-mcp --tools` takes
// (docs/decisions.md#d-mcp-tool-selection).
import { ValidationError } from '@learnkit/sdk';
import { describe, expect, it } from 'vitest';
import { createLearnKitTools } from '../src/index';
import { MAPPED, toolNameOf } from './resource-map';

const names = (tools?: string | readonly string[]) =>
  createLearnKitTools({ env: {}, tools }).definitions.map((tool) => tool.name);
const SIX = MAPPED.filter((op) => op.devplatformTool).map(toolNameOf);
const EXTRAS = ['devplatform_list_event_types', 'case_search_items'];
const reads = MAPPED.filter((op) => op.httpMethod === 'GET').map(toolNameOf);
const writes = MAPPED.filter((op) => op.httpMethod !== 'GET').map(toolNameOf);
const tagged = (tag: string) => MAPPED.filter((op) => op.tags.includes(tag)).map(toolNameOf);
const sorted = (list: readonly string[]) => [...new Set(list)].sort();

describe('tools: which tools are served', () => {
  it('serves the read tools and the six developer tools by default', () => {
    expect(SIX).toHaveLength(6);
    expect(sorted(names())).toEqual(sorted([...reads, ...SIX, ...EXTRAS]));
    expect(sorted(names('default'))).toEqual(sorted(names()));
    expect(names()).toHaveLength(109);
  });

  it('serves the tools that only read, the ones that write, or all of them', () => {
    expect(sorted(names('read'))).toEqual(sorted([...reads, ...EXTRAS]));
    expect(sorted(names('write'))).toEqual(sorted(writes));
    expect(sorted(names('all'))).toEqual(sorted([...MAPPED.map(toolNameOf), ...EXTRAS]));
    const read = createLearnKitTools({ env: {}, tools: 'read' }).definitions;
    expect(read.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    const write = createLearnKitTools({ env: {}, tools: 'WRITE' }).definitions;
    expect(write.some((tool) => tool.annotations.readOnlyHint)).toBe(false);
    expect(names('all')).toHaveLength(194);
    expect(names('write')).toHaveLength(89);
  });

  it("serves an OpenAPI tag's tools, in any case, several comma-separated or as a list", () => {
    expect(sorted(names('Gradebook'))).toEqual(sorted(tagged('Gradebook')));
    expect(sorted(names('learning standards'))).toEqual(
      sorted([...tagged('Learning Standards'), 'case_search_items']),
    );
    expect(sorted(names('Webhooks'))).toEqual(sorted([...SIX, 'devplatform_list_event_types']));
    expect(sorted(names(' Rostering , Gradebook '))).toEqual(
      sorted([...tagged('Rostering'), ...tagged('Gradebook')]),
    );
    expect(sorted(names(['Insights', 'Beyond']))).toEqual(
      sorted([...tagged('Insights'), ...tagged('Beyond')]),
    );
    // Words add up: every read tool and every Gradebook tool, its writes included.
    expect(sorted(names('read,Gradebook'))).toEqual(sorted([...reads, ...EXTRAS, ...tagged('Gradebook')]));
  });

  it('serves three dynamic tools instead, over what the other words choose', () => {
    const dynamic = createLearnKitTools({ env: {}, tools: 'dynamic' });
    expect(dynamic.dynamic).toBe(true);
    expect(dynamic.definitions.map((tool) => tool.name)).toEqual([
      'learnkit_list_operations',
      'learnkit_describe_operation',
      'learnkit_call_operation',
    ]);
    const describe = dynamic.definitions[1]!;
    expect((describe.inputSchema.properties as { name: { enum: string[] } }).name.enum).toHaveLength(194);
    const gradebook = createLearnKitTools({ env: {}, tools: 'dynamic,Gradebook' }).definitions[1]!;
    expect(sorted((gradebook.inputSchema.properties as { name: { enum: string[] } }).name.enum)).toEqual(
      sorted(tagged('Gradebook')),
    );
    expect(createLearnKitTools({ env: {} }).dynamic).toBe(false);
  });

  it('refuses a choice it does not know, naming the valid ones', () => {
    for (const bad of ['readonly', '', 'read,gradebooks', [] as string[]]) {
      let error: unknown;
      try {
        createLearnKitTools({ env: {}, tools: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(bad)).toBeInstanceOf(ValidationError);
      const message = (error as ValidationError).message;
      expect(message).toContain('tools: ');
      expect(message).toContain('default, read, write, all, dynamic, or tags of the operations (');
      expect(message).toContain('Gradebook, Insights, Learning Standards, Resources, Rostering');
    }
    expect(() => createLearnKitTools({ env: {}, tools: 'read,gradebooks' })).toThrow(
      /"gradebooks" is not a choice of tools/,
    );
  });

  it("returns an unconfigured server's operation tools with the variables to set", async () => {
    const tools = createLearnKitTools({ env: {}, tools: 'all' });
    const result = await tools.call('oneroster_users_list', { limit: 5 });
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('LEARNKIT_CLIENT_ID and LEARNKIT_CLIENT_SECRET');
    const hidden = await createLearnKitTools({ env: {}, tools: 'read' }).call('caliper_send', {});
    expect(hidden.content[0]?.text).toContain('Unknown tool "caliper_send"');
  });
});
