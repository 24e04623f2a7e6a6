import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectNoPassword, withUserinfo } from '../../test-utils/src/userinfo';
import { ValidationError, WebhookVerificationError } from '../src/index';
import { createValidationError, jsonParseProblem, schemaChecker, showValue } from '../src/internal/index';
import { redact, redactValue } from '../src/internal/redact';
import { redactUserinfo } from '../src/internal/userinfo';

const KEYS = [
  'client_secret',
  'clientSecret',
  'secret',
  'signingSecret',
  'password',
  'access_token',
  'accessToken',
  'refresh_token',
  'id_token',
];

// Characters a secret value may hold in each form (a form value stops at `&`, a JSON string at `"`).
const valueChars = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/!@#$%*'.split(''),
);
const value = fc.string({ unit: valueChars, minLength: 8, maxLength: 40 });

/** The assignment shapes a secret is written in: forms, query strings, env lines, JSON, quoted values. */
const FORMS: ((key: string, v: string) => string)[] = [
  (k, v) => `${k}=${v}`,
  (k, v) => `grant_type=client_credentials&${k}=${v}&scope=x`,
  (k, v) => `${k} = "${v}"`,
  (k, v) => `${k}='${v}'`,
  (k, v) => JSON.stringify({ [k]: v }),
  (k, v) => JSON.stringify({ a: 1, [k]: v, b: 2 }, null, 2),
  (k, v) => `{"${k}" : "${v} and more words"}`,
  (k, v) => `${k}: "${v}"`,
  (k, v) => `${k.toUpperCase()}=${v}`,
];

// Words that make up validation messages; none is secret-shaped on its own.
const word = fc.constantFrom(
  'must',
  'be',
  'the',
  'subscription',
  'signingSecret',
  'a',
  'string',
  'has',
  'leading',
  'or',
  'trailing',
  'whitespace',
  'is',
  'redacted',
  'pass',
  'it',
  'as',
  'returned',
  '(got',
  '42)',
);

