import { ENVIRONMENTS } from '@learnkit/core/internal';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import type { Core } from './core.js';

// The mock as the launching platform of the LTI launch (integration level 2): its own signing keys, the key set at
// `/.well-known/jwks.json` (stated by openapi/lti.yaml), launch tokens and the auto-submitting form the platform's
// front end posts, key rotation, and the faults partners test their launch endpoint with
// (docs/decisions.md#d-mock-lti-launcher).

/** A fault of one launch, for a partner's own tests of their launch endpoint. */
export type LaunchFault = 'expired' | 'wrong_audience' | 'unknown_key' | 'replay';

/** What `platform.lti.launch` takes. */
export type MockLaunchInput = {
  /** The student: a user's `sourcedId` (e.g. `platform.fixtures.roster.student.sourcedId`). */
  user: string;
  /** The app's launch URL: where the form posts, and the token's `target_link_uri`. */
  targetLinkUri: string;
  /** The `aud` (default: the seeded application's client id, "the audience of the LTI JWTs"). */
  audience?: string;
  /** A fault to inject into this launch. */
  fault?: LaunchFault;
  /** More claims, merged over the ones the mock writes. */
  claims?: Record<string, unknown>;
};

/** A launch the mock made. */
export type MockLaunch = {
  /** The signed ID token. */
  idToken: string;
  /** The page that form-POSTs `id_token` to `targetLinkUri` when a browser opens it. */
  html: string;
  /** The token's claims. */
  claims: Record<string, unknown>;
};

/** The mock's LTI side: `platform.lti`. */
export type MockLti = {
  /** The `iss` of its launch tokens: the environment preset's when the base URL is one's, else the base URL. */
  readonly issuer: string;
  /** `${baseUrl}/.well-known/jwks.json`. */
  readonly jwksUrl: string;
  /** Signs a launch for `user` to `targetLinkUri` (an RS256 token) and the form that posts it. */
  launch(input: MockLaunchInput): Promise<MockLaunch>;
  /** A new signing key: the key set lists it first and keeps the previous one unless `dropPrevious`. */
  rotateKey(options?: {
    /** Drop the previous key from the set at once (default: keep it beside the new one). */
    dropPrevious?: boolean;
  }): Promise<{
    /** The new key's id. */
    kid: string;
  }>;
  /** The public key set, as `/.well-known/jwks.json` responds to it. */
  keySet(): Promise<{
    /** The public keys, newest first. */
    keys: PublicJwk[];
  }>;
};

/**
 * A public key of the key set, as JSON (RFC 7517). The package's own type, so the declarations name nothing of
 * jose, an ES module that CommonJS type-checking could not import.
 */
export interface PublicJwk {
  /** The key type (`RSA`). */
  kty?: string | undefined;
  /** The key's id, the `kid` of the tokens it signed. */
  kid?: string | undefined;
  /** The algorithm (`RS256`). */
  alg?: string | undefined;
  /** `sig`. */
  use?: string | undefined;
  /** The RSA modulus, base64url. */
  n?: string | undefined;
  /** The RSA public exponent, base64url. */
  e?: string | undefined;
}

type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';

/** The issuer of the preset whose API is at `baseUrl`, else `baseUrl` itself (docs/decisions.md#d-lti-defaults). */
export function issuerFor(baseUrl: string): string {
  const preset = Object.values(ENVIRONMENTS).find((environment) => environment.baseUrl === baseUrl);
  return preset?.ltiIssuer ?? baseUrl;
}

async function newKey(): Promise<SigningKey> {
  const kid = `mock-${crypto.randomUUID()}`;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The auto-submitting form the platform's front end posts (`application/x-www-form-urlencoded`, `id_token`). */
export function launchPage(targetLinkUri: string, idToken: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8"><title>Launching the app</title></head><body>',
    `<form id="learnkit-launch" method="post" action="${escapeHtml(targetLinkUri)}">`,
    `<input type="hidden" name="id_token" value="${escapeHtml(idToken)}">`,
    '<noscript><button type="submit">Continue to the app</button></noscript></form>',
    "<script>document.getElementById('learnkit-launch').submit();</script>",
    '</body></html>',
  ].join('\n');
}

/** The claims of a launch of `user` (a roster user) at the mock clock's time. */
function claimsOf(
  core: Core,
  lti: MockLti,
  input: MockLaunchInput,
  audience: string,
): Record<string, unknown> {
  const user = core.state.roster.users.get(input.user);
  if (!user) throw new TypeError(`no user ${input.user} in the roster; pass a user's sourcedId`);
  const now = Math.floor(core.clock.now() / 1000);
  const application = [...core.state.applications.values()][0];
  return {
    iss: lti.issuer,
    aud: audience,
    sub: user.sourcedId,
    iat: now,
    exp: now + 300,
    nonce: crypto.randomUUID(),
    email: user.email,
    name: `${user.givenName} ${user.familyName}`,
    given_name: user.givenName,
    family_name: user.familyName,
    [`${LTI}message_type`]: 'LtiResourceLinkRequest',
    [`${LTI}version`]: '1.3.0',
    [`${LTI}deployment_id`]: application?.sourcedId ?? 'mock-deployment',
    [`${LTI}target_link_uri`]: input.targetLinkUri,
    [`${LTI}resource_link`]: { id: `link-${application?.sourcedId ?? 'mock'}` },
    [`${LTI}roles`]: [LEARNER],
    ...input.claims,
  };
}

/** The mock's LTI launcher over `core` (its keys are made on first use and live as long as the platform). */
export function createMockLti(core: Core, defaultAudience: () => string): MockLti {
  const keys: SigningKey[] = [];
  let ready: Promise<void> | undefined;
  let last: MockLaunch | undefined;
  const ensureKey = () => {
    ready ??= newKey().then((key) => {
      if (keys.length === 0) keys.push(key);
    });
    return ready;
  };
  const sign = (claims: Record<string, unknown>, key: SigningKey) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);

  const lti: MockLti = {
    issuer: core.options.ltiIssuer ?? issuerFor(core.options.baseUrl),
    jwksUrl: `${core.options.baseUrl}/.well-known/jwks.json`,
    async launch(input) {
      if (input.fault === 'replay') {
        if (!last) throw new TypeError('the replay fault repeats the previous launch; launch once first');
        return last;
      }
      if (typeof input?.targetLinkUri !== 'string' || !URL.canParse(input.targetLinkUri))
        throw new TypeError('targetLinkUri must be the absolute URL of the app launch endpoint');
      await ensureKey();
      const audience =
        input.fault === 'wrong_audience' ? 'another-app' : (input.audience ?? defaultAudience());
      const claims = claimsOf(core, lti, input, audience);
      if (input.fault === 'expired')
        Object.assign(claims, { iat: (claims.iat as number) - 900, exp: (claims.iat as number) - 600 });
      const key = input.fault === 'unknown_key' ? await newKey() : (keys[0] as SigningKey);
      const idToken = await sign(claims, key);
      last = { idToken, html: launchPage(input.targetLinkUri, idToken), claims };
      return last;
    },
    async rotateKey(options = {}) {
      await ensureKey();
      const key = await newKey();
      keys.unshift(key);
      if (options.dropPrevious) keys.length = 1;
      else keys.length = Math.min(keys.length, 2);
      return { kid: key.kid };
    },
    async keySet() {
      await ensureKey();
      return { keys: keys.map((key) => key.publicJwk) };
    },
  };
  return lti;
}
