import { describe, expect, it } from 'vitest';
import { tokenSealer } from '../src/auth/token-seal';

// The sealing of a token kept in a store other processes share (docs/decisions.md#d-shared-token-sealed): the
// behaviour across processes is tested in packages/sdk/test/shared-token-cache.test.ts and shared-tokens.test.ts.

const IDENTITY = 'https://api.example.com/auth/1.0/token\nclient-abc\n';
const record = { token: 'eyJhbGciOi.the-token', expiresAt: 1_700_003_600_000, refreshAt: 1_700_003_540_000 };

describe('tokenSealer', () => {
  it('names the credentials by a keyed hash: the same for the same secret, another for another secret or identity', () => {
    const a = tokenSealer(IDENTITY, 'secret-1');
    expect(a.id).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenSealer(IDENTITY, 'secret-1').id).toBe(a.id);
    expect(tokenSealer(IDENTITY, 'secret-2').id).not.toBe(a.id);
    expect(tokenSealer(`${IDENTITY}roster.readonly`, 'secret-1').id).not.toBe(a.id);
  });

  it('seals a record that opens only with the same secret, identity and key', async () => {
    const sealer = tokenSealer(IDENTITY, 'secret-1');
    const sealed = await sealer.seal(record, 'k1');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(sealed).not.toContain('the-token');
    expect(await sealer.seal(record, 'k1')).not.toBe(sealed); // a fresh IV each time
    // Another process holding the secret opens it.
    expect(await tokenSealer(IDENTITY, 'secret-1').open(sealed, 'k1')).toEqual(record);
    // Another secret, another identity, another key, a flipped character, garbage: absent, never a throw.
    expect(await tokenSealer(IDENTITY, 'secret-2').open(sealed, 'k1')).toBeUndefined();
    expect(await tokenSealer(`${IDENTITY}x`, 'secret-1').open(sealed, 'k1')).toBeUndefined();
    expect(await sealer.open(sealed, 'k2')).toBeUndefined();
    // A character of the ciphertext changed (the first of the body: all six of its bits are data).
    const body = sealed.lastIndexOf('.') + 1;
    const flipped = sealed[body] === 'A' ? 'B' : 'A';
    expect(
      await sealer.open(`${sealed.slice(0, body)}${flipped}${sealed.slice(body + 1)}`, 'k1'),
    ).toBeUndefined();
    for (const junk of [null, '', 'v1', 'v2.a.b', 'v1.!!.??', `${sealed}.extra`]) {
      expect(await sealer.open(junk, 'k1')).toBeUndefined();
    }
  });
});
