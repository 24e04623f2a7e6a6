import { recordingLogger } from '@learnkit/test-utils';
import { exportSPKI, importJWK, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLaunchHandler, getLaunchUser, LaunchVerificationError } from '../src/index';
import {
  b64,
  ISSUER,
  keySetServer,
  launchClaims,
  makeKey,
  SESSION_SECRET,
  signLaunch,
  verifierFor,
} from './helpers';

// The issue's security tests: each refuses a token that a verifier skipping that one check would accept (every
// other claim of the token is valid, so only the check under test can refuse it).

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LaunchVerificationError);
  return (error as LaunchVerificationError).reason;
}

async function setup() {
  const key = await makeKey('k1');
  const server = keySetServer([key]);
  return { key, server, verifier: verifierFor(server) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the verifier refuses', () => {
  it('alg none (an unsigned token)', async () => {
    const { verifier } = await setup();
    const token = `${b64(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64(JSON.stringify(launchClaims()))}.`;
    expect(await reasonOf(verifier.verify(token))).toBe('algorithm_not_allowed');
  });

  it('HS256 signed with the public key as the secret (algorithm confusion)', async () => {
    const { key, verifier } = await setup();
    const pem = await exportSPKI(
      (await importJWK(key.publicJwk, 'RS256', { extractable: true })) as CryptoKey,
    );
    const token = await new SignJWT(launchClaims())
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .sign(new TextEncoder().encode(pem));
    expect(await reasonOf(verifier.verify(token))).toBe('algorithm_not_allowed');
  });

  it('another issuer', async () => {
    const { key, verifier } = await setup();
    const token = await signLaunch(key, launchClaims({ iss: 'https://evil.example.test' }));
    expect(await reasonOf(verifier.verify(token))).toBe('wrong_issuer');
  });

  it('another audience, and several audiences without this app as azp', async () => {
    const { key, verifier } = await setup();
    expect(await reasonOf(verifier.verify(await signLaunch(key, launchClaims({ aud: 'other-app' }))))).toBe(
      'wrong_audience',
    );
    const several = launchClaims({ aud: ['client-123', 'other-app'], azp: 'other-app' });
    expect(await reasonOf(verifier.verify(await signLaunch(key, several)))).toBe('wrong_audience');
  });

  it('an expired token (past the 5 s tolerance)', async () => {
    const { key, verifier } = await setup();
    const now = Math.floor(Date.now() / 1000);
    const token = await signLaunch(key, launchClaims({ iat: now - 600, exp: now - 6 }));
    expect(await reasonOf(verifier.verify(token))).toBe('expired');
  });

  it('a token not valid yet (nbf ahead)', async () => {
    const { key, verifier } = await setup();
    const token = await signLaunch(key, launchClaims({ nbf: Math.floor(Date.now() / 1000) + 600 }));
    expect(await reasonOf(verifier.verify(token))).toBe('not_yet_valid');
  });

  it('iat an hour ahead', async () => {
    const { key, verifier } = await setup();
    const now = Math.floor(Date.now() / 1000);
    const token = await signLaunch(key, launchClaims({ iat: now + 3600, exp: now + 7200 }));
    expect(await reasonOf(verifier.verify(token))).toBe('not_yet_valid');
  });

  it('a tampered payload (another sub under the original signature)', async () => {
    const { key, verifier } = await setup();
    const [header, , signature] = (await signLaunch(key)).split('.');
    const forged = b64(JSON.stringify(launchClaims({ sub: 'someone-else' })));
    expect(await reasonOf(verifier.verify(`${header}.${forged}.${signature}`))).toBe('bad_signature');
  });

  it('a token without sub', async () => {
    const { key, verifier } = await setup();
    expect(await reasonOf(verifier.verify(await signLaunch(key, launchClaims({ sub: undefined }))))).toBe(
      'missing_claim',
    );
  });

  it('a token without nonce', async () => {
    const { key, verifier } = await setup();
    expect(await reasonOf(verifier.verify(await signLaunch(key, launchClaims({ nonce: undefined }))))).toBe(
      'missing_claim',
    );
  });

  it('a 120 KB token before parsing it (no key-set fetch)', async () => {
    const { key, server, verifier } = await setup();
    const token = await signLaunch(key, launchClaims({ padding: 'x'.repeat(120 * 1024) }));
    expect(await reasonOf(verifier.verify(token))).toBe('malformed');
    expect(server.fetches).toBe(0);
  });

  it('a replayed nonce: of two concurrent verifications of one token exactly one wins', async () => {
    const { key, verifier } = await setup();
    const token = await signLaunch(key);
    const results = await Promise.allSettled([verifier.verify(token), verifier.verify(token)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as LaunchVerificationError).reason).toBe('replayed');
  });

  it('a token signed by a key the platform does not publish', async () => {
    const { verifier } = await setup();
    const stranger = await makeKey('k1');
    expect(await reasonOf(verifier.verify(await signLaunch(stranger)))).toBe('bad_signature');
  });
});

