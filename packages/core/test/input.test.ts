// The input checks core shares with the client packages (docs/decisions.md#d-input-checks-in-core): case, oneroster and
// platform call them for every method, so their rules are pinned here once.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createHttpClient, staticToken, ValidationError } from '../src/index';
import {
  checkCallOptions,
  checkId,
  createValidationError,
  formatJsonPath,
  getByIdInit,
  httpClientOf,
  schemaChecker,
  showValue,
} from '../src/internal/index';
import { redactUserinfo } from '../src/internal/userinfo';

/** The ValidationError `run` throws (it is run twice: these checks are pure). */
function refusal(run: () => unknown): ValidationError {
  expect(run).toThrow(ValidationError);
  let error: unknown;
  try {
    run();
  } catch (thrown) {
    error = thrown;
  }
  return error as ValidationError;
}

describe('checkCallOptions', () => {
  it('takes the call settings, refuses any other key and names the ones it takes', () => {
    const signal = new AbortController().signal;
    expect(checkCallOptions({ timeoutMs: 5, signal, retry: undefined })).toEqual({
      request: { timeoutMs: 5, signal },
      fields: undefined,
    });
    const error = refusal(() => checkCallOptions({ timeout: 5 }));
    expect(error.issues).toEqual([
      {
        path: ['options', 'timeout'],
        message: 'is not an option here; use signal, timeoutMs, deadlineMs, retry, headers',
      },
    ]);
    expect(refusal(() => checkCallOptions([])).message).toBe(
      'Invalid input: options: must be an object such as { timeoutMs: 5000 }',
    );
  });

  it('takes `fields` only where the method does, checked as a list query checks it', () => {
    expect(checkCallOptions({ fields: ['title'] }, { fields: true }).fields).toEqual(['title']);
    expect(refusal(() => checkCallOptions({ fields: ['title'] })).issues[0]?.path).toEqual([
      'options',
      'fields',
    ]);
    expect(refusal(() => checkCallOptions({ fields: [] }, { fields: true })).issues[0]?.path[0]).toBe(
      'options',
    );
  });

  it('marks an idempotent operation, and shares one frozen object when there are no options', () => {
    expect(checkCallOptions(undefined).request).toBe(checkCallOptions(undefined).request);
    expect(Object.isFrozen(checkCallOptions(undefined, { idempotent: true }).request)).toBe(true);
    expect(checkCallOptions({ timeoutMs: 1 }, { idempotent: true }).request).toEqual({
      idempotent: true,
      timeoutMs: 1,
    });
  });
});

describe('checkId and getByIdInit', () => {
  it('refuse a blank or non-string id by its argument name, saying what was given', () => {
    expect(checkId('usr-1', 'userId')).toBe('usr-1');
    expect(refusal(() => checkId(' ', 'userId')).message).toBe(
      'Invalid input: userId: must be a non-empty identifier string (got " ")',
    );
    expect(refusal(() => checkId(42, 'sourcedId', 'sourcedId')).message).toContain(
      'sourcedId: must be a non-empty sourcedId string (got 42)',
    );
  });

  it('refuse `.` and `..`, which a URL reads as path steps; any other text passes to be sent encoded', () => {
    expect(refusal(() => checkId('..', 'sourcedId', 'sourcedId')).message).toBe(
      'Invalid input: sourcedId: is "..", which a URL reads as a step of the path, not as a sourcedId; no object can have it',
    );
    expect(refusal(() => checkId('.', 'classSourcedId')).issues[0]?.path).toEqual(['classSourcedId']);
    for (const id of ['a/b', '../x', '?x=1', '...', '%2e%2e']) expect(checkId(id, 'id')).toBe(id);
  });

  it('build the path parameters of a read, and its fields when asked', () => {
    expect(getByIdInit('a', undefined, 'id')).toEqual({ params: { path: { sourcedId: 'a' } } });
    expect(getByIdInit('a', { fields: ['title'], timeoutMs: 9 }, 'id')).toEqual({
      params: { path: { sourcedId: 'a' }, query: { fields: ['title'] } },
      options: { timeoutMs: 9 },
    });
  });
});

