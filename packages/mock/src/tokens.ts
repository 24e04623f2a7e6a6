import type { Core } from './core.js';
import { HttpError } from './internal/http-error.js';
import { randomHex, randomId } from './internal/random.js';
import type { Developer, IssuedToken, MockClient } from './state.js';

/** Who is calling, after the bearer token checked out. */
export type Principal =
  | { kind: 'client'; client: MockClient; token: IssuedToken }
  | { kind: 'developer'; developer: Developer; token: IssuedToken };

/** Base64url without padding (RFC 4648 section 5) of a binary string. */
export const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * Issues and records a token living `ttlSec` from now: a client's for `scopes` (a subset of its grant), or a
 * developer's single-sign-on token (`scopes` empty: they do not apply). It is JWT-shaped, but the mock recognises it
 * by value, not by its signature.
 */
export function issueToken(
  core: Core,
  holder: MockClient | Developer,
  scopes: string[],
  endpoint: string,
  ttlSec = core.options.tokenTtlSec,
): IssuedToken {
  const issuedAt = core.clock.now();
  const expiresAt = issuedAt + ttlSec * 1000;
  const jti = randomId();
  const { authUrl } = core.options;
  const claims =
    'clientId' in holder
      ? {
          iss: authUrl,
          sub: holder.clientId,
          client_id: holder.clientId,
          tenant: holder.tenantId,
          scope: scopes.join(' '),
        }
      : { iss: `${authUrl}/sso`, sub: holder.id, email: holder.email };
  const payload = { ...claims, iat: Math.floor(issuedAt / 1000), exp: Math.floor(expiresAt / 1000), jti };
  const token = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.${base64url(randomHex(32))}`;
  const issued: IssuedToken = {
    token,
    jti,
    ...('clientId' in holder
      ? { kind: 'client', clientId: holder.clientId }
      : { kind: 'developer', developerId: holder.id }),
    scopes,
    issuedAt,
    expiresAt,
    revoked: false,
    endpoint,
  };
  core.state.tokens.push(issued);
  core.tokensByValue.set(token, issued);
  return issued;
}

/** The caller of a request: 401 for a missing, unknown, expired or revoked bearer token. */
export function authenticate(core: Core, request: Request): Principal {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new HttpError(401, 'A bearer access token is required.', undefined, {
      'www-authenticate': 'Bearer',
    });
  const token = core.tokensByValue.get(match[1]!);
  const invalid = (why: string) =>
    new HttpError(401, `The access token is ${why}.`, undefined, {
      'www-authenticate': `Bearer error="invalid_token", error_description="token ${why}"`,
    });
  if (!token) throw invalid('invalid');
  if (token.revoked) throw invalid('revoked');
  if (core.clock.now() >= token.expiresAt) throw invalid('expired');
  if (token.kind === 'developer') {
    const developer = core.state.developers.get(token.developerId!);
    if (!developer) throw invalid('invalid');
    return { kind: 'developer', developer, token };
  }
  const client = core.state.clients.get(token.clientId!);
  if (!client) throw invalid('invalid');
  return { kind: 'client', client, token };
}

/** A client-credentials caller holding `scope`; a developer token or a missing scope is a 403. */
export function requireClient(principal: Principal, scope?: string): Extract<Principal, { kind: 'client' }> {
  if (principal.kind !== 'client') {
    throw new HttpError(403, 'A developer token is accepted only by the webhook subscription operations.');
  }
  if (scope && !principal.token.scopes.includes(scope)) {
    throw new HttpError(403, `The access token lacks the scope ${scope}.`, undefined, {
      'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
    });
  }
  return principal;
}
