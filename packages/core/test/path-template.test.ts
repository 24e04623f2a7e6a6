import fc from 'fast-check';
import { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createPathBuilder } from '../src/internal/path-template';

const BASE = 'https://api.example.com/v';
const querySerializer = createQuerySerializer();

/** The URL openapi-fetch builds for `path` and `params` (no query). */
const openapiFetchUrl = (path: string, params: Record<string, unknown> | undefined) =>
  createFinalURL(path, {
    baseUrl: BASE,
    params: { path: params },
    querySerializer,
    pathSerializer: defaultPathSerializer,
  });

describe('createPathBuilder (docs/decisions.md#d-path-templates-compiled-once)', () => {
  it('property: fills a template exactly as openapi-fetch does, whatever the values', () => {
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.integer(),
      fc.boolean(),
      fc.constantFrom(undefined, null, '', '{id}', 'a/b?c#d', '%2F'),
    );
    const build = createPathBuilder(BASE);
    fc.assert(
      fc.property(value, value, (a, b) => {
        for (const path of ['/apps/{appId}/subs/{id}', '/apps/{appId}', '/x/{id}/{id}', '/plain']) {
          const params = { appId: a, id: b };
          expect(build(path, params)).toBe(openapiFetchUrl(path, params));
        }
      }),
    );
  });

  it('leaves styled templates, object and array values, and missing params to openapi-fetch semantics', () => {
    const build = createPathBuilder(BASE);
    const cases: [string, Record<string, unknown> | undefined][] = [
      ['/x/{.id}', { id: 'a' }],
      ['/x/{;id}', { id: 'a' }],
      ['/x/{id*}', { id: ['a', 'b'] }],
      ['/x/{id}', { id: ['a', 'b'] }],
      ['/x/{id}', { id: { k: 'v' } }],
      ['/x/{id}', undefined],
    ];
    for (const [path, params] of cases) expect(build(path, params)).toBe(openapiFetchUrl(path, params));
  });

  it('builds the same URL when the template is used again (compiled once, kept)', () => {
    const build = createPathBuilder(BASE);
    const path = '/ims/case/v1p1/CFItems/{sourcedId}';
    expect(build(path, { sourcedId: 'a' })).toBe(`${BASE}/ims/case/v1p1/CFItems/a`);
    expect(build(path, { sourcedId: 'b c' })).toBe(`${BASE}/ims/case/v1p1/CFItems/b%20c`);
  });
});
