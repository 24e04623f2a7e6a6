// A file response (`exportResourceToCommonCartridge`, application/zip): the checker holds its media type, that it has
// bytes and that a ZIP starts as one, and a request to it without a body (docs/decisions.md#d-oneroster-binary-export).
import { describe, expect, it } from 'vitest';
import { loadContract } from '../src/index.js';

const contract = loadContract();
const URL_ = 'https://api.example.com/ims/oneroster/resources/v1p2/resources/export/res-1';
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0xff, 0xfe]);

const request = (body?: string) =>
  new Request(URL_, {
    method: 'POST',
    headers: {
      authorization: 'Bearer token',
      accept: 'application/zip',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
const rawResponse = (body: BodyInit | null, type?: string) =>
  new Response(body, { status: 200, headers: type ? { 'content-type': type } : {} });
const rules = async (response: Response) =>
  (await contract.checkResponse(request(), response)).issues.map(
    (i) => `${i.pointer} ${i.rule}: ${i.message}`,
  );

describe('a file response', () => {
  it('passes as a ZIP of the stated media type', async () => {
    expect(await rules(rawResponse(ZIP, 'application/zip'))).toEqual([]);
    const result = await contract.checkResponse(request(), rawResponse(ZIP, 'application/zip'));
    expect(result.operationId).toBe('exportResourceToCommonCartridge');
  });

  it('fails as JSON, as a media type the operation does not state, empty, or as no ZIP', async () => {
    expect(await rules(rawResponse('{"ok":true}', 'application/json'))).toEqual([
      '/headers/content-type content: content type "application/json" is not one of application/zip',
    ]);
    expect(await rules(rawResponse(ZIP, 'application/octet-stream'))).toEqual([
      '/headers/content-type content: content type "application/octet-stream" is not one of application/zip',
    ]);
    expect(await rules(rawResponse(null, 'application/zip'))).toEqual([
      '/body content: the application/zip file has no bytes',
    ]);
    expect(await rules(rawResponse('<html>Sign in</html>', 'application/zip'))).toEqual([
      '/body content: an application/zip body that is no ZIP archive (it starts "<html>Si")',
    ]);
  });

  it('takes a request without a body, and refuses one with a body', async () => {
    expect((await contract.checkRequest(request())).issues).toEqual([]);
    expect((await contract.checkRequest(request('{}'))).issues.map((i) => i.message)).toEqual([
      'exportResourceToCommonCartridge takes no request body',
    ]);
  });
});
