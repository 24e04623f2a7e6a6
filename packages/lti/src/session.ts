import { ValidationError } from '@learnkit/core';
import type { Launch } from './claims';
import { readSignedValue, type SigningSecrets, secretsOf, signValue } from './signed-token';

/** The cookie the launch handler sets (`__Host-`: Secure, Path=/, no Domain; docs/decisions.md#d-lti-session-cookie). */
export const DEFAULT_SESSION_COOKIE = '__Host-learnkit-lti';

/** The default session lifetime: 8 hours, a school day. */
export const DEFAULT_SESSION_TTL_SEC = 8 * 3600;

/** The secret(s) of the session cookie: one, or several while rotating (the first signs, every one verifies). */
export type SessionSecret = string | readonly string[];

/**
 * The signed-in student as the activity server takes them (`createActivityServer({ getUser })`): `platformId` is the
 * launch's `sub`, so the actor needs no roster look-up.
 */
export interface LaunchUser {
  /** The launch's `email`, or `<sub>@launch.invalid` when the platform sent none (docs/decisions.md#d-lti-launch-user). */
  email: string;
  /** The launch's `sub`: the actor of the activity and of every Caliper event. */
  platformId: string;
  /** The student's name, when the launch had one. */
  name?: string | undefined;
  /** `student`, `instructor`, ... from the first LTI role, when there is one. */
  role?: string | undefined;
}

/** Options of {@link getLaunchUser}. */
export interface LaunchSessionOptions {
  /** The secret(s) the launch handler signs with, each at least 32 characters. */
  sessionSecret: SessionSecret;
  /** The cookie's name (default `__Host-learnkit-lti`). */
  cookieName?: string | undefined;
}

interface SessionValue {
  u: LaunchUser;
  iss: string;
  exp: number;
}

const PURPOSE = 'learnkit-lti-session';

export function sessionSecretsOf(option: unknown): SigningSecrets {
  const secrets = secretsOf(option);
  if (!secrets) {
    throw new ValidationError([
      {
        path: ['sessionSecret'],
        message:
          'must be a secret of at least 32 characters, or a list of them while rotating (newest first); e.g. openssl rand -base64 32',
      },
    ]);
  }
  return secrets;
}

/** The short role of an LTI role URI (`...membership#Learner` -> `learner`). */
function roleOf(roles: readonly string[]): string | undefined {
  const first = roles[0];
  if (first === undefined) return undefined;
  const name = first.slice(Math.max(first.lastIndexOf('#'), first.lastIndexOf('/')) + 1).toLowerCase();
  return name === 'learner' ? 'student' : name || undefined;
}

/** The user a verified launch signs in. */
export function launchUserOf(launch: Launch): LaunchUser {
  return {
    email: launch.email ?? `${encodeURIComponent(launch.platformUserId)}@launch.invalid`,
    platformId: launch.platformUserId,
    name: launch.name,
    role: roleOf(launch.roles),
  };
}

/** The `Set-Cookie` value of a session for `launch`. */
export async function sessionCookie(
  launch: Launch,
  secrets: SigningSecrets,
  settings: { cookieName: string; ttlSec: number },
): Promise<string> {
  const value: SessionValue = {
    u: launchUserOf(launch),
    iss: launch.issuer,
    exp: Math.floor(Date.now() / 1000) + settings.ttlSec,
  };
  const signed = await signValue(PURPOSE, value, secrets);
  return `${settings.cookieName}=${signed}; Path=/; Max-Age=${settings.ttlSec}; HttpOnly; Secure; SameSite=None; Partitioned`;
}

/** The value of cookie `name` in a `Cookie` header. */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function isSessionValue(value: unknown): value is SessionValue {
  const v = value as SessionValue | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.exp === 'number' &&
    typeof v.u?.platformId === 'string' &&
    typeof v.u.email === 'string'
  );
}

/**
 * The student the launch handler signed in on this browser, from its signed session cookie; `null` when there is no
 * cookie, it is expired, or no given secret signed it. Plugs into the activity server as it is:
 * `createActivityServer({ client, getUser: (request) => getLaunchUser(request, { sessionSecret }) })`.
 *
 * @example
 * const user = await getLaunchUser(request, { sessionSecret: process.env.LTI_SESSION_SECRET! });
 * if (!user) return new Response('Launch the app from the platform', { status: 401 });
 */
export async function getLaunchUser(
  request: Request,
  options: LaunchSessionOptions,
): Promise<LaunchUser | null> {
  const secrets = sessionSecretsOf(options?.sessionSecret);
  const raw = cookieValue(request.headers.get('cookie'), options.cookieName ?? DEFAULT_SESSION_COOKIE);
  if (raw === undefined || raw.length > 8192) return null;
  const value = await readSignedValue(PURPOSE, raw, secrets);
  if (!isSessionValue(value) || value.exp <= Math.floor(Date.now() / 1000)) return null;
  return { ...value.u };
}