describe('the key set', () => {
  it('an unknown kid after a rotation is accepted after one refetch', async () => {
    const { key, server, verifier } = await setup();
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    await verifier.verify(await signLaunch(key));
    expect(server.fetches).toBe(1);
    vi.setSystemTime(Date.now() + 31_000);
    const rotated = await makeKey('k2');
    server.keys = [rotated];
    await expect(verifier.verify(await signLaunch(rotated))).resolves.toBeDefined();
    expect(server.fetches).toBe(2);
  });

  it('a key retired by a rotation stops verifying once the set was fetched again (no remembered key outlives it)', async () => {
    const { key, server, verifier } = await setup();
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    await verifier.verify(await signLaunch(key)); // k1 is now a known key
    await verifier.verify(await signLaunch(key));
    vi.setSystemTime(Date.now() + 31_000);
    const rotated = await makeKey('k2');
    server.keys = [rotated];
    await verifier.verify(await signLaunch(rotated)); // the refetch that retires k1
    expect(server.fetches).toBe(2);
    expect(await reasonOf(verifier.verify(await signLaunch(key)))).toBe('unknown_key');
  });

  it('a flood of random kids makes one fetch per 30 s', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { key, server, verifier } = await setup();
    await verifier.verify(await signLaunch(key));
    await vi.advanceTimersByTimeAsync(31_000);
    // Signed with the platform's own key under kids its key set does not list: only the kid is unknown.
    const tokens = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signLaunch(key, launchClaims(), { kid: `random-${i}` })),
    );
    const reasons = await Promise.all(tokens.map((t) => reasonOf(verifier.verify(t))));
    expect(new Set(reasons)).toEqual(new Set(['unknown_key']));
    expect(server.fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await reasonOf(verifier.verify(await signLaunch(key, launchClaims(), { kid: 'x' })))).toBe(
      'unknown_key',
    );
    expect(server.fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(20_001);
    expect(await reasonOf(verifier.verify(await signLaunch(key, launchClaims(), { kid: 'y' })))).toBe(
      'unknown_key',
    );
    expect(server.fetches).toBe(3);
  });

  it('a key set that hangs is a refusal within the timeout, never a hang', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { key, server, verifier } = await setup();
    server.hang = true;
    const verdict = reasonOf(verifier.verify(await signLaunch(key)));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await verdict).toBe('key_set_unreachable');
  });

  it('a key set that fails or is not a key set is key_set_unreachable', async () => {
    const key = await makeKey('k1');
    const rawResponses = [() => new Response('down', { status: 503 }), () => new Response('<html>')];
    for (const rawResponse of rawResponses) {
      const verifier = verifierFor({ fetch: async () => rawResponse() } as never);
      expect(await reasonOf(verifier.verify(await signLaunch(key)))).toBe('key_set_unreachable');
    }
  });
});

describe('the launch handler refuses', () => {
  const handlerFor = (verifier: ReturnType<typeof verifierFor>) =>
    createLaunchHandler({
      verifier,
      sessionSecret: SESSION_SECRET,
      onLaunch: () => ({ redirectTo: '/lesson' }),
    });

  it('the token in a GET query (405, the token is never read)', async () => {
    const { key, server, verifier } = await setup();
    const token = await signLaunch(key);
    const response = await handlerFor(verifier)(
      new Request(`https://app.example.test/launch?id_token=${token}`),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(server.fetches).toBe(0);
  });

  it('two concurrent posts of one token: one 302, one 401', async () => {
    const { key, verifier } = await setup();
    const token = await signLaunch(key);
    const handler = handlerFor(verifier);
    const post = () =>
      handler(
        new Request('https://app.example.test/launch', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id_token: token }),
        }),
      );
    const statuses = (await Promise.all([post(), post()])).map((r) => r.status).sort();
    expect(statuses).toEqual([302, 401]);
  });

  it('a session cookie signed with another secret (no user)', async () => {
    const { key, verifier } = await setup();
    const response = await handlerFor(verifier)(
      new Request('https://app.example.test/launch', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id_token: await signLaunch(key) }),
      }),
    );
    const cookie = (response.headers.get('set-cookie') as string).split(';')[0] as string;
    const request = new Request('https://app.example.test/lesson', { headers: { cookie } });
    expect(await getLaunchUser(request, { sessionSecret: SESSION_SECRET })).not.toBeNull();
    const other = 'another-secret-of-at-least-32-characters!';
    expect(await getLaunchUser(request, { sessionSecret: other })).toBeNull();
  });
});

describe('no claim of a refused token reaches a log', () => {
  it('neither the logged line nor the error holds the claims', async () => {
    const key = await makeKey('k1');
    const { logger, lines } = recordingLogger();
    const verifier = verifierFor(keySetServer([key]), { logger });
    const secretish = 'student-private@example.test';
    const claims = launchClaims({ iss: 'https://evil.example.test', email: secretish, sub: 'sub-SECRET-1' });
    const error = await verifier.verify(await signLaunch(key, claims)).catch((e: unknown) => e);
    const seen = [...lines, String(error), JSON.stringify(error), (error as Error).stack ?? ''].join('\n');
    expect(lines).toHaveLength(1);
    for (const value of [secretish, 'sub-SECRET-1', 'evil.example.test', claims.nonce as string])
      expect(seen).not.toContain(value);
    expect(seen).toContain(ISSUER);
  });
});
