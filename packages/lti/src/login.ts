import { ValidationError } from '@learnkit/core';
import { base64url, readSignedValue, type SigningSecrets, signValue } from './signed-token';

/**
 * The third-party-initiated login of LTI 1.3 core (5.1.1) for a platform that starts its launches with one: the
 * platform's OIDC authorization endpoint, where the handler sends the browser with `state` and `nonce`.
 */
export interface LoginInitiationOptions {
  /** The platform's OIDC authorization endpoint (its "auth login URL"). */
  authUrl: string;
  /** The client id the platform gave your app (default: the verifier's audience). */
  clientId?: string | undefined;
  /** How long the browser has from the login to the launch (default 600 s). */
  stateTtlSec?: number | undefined;
}

/** What the state carries: the nonce the token must echo, and where the launch should land. */
export interface LoginState {
  /** The nonce the launch token must carry. */
  nonce: string;
  /** Where the login asked the launch to land. */
  targetLinkUri: string;
  /** When the state expires, in seconds since the epoch. */
  exp: number;
}

const PURPOSE = 'learnkit-lti-state';

export function checkLoginOptions(login: LoginInitiationOptions | undefined): void {
  if (login === undefined) return;
  if (typeof login?.authUrl !== 'string' || !URL.canParse(login.authUrl)) {
    throw new ValidationError([
      {
        path: ['login', 'authUrl'],
        message: "must be the platform's OIDC authorization endpoint (https://...)",
      },
    ]);
  }
}

/** Whether `params` is a login initiation (`iss` and `login_hint`, no `id_token`). */
export function isLoginInitiation(params: URLSearchParams): boolean {
  return params.has('iss') && params.has('login_hint') && !params.has('id_token');
}

/**
 * The 302 to the platform's authorization endpoint for a login initiation, or a 400 naming what is wrong. The state
 * is signed, not stored: the return is checked without a server-side session (docs/decisions.md#d-lti-login-state).
 */
export async function respondToLoginInitiation(
  request: Request,
  params: URLSearchParams,
  settings: { login: LoginInitiationOptions; issuer: string; clientId: string; secrets: SigningSecrets },
): Promise<Response> {
  const problem = (message: string) =>
    new Response(`Login initiation refused: ${message}\n`, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  if (params.get('iss') !== settings.issuer) return problem('iss is not the platform this app is set up for');
  const clientId = params.get('client_id');
  if (clientId !== null && clientId !== settings.clientId) return problem('client_id is not this app');
  const here = new URL(request.url);
  const target = params.get('target_link_uri') ?? `${here.origin}/`;
  if (!URL.canParse(target) || new URL(target).origin !== here.origin)
    return problem('target_link_uri is not an address of this app');
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(24)));
  const ttlSec = settings.login.stateTtlSec ?? 600;
  const state: LoginState = { nonce, targetLinkUri: target, exp: Math.floor(Date.now() / 1000) + ttlSec };
  const auth = new URL(settings.login.authUrl);
  const query = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: settings.clientId,
    redirect_uri: `${here.origin}${here.pathname}`,
    login_hint: params.get('login_hint') as string,
    state: await signValue(PURPOSE, state, settings.secrets),
    nonce,
  };
  for (const [name, value] of Object.entries(query)) auth.searchParams.set(name, value);
  const messageHint = params.get('lti_message_hint');
  if (messageHint !== null) auth.searchParams.set('lti_message_hint', messageHint);
  return new Response(null, { status: 302, headers: { location: auth.href, 'cache-control': 'no-store' } });
}

/** The state of a launch's return, when this app signed it and it has not expired. */
export async function readLoginState(
  state: string,
  secrets: SigningSecrets,
): Promise<LoginState | undefined> {
  if (state.length > 4096) return undefined;
  const value = (await readSignedValue(PURPOSE, state, secrets)) as LoginState | undefined;
  if (typeof value?.nonce !== 'string' || typeof value.exp !== 'number') return undefined;
  return value.exp > Math.floor(Date.now() / 1000) ? value : undefined;
}
