// Valid and invalid examples for every operation and every webhook event type. The valid ones are sampled from
// the operation's own schemas (and their `example`s), so this also proves each document is self-consistent.
import { sample } from 'openapi-sampler';
import { describe, expect, it } from 'vitest';
import { CONTROL_DOCUMENT, Contract, formatResult, readDocuments } from '../src/index.js';

const documents = readDocuments();
const contract = new Contract(documents);
// The control path of `learnkit-mock serve`, checked by a contract of its own (docs/decisions.md#d-mock-control-document).
const controlContract = new Contract(readDocuments(undefined, [CONTROL_DOCUMENT]));
const BASE = 'https://api.example.com';

type Json = Record<string, unknown>;
type Case = {
  document: string;
  doc: Json;
  method: string;
  path: string;
  operation: Json;
  shared: unknown[];
  checker: Contract;
};

const deref = (doc: Json, value: unknown): Json => {
  let current = value as Json;
  while (typeof current?.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (node as Json)[part], doc) as Json;
  }
  return current;
};
const sampleOf = (doc: Json, schema: unknown) =>
  sample(schema as object, { skipReadOnly: true, skipNonRequired: false }, doc);

const cases: Case[] = [];
for (const [checker, document, doc] of [
  ...[...documents].map(([name, doc]) => [contract, name, doc] as const),
  ...[...readDocuments(undefined, [CONTROL_DOCUMENT])].map(
    ([name, doc]) => [controlContract, name, doc] as const,
  ),
]) {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const operation = item[method] as Json | undefined;
      if (operation) {
        const shared = (item.parameters as unknown[] | undefined) ?? [];
        cases.push({
          document,
          doc: doc as Json,
          method: method.toUpperCase(),
          path,
          operation,
          shared,
          checker,
        });
      }
    }
  }
}

function validRequest({ doc, method, path, operation, shared }: Case): Request {
  const parameters = [...shared, ...((operation.parameters as unknown[]) ?? [])].map((p) => deref(doc, p));
  let url = path;
  const query = new URLSearchParams();
  const headers = new Headers();
  for (const parameter of parameters) {
    const value = sampleOf(doc, parameter.schema);
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (parameter.in === 'path') url = url.replace(`{${String(parameter.name)}}`, encodeURIComponent(text));
    else if (parameter.in === 'query' && parameter.required) query.set(String(parameter.name), text);
    else if (parameter.in === 'header' && parameter.required) headers.set(String(parameter.name), text);
  }
  const security = (operation.security as Json[] | undefined) ?? [];
  if (security.some((requirement) => 'basicAuth' in requirement))
    headers.set('authorization', `Basic ${btoa('id:secret')}`);
  else if (security.some((requirement) => Object.keys(requirement).length > 0))
    headers.set('authorization', 'Bearer eyJ.test.token');
  let body: string | undefined;
  const requestBody = operation.requestBody ? deref(doc, operation.requestBody) : undefined;
  if (requestBody) {
    const [type, media] = Object.entries(requestBody.content as Record<string, Json>)[0]!;
    const value = sampleOf(doc, media.schema);
    headers.set('content-type', type);
    body =
      type === 'application/x-www-form-urlencoded'
        ? new URLSearchParams(value as Record<string, string>).toString()
        : JSON.stringify(value);
  }
  const search = query.size > 0 ? `?${query}` : '';
  // Below the server's path when it is literal (the control document's `/__learnkit-mock`).
  const server = ((doc.servers as { url: string }[] | undefined)?.[0]?.url ?? '').replace(/\/+$/, '');
  const basePath = server.includes('{') || !URL.canParse(server) ? '' : new URL(server).pathname;
  return new Request(`${BASE}${basePath === '/' ? '' : basePath}${url}${search}`, { method, headers, body });
}