describe('createValidationError', () => {
  it('names paths JSON-style, odd keys quoted, and lists ten issues at most', () => {
    expect(formatJsonPath(['CFItems', 12, 'my key', 'identifier'])).toBe('CFItems[12]["my key"].identifier');
    const issues = Array.from({ length: 12 }, (_, i) => ({ path: ['CFItems', i], message: 'bad' }));
    const error = createValidationError(issues, 'Invalid CASE package');
    expect(error.issues).toHaveLength(12);
    expect(error.message).toMatch(
      /^Invalid CASE package: CFItems\[0\]: bad; .*CFItems\[9\]: bad; and 2 more/,
    );
  });

  it('shows values short and never whole objects', () => {
    expect(showValue('x'.repeat(60))).toBe(JSON.stringify(`${'x'.repeat(45)}...`));
    expect([showValue({ secret: 1 }), showValue([1]), showValue(undefined)]).toEqual([
      'an object',
      'an array',
      'undefined',
    ]);
  });

  it('property: quotes a string as JSON.stringify does (its fast path skips the call), cut at 48 characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })),
        (text) => {
          // A password shaped like userinfo goes first (docs/decisions.md#d-userinfo-redacted), then the cut.
          const safe = redactUserinfo(text);
          expect(showValue(text)).toBe(JSON.stringify(safe.length > 48 ? `${safe.slice(0, 45)}...` : safe));
        },
      ),
      { numRuns: 5000 },
    );
    expect(showValue('a"b\\c\n\ud800')).toBe('"a\\"b\\\\c\\n\\ud800"');
  });
});

describe('schemaChecker', () => {
  const defs = {
    Item: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        due: { type: 'string', format: 'date' },
        max: { type: ['number', 'null'] },
      },
      required: ['title'],
      additionalProperties: false,
    },
  };

  it('builds each validator once, on first use', () => {
    const build = vi.fn(z.fromJSONSchema);
    const check = schemaChecker(defs, build);
    expect(build).not.toHaveBeenCalled();
    check('Item', { title: 'a' });
    check('Item', { title: 'b' });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("says what each member must be and what it was, in the package's words", () => {
    const check = schemaChecker(defs, z.fromJSONSchema, {
      unknownMember: 'is not a member of an item',
      formats: { date: (value) => `must be a date (got ${showValue(value)})` },
      types: { string: 'a text' },
    });
    expect(check('Item', { title: 'ok', due: '2026-01-02', max: null })).toEqual([]);
    const byPath = Object.fromEntries(
      check('Item', { due: 'soon', max: '100', colour: 'red', extra: 1 }).map((i) => [
        i.path.join('.'),
        i.message,
      ]),
    );
    expect(byPath).toEqual({
      title: 'is required',
      due: 'must be a date (got "soon")',
      max: 'must be a number or null (got "100")',
      colour: 'is not a member of an item',
      extra: 'is not a member of an item',
    });
    expect(check('Item', { title: 7 })).toEqual([{ path: ['title'], message: 'must be a text (got 7)' }]);
  });

  it('says a missing choice is required, and a wrong one what it must be', () => {
    const check = schemaChecker(
      {
        Line: {
          type: 'object',
          properties: { status: { type: 'string', enum: ['active', 'tobedeleted'] } },
          required: ['status'],
        },
      },
      z.fromJSONSchema,
    );
    expect(check('Line', {})).toEqual([{ path: ['status'], message: 'is required' }]);
    expect(check('Line', { status: 'gone' })[0]?.message).toMatch(/active.*tobedeleted/);
  });
});

describe('httpClientOf', () => {
  it('shares a given client ({ http } or itself) and builds one from options', () => {
    const http = createHttpClient({
      baseUrl: 'https://api.example.com',
      auth: staticToken('t'),
      logger: false,
    });
    expect(httpClientOf({ http })).toBe(http);
    expect(httpClientOf(http)).toBe(http);
    const built = httpClientOf({ baseUrl: 'https://api.example.com', auth: staticToken('t'), logger: false });
    expect(built).not.toBe(http);
    expect(typeof built.call).toBe('function');
  });
});
