import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

// A token kept in a store other processes share is sealed: the key names the credentials by a keyed hash, and the
// value is AES-256-GCM under a key derived from the client secret, so reading the store alone gives no usable token
// (docs/decisions.md#d-shared-token-sealed).

/** @internal A token as processes share it: the value and its times (ms epoch). */
export interface SharedTokenRecord {
  token: string;
  expiresAt: number;
  refreshAt: number;
}

/** @internal Seals and opens the shared token of one set of credentials. */
export interface TokenSealer {
  /** The keyed hash naming the credentials (hex), the same in every process. */
  readonly id: string;
  /** The record encrypted, bound to `key`. */
  seal(record: SharedTokenRecord, key: string): Promise<string>;
  /** The record sealed under `key`, or undefined (missing, malformed, tampered with, foreign). */
  open(value: string | null, key: string): Promise<SharedTokenRecord | undefined>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const FORMAT = 'v1';

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

function subtle(): SubtleCrypto {
  const found = globalThis.crypto?.subtle;
  if (!found)
    throw new Error('a shared token cache needs Web Crypto (crypto.subtle), which this runtime lacks');
  return found;
}

/**
 * @internal The sealer of the credentials `identity` (token URL, client id and scope) proved by `secret`. The id is
 * HMAC-SHA256 of the identity under the secret; the encryption key is HKDF-SHA256 of the secret, bound to the
 * identity. Both are the same in every process holding the secret, and worthless without it.
 */
export function tokenSealer(identity: string, secret: string): TokenSealer {
  const secretBytes = encoder.encode(secret);
  const id = bytesToHex(
    hmac(sha256, secretBytes, encoder.encode(`learnkit token cache id ${FORMAT}\n${identity}`)),
  );
  let aesKey: Promise<CryptoKey> | undefined;
  const key = (): Promise<CryptoKey> => {
    aesKey ??= (async () => {
      const base = await subtle().importKey('raw', secretBytes, 'HKDF', false, ['deriveKey']);
      return subtle().deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: encoder.encode(`learnkit token cache ${FORMAT}`),
          info: encoder.encode(`aes-256-gcm\n${identity}`),
        },
        base,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      );
    })();
    aesKey.catch(() => {
      aesKey = undefined;
    });
    return aesKey;
  };

  return {
    id,
    async seal(record, storeKey) {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const plain = encoder.encode(
        JSON.stringify({ t: record.token, e: record.expiresAt, r: record.refreshAt }),
      );
      const sealed = await subtle().encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(storeKey) },
        await key(),
        plain,
      );
      return `${FORMAT}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
    },
    async open(value, storeKey) {
      if (typeof value !== 'string') return undefined;
      const [format, iv, body, ...rest] = value.split('.');
      if (format !== FORMAT || !iv || !body || rest.length > 0) return undefined;
      try {
        const plain = await subtle().decrypt(
          { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: encoder.encode(storeKey) },
          await key(),
          fromBase64Url(body),
        );
        const parsed = JSON.parse(decoder.decode(plain)) as { t?: unknown; e?: unknown; r?: unknown };
        const { t, e, r } = parsed;
        if (typeof t !== 'string' || t === '' || typeof e !== 'number' || typeof r !== 'number')
          return undefined;
        return { token: t, expiresAt: e, refreshAt: r };
      } catch {
        // Not ours (another secret), tampered with, or not base64: as good as absent; a fresh token replaces it.
        return undefined;
      }
    },
  };
}
