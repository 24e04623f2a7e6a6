import { connect } from 'node:net';
import { attachContract, loadContract } from '@learnkit/contract';
import * as msw from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createMockPlatform, createMswHandlers } from '../src/index.js';

describe('MSW adapter', () => {
  it('passes every mocked exchange through the contract recorder (attachContract)', async () => {
    const platform = createMockPlatform();
    const server = setupServer(...platform.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    const recorder = attachContract(server, loadContract());
    try {
      const { partner } = platform.clients;
      const token = await fetch(`${platform.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: partner.clientId,
          client_secret: partner.clientSecret,
        }),
      }).then((response) => response.json() as Promise<{ access_token: string }>);
      const headers = { authorization: `Bearer ${token.access_token}` };
      await fetch(`${platform.baseUrl}/ims/case/v1p1/CFItems?limit=5&fields=sourcedId,fullStatement`, {
        headers,
      });
      await fetch(
        `${platform.baseUrl}/ims/oneroster/rostering/v1p2/users/?filter=email='ada.lovelace@maple.learnkit.test'`,
        { headers },
      );
      await fetch(
        `${platform.baseUrl}/webhooks/1.0/${platform.fixtures.application.applicationId}/subscriptions`,
        { headers },
      );
      await recorder.settled();
      expect(recorder.results.length).toBe(8);
      recorder.assertClean();
    } finally {
      server.close();
    }
  });

  it('serves a base URL with a path prefix and an identity provider on another origin', async () => {
    const platform = createMockPlatform({
      baseUrl: 'https://gateway.example.test/learnkit/',
      authUrl: 'https://idp.example.test/tenant-1',
      msw,
    });
    expect(platform.baseUrl).toBe('https://gateway.example.test/learnkit');
    const server = setupServer(...platform.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const { partner } = platform.clients;
      const tokenResponse = await fetch('https://idp.example.test/tenant-1/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: partner.clientId,
          client_secret: partner.clientSecret,
        }),
      });
      expect(tokenResponse.status).toBe(200);
      const { access_token } = (await tokenResponse.json()) as { access_token: string };
      const documents = await fetch('https://gateway.example.test/learnkit/ims/case/v1p1/CFDocuments', {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(documents.status).toBe(200);
      const pkg = (await documents.json()) as { CFDocuments: { CFPackageURI: { uri: string } }[] };
      expect(
        pkg.CFDocuments[0]!.CFPackageURI.uri.startsWith(
          'https://gateway.example.test/learnkit/ims/case/v1p1/CFPackages/',
        ),
      ).toBe(true);
      const unknown = await fetch('https://gateway.example.test/learnkit/nope', {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect([unknown.status, ((await unknown.json()) as { error: string }).error]).toEqual([
        404,
        'not_found',
      ]);
      const wrongMethod = await fetch('https://gateway.example.test/learnkit/ims/case/v1p1/CFDocuments', {
        method: 'DELETE',
      });
      expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET']);
    } finally {
      server.close();
    }
  });

  it('hands paths with malformed percent-encoding to the mock (its 404), not to a matcher that throws (MSW 500)', async () => {
    const platform = createMockPlatform({ authUrl: 'https://idp.example.test/tenant-1', msw });
    const server = setupServer(...platform.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const token = platform.accessToken(platform.clients.partner);
      for (const path of ['/insights/1.0/sessions/%,T%22', '/ims/case/v1p1/CFItems/%E0%A4%A', '/%']) {
        const rawResponse = await fetch(`${platform.baseUrl}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect([path, rawResponse.status]).toEqual([path, 404]);
      }
      const form = await fetch('https://idp.example.test/tenant-1/oauth2/token/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=%zz',
      });
      expect(form.status).toBe(401);
      expect(platform.state.errors).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('can be built from an explicit msw module (for runtimes where msw cannot be required)', () => {
    const platform = createMockPlatform();
    const handlers = createMswHandlers(platform, msw);
    expect(handlers).toHaveLength(1);
    const path = (handlers[0]!.info as { path: RegExp }).path;
    expect(path.test('https://api.learnkit.test/ims/case/v1p1/CFDocuments')).toBe(true);
    expect(path.test('https://api.learnkit.test.evil.example/ims/case/v1p1/CFDocuments')).toBe(false);
  });

  it('delivers through a consumer that an MSW server of the test intercepts (fetch looked up at call time)', async () => {
    const platform = createMockPlatform();
    const received: string[] = [];
    const server = setupServer(
      ...platform.handlers,
      msw.http.post('https://hooks.partner.example/msw', async ({ request }) => {
        received.push(await request.text());
        return new Response(null, { status: 200 });
      }),
    );
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const token = platform.accessToken(platform.clients.partner);
      await fetch(
        `${platform.baseUrl}/webhooks/1.0/${platform.fixtures.application.applicationId}/subscriptions`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: 'https://hooks.partner.example/msw', eventTypes: ['test.ping'] }),
        },
      );
      platform.emit('test.ping', { message: 'intercepted' });
      await platform.clock.advance(60_000);
      expect(received.map((body) => JSON.parse(body).data)).toEqual([{ message: 'intercepted' }]);
    } finally {
      server.close();
    }
  });
});

describe('loopback server', () => {
  it('keeps a hung request open until the client leaves, destroys the socket on reset, and close() releases hangs', async () => {
    const platform = createMockPlatform();
    const server = await platform.listen({ port: 0 });
    try {
      platform.faults.inject({ path: '/ims/case/v1p1/CFDocuments', hang: true });
      const port = Number(new URL(server.url).port);
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET /ims/case/v1p1/CFDocuments HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([data, socket.destroyed]).toEqual(['', false]);
      socket.destroy();
      await closed;

      platform.faults.inject({ path: '/ims/case/v1p1/CFDocuments', reset: true });
      await expect(fetch(`${server.url}/ims/case/v1p1/CFDocuments`)).rejects.toThrow(TypeError);

      platform.faults.inject({ path: '/ims/case/v1p1/CFDocuments', hang: true });
      const hung = platform.handle(new Request(`${platform.baseUrl}/ims/case/v1p1/CFDocuments`));
      platform.close();
      expect((await hung).type).toBe('error');
      expect(platform.state.requests.map((entry) => entry.fault)).toEqual(['hang', 'reset', 'hang']);
    } finally {
      await server.close();
    }
  });
});
