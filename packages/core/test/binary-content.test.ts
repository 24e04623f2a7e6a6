// A file response (docs/decisions.md#d-oneroster-binary-export): `http.callBinary()` resolves with a BinaryContent whose
// readers give the bytes as often as asked, and refuses a JSON or HTML page where a file was asked for.
import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { paths as OneRosterPaths } from '../../oneroster/src/generated/openapi-types';
import { filenameOf } from '../src/binary-content';
import { ApiError, BinaryContent, createHttpClient, NotFoundError } from '../src/index';
import { BASE, makeAuth, tokenEndpoint, useMswServer } from './helpers';

const msw = useMswServer();
const EXPORT = '/ims/oneroster/resources/v1p2/resources/export/{sourceId}';
const EXPORT_URL = `${BASE}/ims/oneroster/resources/v1p2/resources/export/:sourceId`;
// The end record of an empty ZIP archive: the smallest valid one.
const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

const client = () => createHttpClient<OneRosterPaths>({ baseUrl: BASE, auth: makeAuth(), retry: false });
const exportOf = (sourceId: string) =>
  client().callBinary('POST', EXPORT, {
    params: { path: { sourceId } },
    headers: { accept: 'application/zip' },
  });

describe('BinaryContent', () => {
  const file = () =>
    new BinaryContent(
      ZIP,
      new Response(null, {
        headers: {
          'content-type': 'Application/Zip; charset=binary',
          'content-disposition': 'attachment; filename="a.imscc"',
        },
      }),
    );

  it('gives the same bytes as bytes, an ArrayBuffer, a Blob of its type and a stream, each time', async () => {
    const content = file();
    expect(content.contentType).toBe('application/zip');
    expect(content.filename).toBe('a.imscc');
    expect(content.size).toBe(ZIP.byteLength);
    expect(await content.bytes()).toEqual(ZIP);
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(ZIP);
    const blob = await content.blob();
    expect(blob.type).toBe('application/zip');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(ZIP);
    expect(new Uint8Array(await new Response(content.stream()).arrayBuffer())).toEqual(ZIP);
    // A reader's copy is the caller's: changing it changes nothing here.
    (await content.bytes()).fill(0);
    expect(await content.bytes()).toEqual(ZIP);
  });

  it.each([
    ['attachment; filename="a.imscc"', 'a.imscc'],
    ['attachment; filename=a.imscc', 'a.imscc'],
    ['attachment; filename="say \\"hi\\".zip"', 'say "hi".zip'],
    [`attachment; filename*=UTF-8''caf%C3%A9.imscc; filename="cafe.imscc"`, 'café.imscc'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.imscc"`, 'plain.imscc'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.zip"', 'x.zip'],
    ['attachment; filename=".."', undefined],
    ['inline', undefined],
    [null, undefined],
  ])('takes the file name of %j as %j, only its last segment', (disposition, name) => {
    expect(filenameOf(disposition)).toBe(name);
  });
});

describe('http.callBinary', () => {
  it('resolves with the response as a BinaryContent, sending no body', async () => {
    let sent: { accept: string | null; body: string } | undefined;
    msw.server.use(
      tokenEndpoint().handler,
      http.post(EXPORT_URL, async ({ request }) => {
        sent = { accept: request.headers.get('accept'), body: await request.text() };
        return new HttpResponse(ZIP, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="r.imscc"',
          },
        });
      }),
    );
    const pending = exportOf('res-1');
    expectTypeOf(pending).resolves.toEqualTypeOf<BinaryContent>();
    const file = await pending;
    expect(file).toBeInstanceOf(BinaryContent);
    expect(file.filename).toBe('r.imscc');
    expect(await file.bytes()).toEqual(ZIP);
    expect(sent).toEqual({ accept: 'application/zip', body: '' });
  });

  it('rejects a JSON or HTML page responded where a file was asked for, saying to check baseUrl', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.post(EXPORT_URL, ({ params }) =>
        params.sourceId === 'html'
          ? HttpResponse.html('<html>Sign in</html>')
          : HttpResponse.json({ imsx_codeMajor: 'failure' }),
      ),
    );
    for (const id of ['html', 'json']) {
      const error = await exportOf(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as Error).message).toMatch(/where a file was expected: .*Check baseUrl/);
    }
    msw.offContract(
      /resources\/export\/(html|json) -> 200 /,
      ['content'],
      'a page where a file was asked for',
    );
  });

  it('rejects a 404 as any call does', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.post(EXPORT_URL, () =>
        HttpResponse.json(
          { imsx_codeMajor: 'failure', imsx_severity: 'error', imsx_description: 'Resource not found.' },
          { status: 404 },
        ),
      ),
    );
    await expect(exportOf('res-nope')).rejects.toBeInstanceOf(NotFoundError);
  });
});
