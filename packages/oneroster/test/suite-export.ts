import { BinaryContent, NotFoundError, UnprocessableEntityError, ValidationError } from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OneRosterMock } from './harness';

/** The names of the files of a ZIP archive, read from its central directory (APPNOTE 4.3.12). */
function zipNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.byteLength - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const length = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    names.push(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + length)));
    at += 46 + length + extra;
  }
  return names;
}

/**
 * `resources.export`: the one operation whose response is a file (a Common Cartridge ZIP), not JSON
 * (docs/decisions.md#d-oneroster-binary-export). The harness checks the request (no body) and the response's media
 * type and ZIP signature against openapi/oneroster.yaml.
 */
export function exportTests(ctx: OneRosterMock): void {
  describe('resources.export (a Common Cartridge file)', () => {
    it('resolves with the cartridge: a ZIP with its manifest, read as bytes, ArrayBuffer, Blob or stream', async () => {
      const cartridge = await ctx.client().resources.export('res-fractions-video');
      expectTypeOf(cartridge).toEqualTypeOf<BinaryContent>();
      expect(cartridge).toBeInstanceOf(BinaryContent);
      expect(cartridge.contentType).toBe('application/zip');
      expect(cartridge.filename).toBe('res-fractions-video.imscc');
      const bytes = await cartridge.bytes();
      expect(bytes.byteLength).toBe(cartridge.size);
      expect(zipNames(bytes)).toEqual(['imsmanifest.xml', 'weblink.xml']);
      expect(new TextDecoder().decode(bytes)).toContain('<title>Fractions on a number line</title>');
      expect(new Uint8Array(await cartridge.arrayBuffer())).toEqual(bytes);
      const blob = await cartridge.blob();
      expect(blob.type).toBe('application/zip');
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
      expect(new Uint8Array(await new Response(cartridge.stream()).arrayBuffer())).toEqual(bytes);
      // Each reader gives the bytes again: none consumes them.
      expect(await cartridge.bytes()).toEqual(bytes);
    });

    it('sends a POST without a body that asks for application/zip', async () => {
      await ctx.client().resources.export('res-multiplication-game');
      const sent = ctx.apiRequests().at(-1)!;
      expect(sent.method).toBe('POST');
      expect(new URL(sent.url).pathname).toBe(
        '/ims/oneroster/resources/v1p2/resources/export/res-multiplication-game',
      );
      expect(sent.headers.get('accept')).toBe('application/zip');
      expect(sent.body ?? '').toBe('');
    });

    it('withResponse gives the response with its Content-Disposition', async () => {
      const { data, response } = await ctx.client().resources.export('res-fractions-video').withResponse();
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="res-fractions-video.imscc"',
      );
      expect(data.size).toBeGreaterThan(100);
    });

    it('404 for a resource that does not exist, 422 for a deleted one', async () => {
      const { resources } = ctx.client();
      await expect(resources.export('res-nope')).rejects.toBeInstanceOf(NotFoundError);
      const { allocatedSourcedId: id } = await resources.create({
        title: 'Gone soon',
        vendorResourceId: 'vendor-gone-soon',
      });
      await resources.delete(id);
      const error = await resources.export(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnprocessableEntityError);
      expect((error as Error).message).toContain('tobedeleted');
    });

    it('refuses an empty sourcedId before anything is sent', async () => {
      const before = ctx.apiRequests().length;
      const error = await ctx
        .client()
        .resources.export('')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain('sourcedId');
      expect(ctx.apiRequests()).toHaveLength(before);
    });
  });
}