describe('redact()', () => {
  it('property: a secret written as key=value, "key": "value" or key: "value" never survives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), fc.constantFrom(...FORMS), value, (key, form, v) => {
        const out = redact(`before ${form(key, v)} after`);
        expect(out).not.toContain(v);
        expect(out).toContain('[redacted]');
        expect(out.startsWith('before ')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: a field-path message ("secret: must be ...") is left as it is', () => {
    const segment = fc.constantFrom('options', 'webhook', 'auth', '0', 'credentials');
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 3 }),
        fc.constantFrom(...KEYS),
        fc.array(word, { minLength: 1, maxLength: 12 }),
        (path, key, words) => {
          const message = `${[...path, key].join('.')}: ${words.join(' ')}`;
          expect(redact(message)).toBe(message);
          expect(redact(`Invalid input: ${message}; limit: must be <= 3000`)).toBe(
            `Invalid input: ${message}; limit: must be <= 3000`,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the message of a ValidationError for a field named secret', () => {
    const error = new ValidationError([
      { path: ['secret'], message: "must be the subscription's signingSecret" },
    ]);
    expect(error.message).toBe("Invalid input: secret: must be the subscription's signingSecret");
    const nested = new ValidationError([
      { path: ['credentials', 'clientSecret'], message: 'has leading or trailing whitespace' },
    ]);
    expect(nested.message).toBe(
      'Invalid input: credentials.clientSecret: has leading or trailing whitespace',
    );
    // A value echoed in an assignment shape is still redacted.
    const echoed = new ValidationError([{ path: ['body'], message: 'got client_secret=hunter2-hunter2' }]);
    expect(echoed.message).toBe('Invalid input: body: got client_secret=[redacted]');
  });

  it('leaves a WebhookVerificationError message as given: the SDK writes those without secrets', () => {
    // No redaction pass, so the browser bundle of verifyWebhook carries no redactor (packages/webhooks size test).
    const e = new WebhookVerificationError('signature_mismatch', 'secret: must match; Bearer is a word here');
    expect(e.message).toBe('secret: must match; Bearer is a word here');
    expect(new WebhookVerificationError('missing_signature').message).toBe(
      'Webhook verification failed: missing_signature',
    );
  });

  it('still redacts the always-secret shapes and redacted logs stay redacted when logged again', () => {
    const text =
      'Authorization: Bearer abc.def.ghi Basic dXNlcjpwYXNz eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig whsec_Zm9vYmFy';
    expect(redact(text)).toBe(
      'Authorization: Bearer [redacted] Basic [redacted] [redacted] whsec_[redacted]',
    );
    const once = redact('{"client_secret":"s3cr3t-value","secret": "two words"} secret=abc&x=1');
    expect(once).toBe('{"client_secret":"[redacted]","secret": "[redacted]"} secret=[redacted]&x=1');
    expect(redact(once)).toBe(once);
    expect(redact('"password": 12345678, "n": 1')).toBe('"password": [redacted], "n": 1');
  });

  it('is linear on a large body with long runs of word characters', () => {
    const body = `${'a-'.repeat(200_000)}secret=abc`;
    const start = performance.now();
    expect(redact(body).endsWith('secret=[redacted]')).toBe(true);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('redactValue replaces values under secret-sounding keys and redacts strings elsewhere', () => {
    expect(
      redactValue({ clientSecret: 'abc', nested: { note: 'secret=abc123', message: 'secret: must be set' } }),
    ).toEqual({
      clientSecret: '[redacted]',
      nested: { note: 'secret=[redacted]', message: 'secret: must be set' },
    });
  });
});

// The vectors the activity package's copy and the Python package are held to as well
// (docs/decisions.md#d-userinfo-redacted).
const USERINFO = JSON.parse(readFileSync(new URL('./fixtures/userinfo.json', import.meta.url), 'utf8')) as {
  redacted: [string, string][];
  unchanged: string[];
};

describe('userinfo', () => {
  it.each(USERINFO.redacted)('redacts the password of %j', (text, expected) => {
    expect(redactUserinfo(text)).toBe(expected);
    expect(redact(text)).toBe(expected);
  });

  it.each(USERINFO.unchanged.map((text) => [text]))('leaves %j as it is', (text) => {
    expect(redactUserinfo(text)).toBe(text);
    expect(redact(text)).toBe(text);
  });

  it('property: the password of user:password@ never survives, however it is written and wherever it stands', () => {
    fc.assert(
      fc.property(
        withUserinfo,
        fc.constantFrom<(v: string) => string>(
          (v) => v,
          (v) => `could not reach ${v}: refused`,
          (v) => `baseUrl: must be an absolute http(s) URL (got ${JSON.stringify(v)}); clientId: is required`,
          (v) => `${v}\n${v}`,
          (v) => `'${v}'`,
        ),
        ({ value, password }, embed) => {
          const out = redact(embed(value));
          expectNoPassword(out, password);
          expect(out).toContain('[redacted]');
          expect(redact(out)).toBe(out);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('property: text without a colon before an @ (emails, plain words) is left as it is', () => {
    const part = fc.string({ unit: fc.constantFrom(...'ab.-_+ @/?#%40'.split('')), maxLength: 40 });
    fc.assert(
      fc.property(part, (text) => {
        expect(redactUserinfo(text)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('is linear on long texts of @, colons and percent signs', () => {
    for (const body of [
      '@'.repeat(300_000),
      `${'a:'.repeat(150_000)}@x`,
      `${'%3A'.repeat(100_000)}${'%40'.repeat(100_000)}`,
      `${'a:b@'.repeat(75_000)}`,
      `${'/:@'.repeat(100_000)}`,
    ]) {
      const start = performance.now();
      redact(body);
      expect(performance.now() - start).toBeLessThan(1000);
    }
  });

  it('a ValidationError shows no password in its message, stack, String(), JSON, util.inspect or issues', () => {
    const error = new ValidationError([
      {
        path: ['baseUrl'],
        message: 'must be an absolute http(s) URL (got "https//user:pa55word@example.test")',
      },
      { path: ['note'], message: 'could not reach user:pa55word@example.test: refused' },
      { path: ['contact'], message: 'write to ops@example.test' },
    ]);
    const shown = [error.message, String(error.stack), String(error), JSON.stringify(error), inspect(error)];
    for (const text of shown) expect(text).not.toContain('pa55word');
    expect(error.message).toBe(
      'Invalid input: baseUrl: must be an absolute http(s) URL (got "https//user:[redacted]@example.test"); ' +
        'note: could not reach user:[redacted]@example.test: refused; contact: write to ops@example.test',
    );
    expect(error.issues.map((i) => i.message)).toEqual([
      'must be an absolute http(s) URL (got "https//user:[redacted]@example.test")',
      'could not reach user:[redacted]@example.test: refused',
      'write to ops@example.test',
    ]);
    // A key of the input is echoed as a path, and is redacted there too.
    const keyed = new ValidationError([
      { path: ['headers', 'user:pa55word@example.test'], message: 'is not allowed' },
    ]);
    expect(JSON.stringify(keyed)).not.toContain('pa55word');
  });

  it('property: the issues of a ValidationError are redacted one by one, whether or not the message changed', () => {
    const piece = fc.oneof(
      word,
      withUserinfo.map((u) => u.value),
      fc.constantFrom('a@b.c', 'mailto:a@b.c', 'secret=abc123', 'Bearer abc.def', ':', '@', ';', '"', 'x'),
    );
    const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(' '));
    const issue = fc.record({
      path: fc.array(fc.oneof(fc.nat({ max: 9 }), text), { maxLength: 3 }),
      message: text,
    });
    fc.assert(
      fc.property(fc.array(issue, { minLength: 1, maxLength: 4 }), (issues) => {
        expect(new ValidationError(issues).issues).toEqual(
          issues.map((i) => ({
            path: i.path.map((p) => (typeof p === 'string' ? redact(p) : p)),
            message: redact(i.message),
          })),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('a value quoted short in a message loses its password before it is cut, not after', () => {
    const check = schemaChecker(
      { Thing: { type: 'object', properties: { url: { type: 'number' } } } },
      z.fromJSONSchema as never,
    );
    // showValue cuts a string at 48 characters: here before the @ that marks the password as one.
    const url = `https://user:${'pa55word'.repeat(8)}@example.test`;
    const issues = check('Thing', { url });
    const error = createValidationError(issues);
    const text = [String(error), JSON.stringify(error), inspect(error), showValue(url)].join('\n');
    expect(text).not.toContain('pa55word');
    expect(text).toContain('user:[redacted]@');
  });
});

describe('jsonParseProblem', () => {
  it("keeps the parser's words and drops the stretch of text V8 quotes", () => {
    const problem = (text: string) => {
      try {
        JSON.parse(text);
      } catch (error) {
        return jsonParseProblem(error);
      }
      throw new Error('parsed');
    };
    for (const text of [
      '{"clientSecret": s3cr3t-value-0123456789, "a": 1}',
      '{"baseUrl": https//user:pa55word@example.test}',
      's3cr3t-value',
      '{"a": "s3cr3t-value",}',
      '{"a": "s3cr3t-value"',
    ]) {
      const said = problem(text);
      expect(said).not.toMatch(/s3cr3t|pa55|user|"/);
      expect(said.length).toBeGreaterThan(0);
    }
    expect(problem('{"a": 1,}')).toMatch(/in JSON at position \d+/);
    expect(jsonParseProblem(new SyntaxError('Unexpected token \'x\', "x-secret" is not valid JSON'))).toBe(
      "Unexpected token 'x'",
    );
    expect(jsonParseProblem(new SyntaxError('something "quoted" here'))).toBe('a syntax error');
  });
});
