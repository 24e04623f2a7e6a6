// A tool whose operation returns a file (oneroster_resources_export, a Common Cartridge ZIP): the result describes the
// file and says how to save it, and does not carry its bytes (docs/decisions.md#d-oneroster-binary-export).
import { createHash } from 'node:crypto';
import { BinaryContent } from '@learnkit/core';
import type { LearnKit } from '@learnkit/sdk';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { describe, expect, it } from 'vitest';
import { createLearnKitTools } from '../src/index';

const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

/** A LearnKit whose only method is `oneroster.resources.export`, responding with `file`. */
function exporting(file: BinaryContent, calls: unknown[][]): LearnKit {
  const exportResource = (...args: unknown[]) => {
    calls.push(args);
    return Promise.resolve(file);
  };
  return { oneroster: { resources: { export: exportResource } } } as unknown as LearnKit;
}

describe('oneroster_resources_export', () => {
  it('returns what the file is and the CLI command that saves it, valid against its output schema', async () => {
    const file = new BinaryContent(
      ZIP,
      new Response(null, {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="res-fractions-video.imscc"',
        },
      }),
    );
    const calls: unknown[][] = [];
    const tools = createLearnKitTools({ tools: 'all', lk: exporting(file, calls) });
    const result = await tools.call('oneroster_resources_export', { sourceId: 'res-fractions-video' });
    expect(result.isError).toBeFalsy();
    expect(calls).toEqual([['res-fractions-video']]);
    const save =
      'learnkit api oneroster.resources export res-fractions-video --output res-fractions-video.imscc';
    expect(result.structuredContent).toEqual({
      file: {
        name: 'res-fractions-video.imscc',
        mediaType: 'application/zip',
        size: ZIP.byteLength,
        sha256: createHash('sha256').update(ZIP).digest('hex'),
      },
      save,
    });
    expect(result.content.map((block) => block.type)).toEqual(['text', 'text']);
    expect(result.content[1]?.text).toContain(save);
    // No base64 of the bytes anywhere in what the model reads.
    expect(JSON.stringify(result.content)).not.toContain(Buffer.from(ZIP).toString('base64'));
    const tool = tools.definitions.find((definition) => definition.name === 'oneroster_resources_export');
    const validate = new AjvJsonSchemaValidator().getValidator(tool!.outputSchema as never);
    expect(validate(result.structuredContent).valid).toBe(true);
  });

  it('names a file the platform did not name after the tool', async () => {
    const file = new BinaryContent(
      ZIP,
      new Response(null, { headers: { 'content-type': 'application/zip' } }),
    );
    const tools = createLearnKitTools({ tools: 'all', lk: exporting(file, []) });
    const result = await tools.call('oneroster_resources_export', { sourceId: 'res-x' });
    expect((result.structuredContent as { file: { name: string } }).file.name).toBe(
      'oneroster_resources_export.bin',
    );
  });
});
