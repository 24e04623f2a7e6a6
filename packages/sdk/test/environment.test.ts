// `environment` (option and LEARNKIT_ENVIRONMENT) sets the base URL and the token URL from the platform's published
// addresses; an explicit baseUrl wins (docs/decisions.md#d-environment-option).
import { QUICK_RETRY, usePlatform } from '@learnkit/test-utils';
import { describe, expect, it } from 'vitest';
import { ENV, ENVIRONMENTS, type EnvironmentName, LearnKit, ValidationError } from '../src/index';

const SANDBOX = 'https://sandbox.platform.timeback.com';
const CREDENTIALS = { clientId: 'sandbox-client', clientSecret: 'sandbox-secret-0123456789' };

/** A fetch that returns a token request and an empty document list, and records every URL it was asked for. */
function recordingFetch(urls: string[]) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    urls.push(`${request.method} ${url.origin}${url.pathname}`);
    const body = request.url.includes('/token')
      ? { access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 }
      : { CFDocuments: [] };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
}

function refusal(make: () => unknown): ValidationError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

describe('environment: a working client from the name alone', () => {
  const ctx = usePlatform('msw', { platform: { baseUrl: SANDBOX } });

  it("new LearnKit({ environment: 'sandbox', clientId, clientSecret }) calls the sandbox and gets its token there", async () => {
    const { clientId, clientSecret } = ctx.platform.clients.partner;
    const lk = new LearnKit({ environment: 'sandbox', clientId, clientSecret, retry: QUICK_RETRY, env: {} });
    expect(lk.baseUrl).toBe(SANDBOX);
    expect(lk.tokenUrl).toBe(`${SANDBOX}/auth/1.0/token`);
    expect(lk.environment).toBe('sandbox');

    const page = await lk.case.documents.list();
    expect(Array.isArray(page.data)).toBe(true);
    await ctx.flush();
    expect(
      ctx.sent.map((request) => `${request.method} ${request.url.origin}${request.url.pathname}`),
    ).toEqual([`POST ${SANDBOX}/auth/1.0/token`, `GET ${SANDBOX}/ims/case/v1p1/CFDocuments`]);
    expect(await ctx.contractChecks()).toBe(4);
  });

  it('reads LEARNKIT_ENVIRONMENT like the other variables', async () => {
    const { clientId, clientSecret } = ctx.platform.clients.partner;
    const lk = new LearnKit({
      retry: QUICK_RETRY,
      env: {
        LEARNKIT_ENVIRONMENT: 'sandbox',
        LEARNKIT_CLIENT_ID: clientId,
        LEARNKIT_CLIENT_SECRET: clientSecret,
      },
    });
    expect(lk.environment).toBe('sandbox');
    await lk.case.documents.list();
    await ctx.flush();
    expect(ctx.sent.every((request) => request.url.origin === SANDBOX)).toBe(true);
    expect(ENV.environment).toBe('LEARNKIT_ENVIRONMENT');
  });
});

