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

/** A JWT-shaped token (header.payload.signature); the mock recognises it by value, not by its signature. */
function jwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.${base64url(randomHex(32))}`;
}

/** Issues and records a token living `ttlSec` from now; `claims` come before the `iat`, `exp` and `jti` claims. */
function issue(
  core: Core,
  ttlSec: number,
  claims: Record<string, unknown>,
  holder: Pick<IssuedToken, 'kind' | 'clientId' | 'developerId' | 'scopes'>,
  endpoint: string,
): IssuedToken {
  const issuedAt = core.clock.now();
  const expiresAt = issuedAt + ttlSec * 1000;
  const jti = randomId();
  const token = jwt({ ...claims, iat: Math.floor(issuedAt / 1000), exp: Math.floor(expiresAt / 1000), jti });
  const issued: IssuedToken = { token, jti, ...holder, issuedAt, expiresAt, revoked: false, endpoint };
  core.state.tokens.push(issued);
  core.tokensByValue.set(token, issued);
  return issued;
}

/** Issues a client-credentials token for `scopes` (a subset of the client's grant). */
export function issueClientToken(
  core: Core,
  client: MockClient,
  scopes: string[],
  endpoint: string,
): IssuedToken {
  return issue(
    core,
    core.options.tokenTtlSec,
    {
      iss: core.options.authUrl,
      sub: client.clientId,
      client_id: client.clientId,
      tenant: client.tenantId,
      scope: scopes.join(' '),
    },
    { kind: 'client', clientId: client.clientId, scopes },
    endpoint,
  );
}

/** Issues a developer single-sign-on token (scopes do not apply to it). */
export function issueDeveloperToken(
  core: Core,
  developer: Developer,
  ttlSec = core.options.tokenTtlSec,
): IssuedToken {
  return issue(
    core,
    ttlSec,
    { iss: `${core.options.authUrl}/sso`, sub: developer.id, email: developer.email },
    { kind: 'developer', developerId: developer.id, scopes: [] },
    'developer-sso',
  );
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
