import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLaunchHandler, getLaunchUser, type LaunchHandlerOptions } from '../src/index';
import {
  AUDIENCE,
  ISSUER,
  keySetServer,
  launchClaims,
  makeKey,
  SESSION_SECRET,
  signLaunch,
  verifierFor,
} from './helpers';

const APP = 'https://app.example.test';
const AUTH_URL = 'https://platform.example.test/auth/authorize';

function post(body: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${APP}/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });
}

async function setup(options: Partial<LaunchHandlerOptions> = {}) {
  const key = await makeKey('k1');
  const verifier = verifierFor(keySetServer([key]));
  const handler = createLaunchHandler({
    verifier,
    sessionSecret: SESSION_SECRET,
    onLaunch: () => ({ redirectTo: '/lesson' }),
    ...options,
  });
  return { key, verifier, handler };
}

const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] as string;

afterEach(() => {
  vi.useRealTimers();
});

describe('createLaunchHandler', () => {
  it('verifies the form post, sets the session cookie for iframes and responds with 302', async () => {
    const { key, handler } = await setup();
    const claims = launchClaims();
    const response = await handler(post({ id_token: await signLaunch(key, claims) }));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/lesson');
    const cookie = response.headers.get('set-cookie') as string;
    expect(cookie).toMatch(/^__Host-learnkit-lti=[\w-]+\.[\w-]+; Path=\/; Max-Age=28800; /);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned'])
      expect(cookie).toContain(attribute);
    const user = await handler.getLaunchUser(
      new Request(`${APP}/lesson`, { headers: { cookie: cookieOf(response) } }),
    );
    expect(user).toEqual({
      email: 'ada@example.test',
      platformId: claims.sub,
      name: 'Ada Lovelace',
      role: 'student',
    });
  });

  it('passes the launch and the request to onLaunch, and adds the cookie to its own Response', async () => {
    const seen: unknown[] = [];
    const { key, handler } = await setup({
      onLaunch: (launch, request) => {
        seen.push(launch.platformUserId, request.url);
        return new Response('welcome', { status: 200 });
      },
    });
    const claims = launchClaims();
    const response = await handler(post({ id_token: await signLaunch(key, claims) }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('welcome');
    expect(response.headers.get('set-cookie')).toContain('__Host-learnkit-lti=');
    expect(seen).toEqual([claims.sub, `${APP}/launch`]);
  });

  it('responds to a refusal with with 401 naming the reason class, never the token', async () => {
    const { key, handler } = await setup();
    const token = await signLaunch(key, launchClaims({ aud: 'other-app' }));
    const response = await handler(post({ id_token: token }));
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    const page = await response.text();
    expect(page).toContain('meant for another app (wrong_audience)');
    expect(page).not.toContain(token.split('.')[1] as string);
    expect((await handler(post({ other: 'x' }))).status).toBe(401);
  });

  it('responds with 405 to another method and 415 to another content type', async () => {
    const { key, handler } = await setup();
    const put = await handler(new Request(`${APP}/launch`, { method: 'PUT', body: 'x' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
    const json = await handler(
      new Request(`${APP}/launch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id_token: await signLaunch(key) }),
      }),
    );
    expect(json.status).toBe(415);
  });

  it('refuses options without a usable session secret, naming the fix', async () => {
    await expect(setup({ sessionSecret: 'short' })).rejects.toThrow(/sessionSecret.*32 characters/);
  });
});

describe('the session', () => {
  it('survives a secret rotation: a cookie of the old secret is read with [new, old]', async () => {
    const { key, handler } = await setup();
    const response = await handler(post({ id_token: await signLaunch(key) }));
    const request = new Request(`${APP}/lesson`, { headers: { cookie: cookieOf(response) } });
    const newer = 'the-new-session-secret-of-32-characters!';
    expect(await getLaunchUser(request, { sessionSecret: [newer, SESSION_SECRET] })).not.toBeNull();
    expect(await getLaunchUser(request, { sessionSecret: newer })).toBeNull();
  });

  it('ends after its lifetime', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const { key, handler } = await setup({ sessionTtlSec: 60 });
    const response = await handler(post({ id_token: await signLaunch(key) }));
    const request = new Request(`${APP}/lesson`, { headers: { cookie: cookieOf(response) } });
    expect(await handler.getLaunchUser(request)).not.toBeNull();
    vi.setSystemTime(Date.now() + 61_000);
    expect(await handler.getLaunchUser(request)).toBeNull();
  });

  it('reads no user from a forged or missing cookie', async () => {
    const { handler } = await setup();
    for (const cookie of ['', '__Host-learnkit-lti=e30.AAAA', '__Host-learnkit-lti=garbage']) {
      expect(await handler.getLaunchUser(new Request(`${APP}/x`, { headers: { cookie } }))).toBeNull();
    }
  });
});

describe('the third-party-initiated login (LTI 1.3 core)', () => {
  async function initiate(handler: Awaited<ReturnType<typeof setup>>['handler']) {
    const query = new URLSearchParams({
      iss: ISSUER,
      login_hint: 'hint-1',
      target_link_uri: `${APP}/lesson`,
      lti_message_hint: 'message-1',
    });
    const response = await handler(new Request(`${APP}/launch?${query}`));
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') as string);
  }

  it('redirects to the auth endpoint with state and nonce, and accepts the return that echoes them', async () => {
    const { key, handler } = await setup({ login: { authUrl: AUTH_URL } });
    const auth = await initiate(handler);
    expect(`${auth.origin}${auth.pathname}`).toBe(AUTH_URL);
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: AUDIENCE,
      redirect_uri: `${APP}/launch`,
      login_hint: 'hint-1',
      lti_message_hint: 'message-1',
    });
    const nonce = auth.searchParams.get('nonce') as string;
    const state = auth.searchParams.get('state') as string;
    const token = await signLaunch(key, launchClaims({ nonce }));
    expect((await handler(post({ id_token: token, state }))).status).toBe(302);
  });

  it('refuses a return without state, with a forged state, or with another nonce', async () => {
    const { key, handler } = await setup({ login: { authUrl: AUTH_URL } });
    const auth = await initiate(handler);
    const state = auth.searchParams.get('state') as string;
    expect((await handler(post({ id_token: await signLaunch(key) }))).status).toBe(401);
    expect((await handler(post({ id_token: await signLaunch(key), state: `${state}x` }))).status).toBe(401);
    expect((await handler(post({ id_token: await signLaunch(key), state }))).status).toBe(401);
  });

  it('refuses a login from another issuer or to another site', async () => {
    const { handler } = await setup({ login: { authUrl: AUTH_URL } });
    const evil = new URLSearchParams({ iss: 'https://evil.test', login_hint: 'h' });
    expect((await handler(new Request(`${APP}/launch?${evil}`))).status).toBe(400);
    const away = new URLSearchParams({ iss: ISSUER, login_hint: 'h', target_link_uri: 'https://evil.test/' });
    expect((await handler(new Request(`${APP}/launch?${away}`))).status).toBe(400);
  });
});
