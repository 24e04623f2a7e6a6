import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError, WebhookVerificationError } from '../src/index';
import { redact, redactValue } from '../src/internal/redact';

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
