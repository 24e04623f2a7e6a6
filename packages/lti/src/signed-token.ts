// Values signed with HMAC-SHA256 by Web Crypto (Node, Bun, Deno, workers alike): the session cookie and the login
// state. Each use signs under its own purpose, so a state can never be replayed as a session (or the reverse).

const encoder = /* @__PURE__ */ new TextEncoder();
const decoder = /* @__PURE__ */ new TextDecoder();

/** The secrets that sign and verify: the first signs, every one verifies (rotation). */
export type SigningSecrets = readonly string[];

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    // A handful of secrets per process; the map is bounded by what the app configures.
    keys.set(secret, key);
  }
  return key;
}

/** `purpose.payload` signed with the first secret: `<payload>.<signature>`, both base64url. */
export async function signValue(purpose: string, value: unknown, secrets: SigningSecrets): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify(value)));
  const signature = await crypto.subtle.sign(
    'HMAC',
    await keyOf(secrets[0] as string),
    encoder.encode(`${purpose}.${payload}`),
  );
  return `${payload}.${base64url(new Uint8Array(signature))}`;
}

/** The value of a token {@link signValue} made with any of `secrets` for `purpose`, else undefined. */
export async function readSignedValue(
  purpose: string,
  token: string,
  secrets: SigningSecrets,
): Promise<unknown | undefined> {
  const [payload, signatureText, extra] = token.split('.');
  if (payload === undefined || signatureText === undefined || extra !== undefined) return undefined;
  const signature = fromBase64url(signatureText);
  const bytes = fromBase64url(payload);
  if (!signature || !bytes) return undefined;
  const data = encoder.encode(`${purpose}.${payload}`);
  for (const secret of secrets) {
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', await keyOf(secret), signature as BufferSource, data)) {
      try {
        return JSON.parse(decoder.decode(bytes));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Secrets from the option: one string or several (newest first); each at least 32 characters. */
export function secretsOf(option: unknown): SigningSecrets | undefined {
  const list = typeof option === 'string' ? [option] : Array.isArray(option) ? option : undefined;
  if (!list || list.length === 0) return undefined;
  return list.every((secret) => typeof secret === 'string' && secret.length >= 32) ? list : undefined;
}
