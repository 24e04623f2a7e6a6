import type fc from 'fast-check';
import { onTestFailed } from 'vitest';
import type { MockPlatform } from '../../src/index.js';

/**
 * fast-check parameters of a fuzz property: a fixed number of runs (the run is bounded by its count, never by the
 * clock), a seed that `FUZZ_SEED` (and `FUZZ_PATH`) can replay, and that seed printed if the test fails in any
 * way, a time-out included, where fast-check's own report (which names it too) would not be printed.
 */
export function fuzzParameters<T>(numRuns: number): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Math.random() * 2 ** 31) | 0;
  const path = process.env.FUZZ_PATH;
  onTestFailed(() => {
    console.error(`fuzz seed ${seed}: replay with FUZZ_SEED=${seed}${path ? ` FUZZ_PATH=${path}` : ''}`);
  });
  return { numRuns, seed, ...(path ? { path } : {}) };
}

/** A secret the platform holds, and what a request may carry to be shown it (a one-time claim URL's token). */
export type HeldSecret = { secret: string; unlockedBy: string[] };

/** Every secret the platform holds now: client secrets, signing secrets, pending claims, issued tokens. */
export function secretsOf(platform: MockPlatform): HeldSecret[] {
  const { state } = platform;
  const plain = (secret: string): HeldSecret => ({ secret, unlockedBy: [] });
  return [
    ...[...state.clients.values()].map((client) => plain(client.clientSecret)),
    ...[...state.subscriptions.values()].flatMap((subscription) =>
      subscription.secrets.map((s) => plain(s.secret)),
    ),
    // A claim URL is a capability: whoever holds its token is shown the new secret, once.
    ...[...state.secretClaims.values()].flatMap((claim) => [
      plain(claim.token),
      { secret: claim.clientSecret, unlockedBy: [claim.token] },
    ]),
    ...state.tokens.map((token) => plain(token.token)),
  ];
}

/** The secrets in `output` that `input` neither carried nor held the key to: what the platform revealed. */
export function revealed(secrets: readonly HeldSecret[], input: string, output: string): string[] {
  return secrets
    .filter(
      ({ secret, unlockedBy }) =>
        output.includes(secret) && ![secret, ...unlockedBy].some((key) => input.includes(key)),
    )
    .map(({ secret }) => `${secret.slice(0, 6)}...`);
}
