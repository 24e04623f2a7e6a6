import { ValidationError } from '@learnkit/core';
import { PayloadTooLargeError, readBodyWithLimit } from '@learnkit/core/internal';
import type { Launch } from './claims';
import { LaunchVerificationError, type LaunchVerificationReason } from './errors';
import {
  checkLoginOptions,
  isLoginInitiation,
  type LoginInitiationOptions,
  readLoginState,
  respondToLoginInitiation,
} from './login';
import {
  DEFAULT_SESSION_COOKIE,
  DEFAULT_SESSION_TTL_SEC,
  getLaunchUser,
  type LaunchUser,
  type SessionSecret,
  sessionCookie,
  sessionSecretsOf,
} from './session';
import type { LaunchVerifier } from './verifier';

/** What `onLaunch` responds: where to send the student (302), or a whole response of your own. */
export type LaunchOutcome =
  | {
      /** Where the student lands: the `Location` of the 302. */
      redirectTo: string;
    }
  | Response;

/** Options of {@link createLaunchHandler}. */
export interface LaunchHandlerOptions {
  /** The verifier of the platform's launch tokens (`createLaunchVerifier` or `lk.lti`). */
  verifier: Pick<LaunchVerifier, 'verify' | 'issuer' | 'audience'>;
  /** Runs after a launch is verified: provision the student, then say where they land. */
  onLaunch: (launch: Launch, request: Request) => LaunchOutcome | Promise<LaunchOutcome>;
  /** The secret(s) of the session cookie, each at least 32 characters; several while rotating (newest first). */
  sessionSecret: SessionSecret;
  /** How long the session lasts (default 8 h). */
  sessionTtlSec?: number | undefined;
  /** The cookie's name (default `__Host-learnkit-lti`). */
  cookieName?: string | undefined;
  /** response the third-party-initiated login of LTI 1.3 too (platforms such as Canvas and Moodle start with it). */
  login?: LoginInitiationOptions | undefined;
}

/** A web-standard launch endpoint, with the reader of the session it sets. */
export interface LaunchHandler {
  (request: Request): Promise<Response>;
  /** The signed-in student of `request` (its session cookie), or null: `createActivityServer({ getUser })`. */
  getLaunchUser(request: Request): Promise<LaunchUser | null>;
}

/** The largest form body read: a 64 KB token and its field names. */
const MAX_FORM_BYTES = 96 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** What each reason is, in words a student's browser may show: the class of the problem, never the token. */
const REASON_CLASS: Record<LaunchVerificationReason, string> = {
  expired: 'the launch has expired',
  not_yet_valid: 'the launch is not valid yet',
  wrong_issuer: 'the launch comes from another platform',
  wrong_audience: 'the launch is meant for another app',
  bad_signature: 'the launch signature is not valid',
  algorithm_not_allowed: 'the launch is signed with an algorithm this app refuses',
  replayed: 'the launch was used already',
  unknown_key: 'the launch is signed with a key the platform does not publish',
  key_set_unreachable: "the platform's keys could not be read",
  malformed: 'the launch is not a valid LTI launch',
  missing_claim: 'the launch lacks a required claim',
};

function page(status: number, title: string, text: string, headers: Record<string, string> = {}): Response {
  const body = `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p>\n`;
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

const refused = (reason: LaunchVerificationReason) =>
  page(401, 'Launch refused', `${REASON_CLASS[reason]} (${reason}). Open the app again from the platform.`);

function checkOptions(options: LaunchHandlerOptions) {
  if (typeof options?.verifier?.verify !== 'function')
    throw new ValidationError([
      { path: ['verifier'], message: 'must be createLaunchVerifier(...) or lk.lti' },
    ]);
  if (typeof options.onLaunch !== 'function')
    throw new ValidationError([
      { path: ['onLaunch'], message: 'must be a function (launch, request) => { redirectTo } | Response' },
    ]);
  checkLoginOptions(options.login);
}

async function readForm(request: Request): Promise<URLSearchParams | Response> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_TYPE)
    return page(415, 'Unsupported launch', `a launch is a form post (${FORM_TYPE}) with the field id_token.`);
  try {
    const bytes = await readBodyWithLimit(
      request.body,
      MAX_FORM_BYTES,
      request.headers.get('content-length'),
    );
    return new URLSearchParams(new TextDecoder().decode(bytes));
  } catch (error) {
    if (error instanceof PayloadTooLargeError) return refused('malformed');
    throw error;
  }
}