describe.each(cases.map((c) => [`${c.document} ${c.operation.operationId}`, c] as const))(
  '%s',
  (_name, c) => {
    it('accepts a request built from its schemas', async () => {
      const result = await c.checker.checkRequest(validRequest(c));
      expect(result.ok, formatResult(result)).toBe(true);
    });

    it('refuses an undeclared query parameter, naming it', async () => {
      const url = new URL(validRequest(c).url);
      url.searchParams.set('unexpected', '1');
      const result = await c.checker.checkRequest(new Request(url, validRequest(c)));
      expect(result.issues).toContainEqual(
        expect.objectContaining({ pointer: '/query/unexpected', rule: 'parameters' }),
      );
    });

    const requestBody = c.operation.requestBody ? deref(c.doc, c.operation.requestBody) : undefined;
    const json = (requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined;
    if (json && deref(c.doc, json.schema).type === 'object') {
      it('refuses a JSON body that is not an object', async () => {
        const valid = validRequest(c);
        const result = await c.checker.checkRequest(
          new Request(valid.url, { method: valid.method, headers: valid.headers, body: '[1]' }),
        );
        expect(result.issues.map((issue) => issue.pointer)).toContain('/body');
      });
    }

    for (const [status, rawResponse] of Object.entries(c.operation.responses as Json)) {
      const response = deref(c.doc, rawResponse);
      const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
      const code = /^\d{3}$/.test(status) ? Number(status) : Number(`${status[0]}00`);
      it(`accepts a ${status} response built from its schemas`, async () => {
        const headers = new Headers();
        for (const [name, header] of Object.entries((response.headers as Json | undefined) ?? {})) {
          headers.set(name, String(sampleOf(c.doc, deref(c.doc, header).schema)));
        }
        let body: string | Uint8Array<ArrayBuffer> | null = null;
        // A file response (application/zip, docs/decisions.md#d-oneroster-binary-export): an empty ZIP archive.
        const file = Object.keys((response.content as Json | undefined) ?? {}).find(
          (t) => t !== 'application/json',
        );
        if (media) {
          headers.set('content-type', 'application/json');
          body = JSON.stringify(sampleOf(c.doc, media.schema));
        } else if (file) {
          headers.set('content-type', file);
          body = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
        }
        const result = await c.checker.checkResponse(
          validRequest(c),
          new Response(body, { status: code, headers }),
        );
        expect(result.ok, formatResult(result)).toBe(true);
      });
      if (media && deref(c.doc, media.schema).type === 'object') {
        it(`refuses a ${status} body of the wrong type`, async () => {
          const bad = new Response('"not an object"', {
            status: code,
            headers: { 'content-type': 'application/json' },
          });
          const result = await c.checker.checkResponse(validRequest(c), bad);
          expect(result.issues).toContainEqual(expect.objectContaining({ pointer: '/body', rule: 'type' }));
        });
      }
    }

    it('refuses a status the operation does not declare', async () => {
      const result = await c.checker.checkResponse(validRequest(c), new Response(null, { status: 418 }));
      expect(result.issues).toContainEqual(expect.objectContaining({ pointer: '/status', rule: 'status' }));
    });
  },
);

describe('webhook deliveries', () => {
  const platform = documents.get('platform') as Json;
  const entries = Object.entries((platform.webhooks as Record<string, { post: Json }>) ?? {});

  it.each(entries.map(([type, entry]) => [type, entry] as const))(
    '%s: a sampled delivery conforms',
    (_type, entry) => {
      const body = deref(platform, entry.post.requestBody);
      const schema = (body.content as Record<string, Json>)['application/json']!.schema;
      const headers = new Headers({
        'content-type': 'application/json',
        'x-service-webhook-timestamp': '1767225600',
        'x-service-webhook-signature': 'a'.repeat(64),
      });
      const result = contract.checkWebhookDelivery({
        headers,
        body: JSON.stringify(sampleOf(platform, schema)),
      });
      expect(result.ok, formatResult(result)).toBe(true);
    },
  );

  it.each(entries.map(([type]) => [type] as const))('%s: data of the wrong shape is refused', (type) => {
    const headers = new Headers({
      'content-type': 'application/json',
      'x-service-webhook-timestamp': '1767225600',
      'x-service-webhook-signature': 'a'.repeat(64),
    });
    const body = JSON.stringify({
      id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      type,
      timestamp: '2026-01-01T00:00:00Z',
      data: 'x',
    });
    expect(contract.checkWebhookDelivery({ headers, body }).issues.map((issue) => issue.pointer)).toContain(
      '/body/data',
    );
  });

  it('refuses a bad signature header and an unknown event type', () => {
    const headers = new Headers({
      'content-type': 'application/json',
      'x-service-webhook-timestamp': '1',
      'x-service-webhook-signature': 'XYZ',
    });
    const body = JSON.stringify({
      id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      type: 'test.ping',
      timestamp: '2026-01-01T00:00:00Z',
      data: { message: 'hi' },
    });
    expect(contract.checkWebhookDelivery({ headers, body }).issues).toContainEqual(
      expect.objectContaining({ pointer: '/headers/x-service-webhook-signature', rule: 'pattern' }),
    );
    const unknown = contract.checkWebhookDelivery({ headers, body: JSON.stringify({ type: 'made.up' }) });
    expect(unknown.issues).toContainEqual(expect.objectContaining({ rule: 'webhooks' }));
  });
});
