import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../src/internal/limits.js';
import { Router } from '../src/internal/router.js';

const ok = () => new Response(null, { status: 204 });

describe('router (docs/decisions.md#d-mock-request-line)', () => {
  const router = new Router<unknown>()
    .on('GET', '/users/:sourcedId', ok)
    .on('PATCH', '/users/:sourcedId', ok)
    .on('POST', '/packages', ok, 10 * MAX_BODY_BYTES);

  it('compares methods exactly: patch, Get or TRACE never reach a handler, and the path says what it allows', () => {
    expect(router.match('PATCH', '/users/u1').kind).toBe('found');
    for (const method of ['patch', 'Get', 'get', 'TRACE', 'FOO'])
      expect(router.match(method, '/users/u1')).toEqual({ kind: 'method', allowed: ['GET', 'PATCH'] });
    expect(router.match('TRACE', '/nowhere')).toEqual({ kind: 'none' });
  });

  it('gives parameters no prototype, and each route its body limit', () => {
    const found = router.match('GET', '/users/constructor');
    expect(found.kind === 'found' && found.params).toEqual({ sourcedId: 'constructor' });
    expect(found.kind === 'found' && Object.getPrototypeOf(found.params)).toBeNull();
    const upload = router.match('POST', '/packages');
    expect(upload.kind === 'found' && upload.maxBodyBytes).toBe(10 * MAX_BODY_BYTES);
    expect(found.kind === 'found' && found.maxBodyBytes).toBe(MAX_BODY_BYTES);
  });
});