/** The response of `onLaunch`'s outcome with the session cookie set. */
function withSession(outcome: LaunchOutcome, cookie: string): Response {
  if (outcome instanceof Response) {
    const response = new Response(outcome.body, outcome);
    response.headers.append('set-cookie', cookie);
    return response;
  }
  if (typeof outcome?.redirectTo !== 'string')
    throw new TypeError('onLaunch must return { redirectTo: string } or a Response');
  return new Response(null, {
    status: 302,
    headers: { location: outcome.redirectTo, 'set-cookie': cookie, 'cache-control': 'no-store' },
  });
}

/**
 * The launch endpoint: a form POST of `id_token` is verified, the student signed in with a signed cookie (HttpOnly,
 * Secure, SameSite=None and Partitioned, so it works inside the platform's iframe) and sent on with a 302. A refusal
 * is a 401 page naming the reason's class; another method is a 405 (a token in a GET query is never read) and
 * another content type a 415. With `login`, it also returns the third-party-initiated login.
 *
 * @example
 * const launch = createLaunchHandler({
 *   verifier,
 *   sessionSecret: process.env.LTI_SESSION_SECRET!,
 *   onLaunch: async (launch) => ({ redirectTo: '/lesson' }),
 * });
 * export const POST = launch; // a Next.js route handler
 */
export function createLaunchHandler(options: LaunchHandlerOptions): LaunchHandler {
  checkOptions(options);
  const secrets = sessionSecretsOf(options.sessionSecret);
  const cookieName = options.cookieName ?? DEFAULT_SESSION_COOKIE;
  const ttlSec = options.sessionTtlSec ?? DEFAULT_SESSION_TTL_SEC;
  const { verifier, login } = options;
  const allow = login ? 'GET, POST' : 'POST';
  const loginSettings = login && {
    login,
    issuer: verifier.issuer,
    clientId: login.clientId ?? verifier.audience,
    secrets,
  };

  const launch = async (request: Request, form: URLSearchParams): Promise<Response> => {
    const idToken = form.get('id_token');
    if (idToken === null) return refused('malformed');
    let expectedNonce: string | undefined;
    if (login) {
      const state = form.get('state');
      const found = state === null ? undefined : await readLoginState(state, secrets);
      if (!found) return refused('malformed');
      expectedNonce = found.nonce;
    }
    let verified: Launch;
    try {
      verified = await verifier.verify(idToken, { expectedNonce });
    } catch (error) {
      if (error instanceof LaunchVerificationError) return refused(error.reason);
      throw error;
    }
    const cookie = await sessionCookie(verified, secrets, { cookieName, ttlSec });
    return withSession(await options.onLaunch(verified, request), cookie);
  };

  const handler = async (request: Request): Promise<Response> => {
    const method = request.method.toUpperCase();
    if (method === 'GET' && loginSettings) {
      const query = new URL(request.url).searchParams;
      if (isLoginInitiation(query)) return respondToLoginInitiation(request, query, loginSettings);
    }
    if (method !== 'POST')
      return page(405, 'Method not allowed', 'a launch is a form POST of id_token.', { allow });
    const form = await readForm(request);
    if (form instanceof Response) return form;
    if (loginSettings && isLoginInitiation(form))
      return respondToLoginInitiation(request, form, loginSettings);
    return launch(request, form);
  };
  return Object.assign(handler, {
    getLaunchUser: (request: Request) => getLaunchUser(request, { sessionSecret: secrets, cookieName }),
  });
}
