import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { expectNoPassword, withUserinfo } from '@learnkit/test-utils/userinfo';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV, LearnKit, LearnKitError, ValidationError, VERSION } from '../src/index';

const ENV_OK = {
  LEARNKIT_BASE_URL: 'https://api.example.com',
  LEARNKIT_CLIENT_ID: 'client-from-env',
  LEARNKIT_CLIENT_SECRET: 'secret-from-env-0123456789',
};

function configError(make: () => unknown): ValidationError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(LearnKitError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

/** Every text of `error` that a log or a user may see: message, stack, String(), JSON, util.inspect, issues. */
function errorTexts(error: ValidationError): string[] {
  return [
    error.message,
    String(error.stack),
    String(error),
    JSON.stringify(error),
    inspect(error, { depth: 5 }),
    JSON.stringify(error.issues),
  ];
}

describe('configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads everything from the environment (process.env by default)', () => {
    for (const [name, value] of Object.entries(ENV_OK)) vi.stubEnv(name, value);
    const lk = new LearnKit();
    expect(lk.baseUrl).toBe('https://api.example.com');
    expect(lk.clientId).toBe('client-from-env');
    expect(lk.tokenUrl).toBe('https://api.example.com/auth/1.0/token');
  });

  it('reads the variables from the `env` option (Workers, tests) and ignores process.env then', () => {
    vi.stubEnv('LEARNKIT_CLIENT_ID', 'from-process');
    const lk = new LearnKit({ env: ENV_OK });
    expect(lk.clientId).toBe('client-from-env');
    expect(() => new LearnKit({ env: {} })).toThrow(ValidationError);
  });

  it('lets options win over the environment', () => {
    const lk = new LearnKit({ env: ENV_OK, baseUrl: 'https://other.example.com/', clientId: 'opt' });
    expect(lk.baseUrl).toBe('https://other.example.com');
    expect(lk.clientId).toBe('opt');
  });

  it('names everything missing in one error, with the option and the variable for each', () => {
    const error = configError(() => new LearnKit({ env: {} }));
    expect(error.issues.map((i) => i.path)).toEqual([['baseUrl'], ['clientId'], ['clientSecret']]);
    expect(error.message).toContain('LearnKit is not configured: missing baseUrl, clientId, clientSecret.');
    for (const [key, variable] of [
      ['baseUrl', ENV.baseUrl],
      ['clientId', ENV.clientId],
      ['clientSecret', ENV.clientSecret],
    ]) {
      expect(error.message).toContain(`new LearnKit({ ${key} })`);
      expect(error.message).toContain(variable);
    }
    expect(error.message).toContain('npx -p @learnkit/mock learnkit-mock serve');
  });

  it('names only what is missing; an empty variable counts as missing', () => {
    const error = configError(
      () => new LearnKit({ env: { ...ENV_OK, LEARNKIT_CLIENT_SECRET: '  ' }, clientId: 'given' }),
    );
    expect(error.issues.map((i) => i.path)).toEqual([['clientSecret']]);
    expect(error.message).toMatch(/^LearnKit is not configured: missing clientSecret\./);
  });

  it('refuses malformed URLs, saying which variable they came from', () => {
    const error = configError(
      () =>
        new LearnKit({ env: { ...ENV_OK, LEARNKIT_BASE_URL: 'api.example.com', LEARNKIT_AUTH_URL: 'nope' } }),
    );
    expect(error.issues.map((i) => i.path)).toEqual([['baseUrl'], ['authUrl']]);
    expect(error.message).toContain('from LEARNKIT_BASE_URL');
    expect(error.message).toContain('from LEARNKIT_AUTH_URL');
  });

  // Issue 13, finding 3: URL options with user:pass@ were accepted (baseUrl) or echoed as given (errors).
  it('refuses userinfo in baseUrl and authUrl (options or variables), showing the URLs without it', () => {
    for (const [make, names] of [
      [
        () =>
          new LearnKit({
            env: ENV_OK,
            baseUrl: 'https://partner:hunter2-password@api.example.com',
            authUrl: 'https://partner:hunter2-password@auth.example.com',
          }),
        [['baseUrl'], ['authUrl']],
      ],
      [
        () =>
          new LearnKit({
            env: { ...ENV_OK, LEARNKIT_AUTH_URL: 'ftp://partner:hunter2-password@auth.example.com' },
          }),
        [['authUrl']],
      ],
    ] as const) {
      const error = configError(make);
      expect(error.issues.map((i) => i.path)).toEqual(names);
      expect(error.message).not.toContain('hunter2-password');
      expect(error.message).not.toContain('partner:');
      expect(error.message).toContain('auth.example.com');
    }
  });

  // Issue 33, item 1: the scheme's colon forgotten, the value is no URL, and its password was shown back.
  it('shows no password shaped like userinfo in a URL that is no URL, in any text of the error', () => {
    for (const value of [
      'https//user:pa55word@example.test',
      'user:pa55word@example.test',
      '//user:pa55word@host',
      'ftp:/user:pa55word@h',
      'https//user:pa%2F55word@example.test',
      'https%3A%2F%2Fuser%3Apa55word%40example.test',
    ]) {
      for (const make of [
        () => new LearnKit({ env: ENV_OK, baseUrl: value }),
        () => new LearnKit({ env: { ...ENV_OK, LEARNKIT_AUTH_URL: value } }),
        () => new LearnKit({ env: {}, baseUrl: value, developerToken: 'developer-token-0123456789' }),
      ]) {
        const error = configError(make);
        for (const text of errorTexts(error)) expect(text).not.toMatch(/pa55word|pa%2F55word/);
        expect(error.message).toMatch(
          /^LearnKit is misconfigured\.\n {2}(baseUrl|authUrl) {2}must be an absolute/,
        );
      }
    }
  });

  it('property: baseUrl and authUrl with userinfo, from options or variables, never show its password', () => {
    fc.assert(
      fc.property(
        withUserinfo,
        fc.constantFrom('baseUrl', 'authUrl', 'LEARNKIT_BASE_URL', 'LEARNKIT_AUTH_URL'),
        ({ value, password }, where) => {
          const options = where.startsWith('LEARNKIT_')
            ? { env: { ...ENV_OK, [where]: value } }
            : { env: ENV_OK, [where]: value };
          for (const text of errorTexts(configError(() => new LearnKit(options))))
            expectNoPassword(text, password);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a credential with stray whitespace before sending anything', () => {
    const error = configError(() => new LearnKit({ env: ENV_OK, clientSecret: 'pasted-secret-123\n' }));
    expect(error.issues[0]?.path).toEqual(['clientSecret']);
    expect(error.message).not.toContain('pasted-secret-123');
  });

  it('takes tokens from <baseUrl>/auth/1.0/token (Basic) or <authUrl>/oauth2/token (form)', () => {
    expect(new LearnKit({ env: ENV_OK }).toJSON()).toMatchObject({
      tokenUrl: 'https://api.example.com/auth/1.0/token',
      style: 'basic',
    });
    const viaEnv = new LearnKit({ env: { ...ENV_OK, LEARNKIT_AUTH_URL: 'https://auth.example.com/' } });
    expect(viaEnv.toJSON()).toMatchObject({
      tokenUrl: 'https://auth.example.com/oauth2/token',
      style: 'form',
    });
  });

  it('sends through the `fetch` option and logs at the LEARNKIT_LOG level of `env`, without secrets', async () => {
    const seen: string[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      const body = request.url.endsWith('/auth/1.0/token')
        ? { access_token: 'token-0123456789abcdef', token_type: 'Bearer', expires_in: 3600 }
        : { CFDocuments: [] };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    try {
      const lk = new LearnKit({ env: { ...ENV_OK, LEARNKIT_LOG: 'debug' }, fetch, retry: false });
      const page = await lk.case.documents.list();
      expect(page.data).toEqual([]);
      expect(seen).toEqual(['POST /auth/1.0/token', 'GET /ims/case/v1p1/CFDocuments']);
      const lines = debug.mock.calls.map((args) => args.join(' '));
      expect(lines.some((line) => line.includes('[learnkit] debug'))).toBe(true);
      expect(lines.join('\n')).not.toContain(ENV_OK.LEARNKIT_CLIENT_SECRET);
      expect(lines.join('\n')).not.toContain('token-0123456789abcdef');
    } finally {
      debug.mockRestore();
    }
  });

  it('ignores LEARNKIT_LOG of process.env when `env` is given without it', async () => {
    vi.stubEnv('LEARNKIT_LOG', 'debug');
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = new Request(input, init).url.endsWith('/auth/1.0/token')
        ? { access_token: 'token-0123456789abcdef', token_type: 'Bearer', expires_in: 3600 }
        : { CFDocuments: [] };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const spies = (['debug', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    try {
      const lk = new LearnKit({ env: ENV_OK, fetch, retry: false });
      await lk.case.documents.list();
      expect(spies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('keeps VERSION equal to package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
    expect(LearnKit.VERSION).toBe(pkg.version);
  });
});
