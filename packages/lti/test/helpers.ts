import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { createLaunchVerifier, type LaunchVerifierOptions, LTI_CLAIM } from '../src/index';

export const ISSUER = 'https://platform.example.test';
export const AUDIENCE = 'client-123';
export const JWKS_URL = 'https://platform.example.test/.well-known/jwks.json';
export const SESSION_SECRET = 'a-session-secret-of-at-least-32-characters';

/** One signing key of the test platform, with its public JWK. */
export interface TestKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function makeKey(kid: string, alg: 'RS256' | 'ES256' = 'RS256'): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicJwk };
}

/** A platform's key set served by a counting `fetch`; `keys` may be replaced (a rotation). */
export function keySetServer(initial: TestKey[]) {
  const server = {
    keys: initial,
    fetches: 0,
    /** When set, the fetch never returns (until its signal aborts). */
    hang: false,
    fetch: async (url: string, init?: RequestInit): Promise<Response> => {
      server.fetches++;
      if (url !== JWKS_URL) return new Response('not found', { status: 404 });
      if (server.hang) {
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        });
      }
      return Response.json({ keys: server.keys.map((key) => key.publicJwk) });
    },
  };
  return server;
}

let nonces = 0;

/** The claims of a valid launch at the current time. */
export function launchClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'f3a1c2d4-0000-4000-8000-000000000001',
    iat: now,
    exp: now + 300,
    nonce: `nonce-${++nonces}-${Math.random()}`,
    email: 'ada@example.test',
    name: 'Ada Lovelace',
    given_name: 'Ada',
    family_name: 'Lovelace',
    [LTI_CLAIM.messageType]: 'LtiResourceLinkRequest',
    [LTI_CLAIM.version]: '1.3.0',
    [LTI_CLAIM.deploymentId]: 'deployment-1',
    [LTI_CLAIM.targetLinkUri]: 'https://app.example.test/lesson',
    [LTI_CLAIM.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    [LTI_CLAIM.resourceLink]: { id: 'link-1', title: 'Fractions' },
    [LTI_CLAIM.context]: { id: 'class-1', label: 'MATH-5', title: 'Math 5' },
    ...overrides,
  };
}

/** `claims` signed with `key` (header `kid` and `alg` from the key unless given). */
export async function signLaunch(
  key: TestKey,
  claims: Record<string, unknown> = launchClaims(),
  header: Record<string, unknown> = {},
): Promise<string> {
  const clean = Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
  return new SignJWT(clean)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT', ...header } as never)
    .sign(key.privateKey);
}

/** A verifier of the test platform, reading its key set through `server.fetch`. */
export function verifierFor(
  server: ReturnType<typeof keySetServer>,
  options: Partial<LaunchVerifierOptions> = {},
) {
  return createLaunchVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    jwksUrl: JWKS_URL,
    fetch: server.fetch,
    ...options,
  });
}

/** base64url of a string (for hand-made tokens). */
export const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64url');