describe('environment: the addresses of each name', () => {
  it.each(['production', 'sandbox', 'staging'] as const)(
    '%s: the API and token requests go to the addresses of ENVIRONMENTS',
    async (name: EnvironmentName) => {
      const urls: string[] = [];
      const lk = new LearnKit({ environment: name, ...CREDENTIALS, fetch: recordingFetch(urls), env: {} });
      await lk.case.documents.list();
      expect(urls).toEqual([
        `POST ${ENVIRONMENTS[name].tokenUrl}`,
        `GET ${ENVIRONMENTS[name].baseUrl}/ims/case/v1p1/CFDocuments`,
      ]);
    },
  );

  it('an explicit baseUrl (option or LEARNKIT_BASE_URL) wins, with its own token endpoint; the name stays', async () => {
    const urls: string[] = [];
    const byOption = new LearnKit({
      environment: 'sandbox',
      baseUrl: 'https://proxy.example.com/',
      ...CREDENTIALS,
      fetch: recordingFetch(urls),
      env: {},
    });
    await byOption.case.documents.list();
    expect(urls).toEqual([
      'POST https://proxy.example.com/auth/1.0/token',
      'GET https://proxy.example.com/ims/case/v1p1/CFDocuments',
    ]);
    expect(byOption.environment).toBe('sandbox');
    const byVariable = new LearnKit({
      environment: 'production',
      ...CREDENTIALS,
      env: { LEARNKIT_BASE_URL: 'http://127.0.0.1:4010' },
    });
    expect(byVariable.baseUrl).toBe('http://127.0.0.1:4010');
    expect(byVariable.tokenUrl).toBe('http://127.0.0.1:4010/auth/1.0/token');
  });

  it('an explicit authUrl still decides where tokens come from', () => {
    const lk = new LearnKit({
      environment: 'staging',
      authUrl: 'https://auth.example.com',
      ...CREDENTIALS,
      env: {},
    });
    expect(lk.baseUrl).toBe(ENVIRONMENTS.staging.baseUrl);
    expect(lk.tokenUrl).toBe('https://auth.example.com/oauth2/token');
  });

  it('the option wins over LEARNKIT_ENVIRONMENT; an empty variable is an unset one', () => {
    const lk = new LearnKit({
      environment: 'production',
      ...CREDENTIALS,
      env: { LEARNKIT_ENVIRONMENT: 'sandbox' },
    });
    expect(lk.baseUrl).toBe(ENVIRONMENTS.production.baseUrl);
    const error = refusal(() => new LearnKit({ ...CREDENTIALS, env: { LEARNKIT_ENVIRONMENT: '  ' } }));
    expect(error.issues.map((issue) => issue.path[0])).toEqual(['baseUrl']);
  });

  it('a developer token works with an environment too', () => {
    const lk = new LearnKit({ environment: 'sandbox', developerToken: 'dev-token', env: {} });
    expect(lk.baseUrl).toBe(SANDBOX);
    expect(lk.credentials).toBe('developer');
    expect(lk.environment).toBe('sandbox');
  });

  it('says the environment in toString and toJSON, never a secret', () => {
    const lk = new LearnKit({ environment: 'sandbox', ...CREDENTIALS, env: {} });
    expect(String(lk)).toContain("environment: 'sandbox', baseUrl: 'https://sandbox.platform.timeback.com'");
    expect(lk.toJSON()).toMatchObject({ environment: 'sandbox', baseUrl: SANDBOX });
    expect(JSON.stringify(lk)).not.toContain(CREDENTIALS.clientSecret);
    expect(new LearnKit({ baseUrl: SANDBOX, ...CREDENTIALS, env: {} }).toJSON()).not.toHaveProperty(
      'environment',
    );
  });
});

describe('environment: refusals', () => {
  it('refuses an unknown name, naming the three names, before anything is sent', () => {
    const error = refusal(
      () => new LearnKit({ environment: 'prod' as EnvironmentName, ...CREDENTIALS, env: {} }),
    );
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.path).toEqual(['environment']);
    expect(error.message).toContain(
      `environment  must be one of 'production', 'sandbox', 'staging' (got "prod"); for another address pass baseUrl instead`,
    );
  });

  it('says when the unknown name came from LEARNKIT_ENVIRONMENT', () => {
    const error = refusal(() => new LearnKit({ ...CREDENTIALS, env: { LEARNKIT_ENVIRONMENT: 'Sandbox' } }));
    expect(error.message).toContain('(got "Sandbox" from LEARNKIT_ENVIRONMENT)');
  });

  it('refuses a name that is not a string', () => {
    const error = refusal(
      () => new LearnKit({ environment: 42 as unknown as EnvironmentName, ...CREDENTIALS, env: {} }),
    );
    expect(error.message).toContain("must be one of 'production', 'sandbox', 'staging' (got number)");
  });

  it('without baseUrl and environment, the message offers the environment first', () => {
    const error = refusal(() => new LearnKit({ ...CREDENTIALS, env: {} }));
    expect(error.message).toContain(
      "baseUrl  is required: pass new LearnKit({ environment: 'sandbox' }) ('production' or 'staging' too) or set LEARNKIT_ENVIRONMENT",
    );
  });
});
