/**
 * Benchmark of @learnkit/lti against its anchor (not a test; `pnpm bench` imports runLtiBench()).
 *
 * (a) One launch verified by `createLaunchVerifier` with its key set cached (signature, claims, LTI claims, the nonce
 *     claimed in the memory store) against jose's own `jwtVerify` with the same public key held locally (signature
 *     and the standard claims only). RS256, as the platform signs. Each round verifies fresh tokens (a launch needs its
 *     own nonce) with jose, then ours, then jose again; ours is compared with the mean of the two, and the ratio is the
 *     median of the rounds' ratios. Budget: at most 1.2x.
 * (b) 1,000 launches arriving at once after the platform rotated its key (every token signed with the new `kid`):
 *     how many times the key set is fetched for them. Budget: one.
 *
 * Run on its own: `npx tsx --conditions=@learnkit/source packages/lti/bench/run.ts`.
 */
import { performance } from 'node:perf_hooks';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import { type BenchRow, isMain, median } from '../../../bench/support';
import { createLaunchVerifier } from '../src/index';

const ISSUER = 'https://platform.example.test';
const AUDIENCE = 'client-bench';
const JWKS_URL = 'https://platform.example.test/.well-known/jwks.json';

type Key = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

async function newKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

let counter = 0;
async function launchToken(key: Key): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: ISSUER,
    aud: AUDIENCE,
    sub: `student-${counter}`,
    iat: now,
    exp: now + 3600,
    nonce: `nonce-${++counter}`,
    email: 'ada@example.test',
    'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiResourceLinkRequest',
    'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}

/** A key set served by a counting fetch. */
function keySet(keys: Key[]) {
  const served = { keys, fetches: 0 };
  const fetch = async () => {
    served.fetches++;
    await new Promise((resolve) => setTimeout(resolve, 5)); // a network round trip
    return Response.json({ keys: served.keys.map((key) => key.publicJwk) });
  };
  return { served, fetch };
}

/** Time of verifying `tokens` one after another, in microseconds per token. */
async function perToken(tokens: string[], verify: (token: string) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (const token of tokens) await verify(token);
  return ((performance.now() - start) * 1000) / tokens.length;
}

async function verifyCost(rounds: number, perRound: number): Promise<BenchRow[]> {
  const key = await newKey('k1');
  const { fetch } = keySet([key]);
  const verifier = createLaunchVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl: JWKS_URL, fetch });
  const local = await importJWK(key.publicJwk, 'RS256');
  const options = { issuer: ISSUER, audience: AUDIENCE, algorithms: ['RS256'] };
  await verifier.verify(await launchToken(key)); // the key set is fetched and cached
  const ours: number[] = [];
  const jose: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds + 1; round++) {
    const tokens = await Promise.all(Array.from({ length: perRound }, () => launchToken(key)));
    // jose, ours, jose again: ours is compared with the mean of the two around it, so drift (CPU frequency, other
    // processes on a shared machine, GC) hits both alike.
    const before = await perToken(tokens, (t) => jwtVerify(t, local, options));
    const measured = await perToken(tokens, (t) => verifier.verify(t));
    const after = await perToken(tokens, (t) => jwtVerify(t, local, options));
    if (round === 0) continue; // warm-up
    const anchor = (before + after) / 2;
    ours.push(measured);
    jose.push(anchor);
    ratios.push(measured / anchor);
  }
  const ratio = median(ratios);
  return [
    {
      name: "jose's jwtVerify, local key (anchor)",
      value: Math.round(median(jose) * 10) / 10,
      unit: 'µs/launch',
    },
    {
      name: 'createLaunchVerifier, cached key set, nonce claimed',
      value: Math.round(median(ours) * 10) / 10,
      unit: 'µs/launch',
      ratio,
      budget: '<= 1.2x',
      met: ratio <= 1.2,
    },
  ];
}

async function rotationFetches(launches: number): Promise<BenchRow> {
  const old = await newKey('old');
  const { served, fetch } = keySet([old]);
  const verifier = createLaunchVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl: JWKS_URL, fetch });
  await verifier.verify(await launchToken(old));
  const rotated = await newKey('rotated');
  served.keys = [rotated];
  const tokens = await Promise.all(Array.from({ length: launches }, () => launchToken(rotated)));
  // The rotation comes more than 30 s after the first fetch: the clock is moved, not waited for.
  const realNow = Date.now;
  Date.now = () => realNow() + 31_000;
  const before = served.fetches;
  try {
    const results = await Promise.allSettled(tokens.map((token) => verifier.verify(token)));
    const refused = results.filter((result) => result.status === 'rejected').length;
    if (refused > 0) throw new Error(`${refused} of ${launches} launches were refused after the rotation`);
  } finally {
    Date.now = realNow;
  }
  const fetches = served.fetches - before;
  return {
    name: `key-set fetches for ${launches.toLocaleString('en')} concurrent launches after a rotation`,
    value: fetches,
    unit: 'fetches',
    budget: '1',
    met: fetches === 1,
  };
}

/** Options of {@link runLtiBench}. */
export interface LtiBenchOptions {
  /** Measured rounds (default 15). */
  rounds?: number;
  /** Launches verified per round by each (default 200). */
  perRound?: number;
}

/** Runs the benchmark; `budgetsMet` is whether every budget was met. */
export async function runLtiBench(
  options: LtiBenchOptions = {},
): Promise<{ rows: BenchRow[]; budgetsMet: boolean }> {
  const rows = [
    ...(await verifyCost(options.rounds ?? 15, options.perRound ?? 1000)),
    await rotationFetches(1000),
  ];
  return { rows, budgetsMet: rows.every((row) => row.met !== false) };
}

if (isMain(import.meta.url)) {
  const { rows, budgetsMet } = await runLtiBench();
  for (const row of rows) {
    const extra = [
      row.ratio !== undefined && `${row.ratio.toFixed(3)}x`,
      row.budget && `budget ${row.budget}: ${row.met ? 'met' : 'NOT met'}`,
    ]
      .filter(Boolean)
      .join('; ');
    console.log(`${row.name}: ${row.value} ${row.unit}${extra ? ` (${extra})` : ''}`);
  }
  console.log(budgetsMet ? 'all budgets met' : 'some budgets NOT met');
}
