import { ApiPromise, type RequestOptions, ValidationError } from '@learnkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertPackageUpload,
  createCaseClient,
  VALIDATE_CHUNK_SIZE,
  validatePackageUpload,
} from '../src/index';
import { smallFramework } from './fixtures';

type Call = { method: string; path: string; init: { body?: unknown; options?: RequestOptions } };

/** What a core client's `call()` returns, over data a stand-in made: an ApiPromise with an empty 200. */
const responded = <T>(data: () => Promise<T>) =>
  ApiPromise.fromResult(async () => ({
    data: await data(),
    rawResponse: { response: new Response(null), body: new Uint8Array(0), requestId: 'req_test' },
  }));

/** A stand-in core client that returns validate calls with `verdict`, in a scrambled order, and records calls. */
function fakeHttp(
  verdict: (id: string) => boolean,
  scramble: (ids: string[]) => string[] = (ids) => ids.reverse(),
) {
  const calls: Call[] = [];
  const call = async (method: string, path: string, init: Call['init']) => {
    calls.push({ method, path, init });
    if (path.endsWith('/validate')) {
      const ids = [...(init.body as { ids: string[] }).ids];
      const order = scramble(ids);
      return { valid: order.filter(verdict), invalid: order.filter((id) => !verdict(id)) };
    }
    return { success: true };
  };
  const http = {
    call: (method: string, path: string, init: Call['init']) => responded(() => call(method, path, init)),
    callWithResponse: (method: string, path: string, init: Call['init']) =>
      responded(() => call(method, path, init)).withResponse(),
  };
  return { http: http as never, calls };
}

const hex = fc.stringMatching(
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
);

