// The mock responds to every request with its X-Request-Id, as the platform's gateway does
// (docs/decisions.md#d-request-id-per-call): the client's own id echoed, a fresh one when it sent none.
import { describe, expect, it } from 'vitest';
import { createMockPlatform } from '../src/index.js';

describe('X-Request-Id on every response', () => {
  const platform = createMockPlatform();
  const url = `${platform.baseUrl}/ims/case/v1p1/CFDocuments`;
  const token = platform.accessToken(platform.clients.partner);

  it('echoes the id the client sent, on successes and refusals alike', async () => {
    const ok = await platform.handle(
      new Request(url, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req_abc123' } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('req_abc123');
    const refused = await platform.handle(new Request(url, { headers: { 'x-request-id': 'req_def456' } }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('req_def456');
  });

  it('makes one up when the client sent none, or one unfit to echo', async () => {
    const none = await platform.handle(new Request(url, { headers: { authorization: `Bearer ${token}` } }));
    expect(none.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    const unfit = await platform.handle(
      new Request(url, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'x'.repeat(300) } }),
    );
    expect(unfit.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
  });
});