describe('items.validate (ordering and chunking)', () => {
  it('property: valid and invalid partition the input in input order, whatever order the response has', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hex, { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 300 }),
        fc.func(fc.boolean()),
        async (pool, picks, isValid) => {
          const ids = picks.length ? picks.map((p) => pool[p % pool.length] as string) : pool;
          const { http } = fakeHttp(
            (id) => isValid(id),
            (list) => list.sort(),
          );
          const result = await createCaseClient({ http }).items.validate(ids);
          expect(result.valid).toEqual(ids.filter((id) => isValid(id)));
          expect(result.invalid).toEqual(ids.filter((id) => !isValid(id)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it(`sends at most ${VALIDATE_CHUNK_SIZE} distinct ids per request, each marked idempotent`, async () => {
    const ids = Array.from(
      { length: 2501 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const { http, calls } = fakeHttp((id) => id.endsWith('7'));
    const result = await createCaseClient({ http }).items.validate([...ids, ...ids]);
    expect(calls.map((c) => (c.init.body as { ids: string[] }).ids.length)).toEqual([1000, 1000, 501]);
    expect(calls.every((c) => c.init.options?.idempotent === true && c.method === 'POST')).toBe(true);
    expect(result.valid.length + result.invalid.length).toBe(5002);
  });

  it('reports an id the response leaves out as invalid', async () => {
    const { http } = fakeHttp(
      () => true,
      () => [],
    );
    const id = '00000000-0000-0000-0000-000000000001';
    expect(await createCaseClient({ http }).items.validate([id])).toEqual({ valid: [], invalid: [id] });
  });

  it('property: any id that is not 8-4-4-4-12 hex is refused by index before anything is sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hex, { maxLength: 5 }),
        fc
          .string()
          .filter(
            (s) => !/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s),
          ),
        fc.nat(5),
        async (good, bad, at) => {
          const ids = [...good];
          const index = Math.min(at, ids.length);
          ids.splice(index, 0, bad);
          const { http, calls } = fakeHttp(() => true);
          const error = await createCaseClient({ http })
            .items.validate(ids)
            .catch((e: unknown) => e);
          expect(error).toBeInstanceOf(ValidationError);
          expect((error as ValidationError).issues[0]?.path).toEqual(['ids', index]);
          expect(calls).toHaveLength(0);
        },
      ),
    );
  });
});

describe('lists load lazily (docs/decisions.md#d-lazy-pages)', () => {
  /** A core client whose list responses are one-item pages, recording each request. */
  function listingHttp() {
    const paths: string[] = [];
    const http = {
      call: (_method: string, path: string) =>
        responded(async () => {
          paths.push(path);
          const one = { sourcedId: '00000000-0000-0000-0000-000000000001' };
          return { CFDocuments: [one], CFItems: [one] };
        }),
      callWithResponse: () => Promise.reject(new Error('not used')),
    };
    return { http: http as never, paths };
  }

  it.each(['documents', 'items'] as const)(
    '%s.list() sends nothing until it is awaited',
    async (resource) => {
      const { http, paths } = listingHttp();
      const list = createCaseClient({ http })[resource].list({ limit: 1 });
      await new Promise((resolve) => setImmediate(resolve));
      expect(paths).toEqual([]);
      expect((await list).data).toHaveLength(1);
      expect(paths).toEqual([`/ims/case/v1p1/${resource === 'documents' ? 'CFDocuments' : 'CFItems'}`]);
    },
  );
});

describe('packages.upload', () => {
  it('sends a valid body as given, marked idempotent', async () => {
    const { http, calls } = fakeHttp(() => true);
    const body = smallFramework(40, 10);
    await createCaseClient({ http }).packages.upload(body, { timeoutMs: 60_000 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.body).toBe(body);
    expect(calls[0]?.init.options).toMatchObject({ idempotent: true, timeoutMs: 60_000 });
  });
});

describe('validatePackageUpload', () => {
  it('finds nothing wrong with a generated framework', () => {
    expect(validatePackageUpload(smallFramework(41, 500))).toEqual([]);
  });

  it('gives array paths in issues and JSON paths in the message, listing the first ten', () => {
    const body = smallFramework(42, 40);
    for (let i = 0; i < 14; i++) body.CFItems[i]!.identifier = `bad-${i}`;
    const issues = validatePackageUpload(body);
    expect(issues).toHaveLength(14);
    expect(issues[12]).toEqual({
      path: ['CFItems', 12, 'identifier'],
      message: 'not a uuid (expected 8-4-4-4-12 hex digits, got "bad-12")',
    });
    const error = (() => {
      try {
        assertPackageUpload(body);
      } catch (e) {
        return e as ValidationError;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^Invalid CASE package: CFItems\[0\]\.identifier: not a uuid/);
    expect(error.message).toContain('and 4 more (see error.issues)');
    expect(error.issues).toHaveLength(14);
  });

  it('names each problem at its JSON path with a message that says what to send', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test breaks the body's types on purpose, member by member.
    const body = smallFramework(43, 10) as any;
    body.CFDocument.title = 5;
    delete body.CFItems[2].fullStatement;
    body.CFItems[3]['my/odd~key'] = 'x';
    body.CFItems[4].subject = ['Math', 7];
    body.CFAssociations[1].originNodeURI.identifier = 'item-1';
    body.CFAssociations[2].sequenceNumber = '3';
    body.CFDefinitions = { CFItemTypes: 'Grade' };
    body.extensions = [];
    expect(validatePackageUpload(body)).toEqual(
      expect.arrayContaining([
        { path: ['CFDocument', 'title'], message: 'must be a string (got 5)' },
        { path: ['CFItems', 2, 'fullStatement'], message: 'is required' },
        { path: ['CFItems', 3, 'my/odd~key'], message: 'is not a member of the upload shape' },
        { path: ['CFItems', 4, 'subject', 1], message: 'must be a string (got 7)' },
        {
          path: ['CFAssociations', 1, 'originNodeURI', 'identifier'],
          message: 'not a uuid (expected 8-4-4-4-12 hex digits, got "item-1")',
        },
        { path: ['CFAssociations', 2, 'sequenceNumber'], message: 'must be a number (got "3")' },
        { path: ['CFDefinitions', 'CFItemTypes'], message: 'must be an array (got "Grade")' },
        { path: ['extensions'], message: 'must be an object (got an array)' },
      ]),
    );
    expect(validatePackageUpload(body)).toHaveLength(8);
    expect(validatePackageUpload([])).toEqual([{ path: [], message: 'must be an object (got an array)' }]);
  });

  it('property: a valid body stays valid and is returned as is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 80 }), (seed, items) => {
        const body = smallFramework(seed, items);
        expect(assertPackageUpload(body)).toBe(body);
      }),
      { numRuns: 30 },
    );
  });
});
