// The client side of the runtime matrix: run by Node 20/22/24, Bun and Deno against the PACKED packages, from
// inside the scratch project they are installed in (scripts/runtimes/run.ts copies it there), talking to a
// loopback mock platform that run.ts started on Node 20; and in workerd, imported by the Worker of worker.mjs
// (bundled from the same project). Plain JavaScript on purpose: every runtime runs it as is, without a TypeScript
// step; `@learnkit/*` resolve from node_modules as in a user's project.
//
// Input: the JSON of LEARNKIT_SMOKE (base URL, credentials, ids, the sample Caliper input). Output: one JSON line
// { ok, runtime, checks: [{ name, ok, ms, detail }] }; exit code 0 when every check passed. In a Worker, `smoke`
// returns that report and the Worker responds to it.

import * as caliper from '@learnkit/activity/caliper';
import * as core from '@learnkit/core';
import * as sdk from '@learnkit/sdk';

const { LearnKit, verifyWebhook, signWebhook, WebhookVerificationError, createWebhookHandler } = sdk;

// workerd (a Cloudflare Worker): with nodejs_compat it has `process.versions.node` too, so it is told apart first.
const isWorker = globalThis.navigator?.userAgent === 'Cloudflare-Workers';

function readEnv(name) {
  if (globalThis.Deno) return globalThis.Deno.env.get(name);
  return globalThis.process?.env?.[name];
}

function runtimeName() {
  if (isWorker) return 'workerd';
  if (globalThis.Deno) return `deno ${globalThis.Deno.version.deno}`;
  if (globalThis.Bun) return `bun ${globalThis.Bun.version}`;
  return `node ${globalThis.process.versions.node}`;
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Runs every check against the platform `input` names; resolves with the report. */
export async function smoke(input) {
  const checks = [];
  async function check(name, run) {
    const started = performance.now();
    try {
      const detail = await run();
      checks.push({ name, ok: true, ms: Math.round(performance.now() - started), detail: detail ?? '' });
    } catch (error) {
      checks.push({
        name,
        ok: false,
        ms: Math.round(performance.now() - started),
        detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  }

  const lk = new LearnKit({
    baseUrl: input.baseUrl,
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    retry: { initialDelayMs: 50, maxDelayMs: 200 },
    env: {},
    logger: false,
  });

  await check('token', async () => {
    const auth = core.clientCredentials({
      tokenUrl: `${input.baseUrl}/auth/1.0/token`,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      style: 'basic',
      cache: core.createTokenCache(),
    });
    const token = await auth.getToken();
    assert(typeof token === 'string' && token.length > 10, 'no access token');
    assert(!String(auth).includes(input.clientSecret), 'String(provider) shows the secret');
    assert(!JSON.stringify(lk).includes(input.clientSecret), 'JSON.stringify(lk) shows the secret');
    return `${token.length}-character token`;
  });

  await check('case read', async () => {
    const doc = await lk.case.documents.get(input.documentId);
    assert(doc.sourcedId === input.documentId, 'wrong document');
    const page = await lk.case.items.list({ filter: sdk.where.eq('CFItemType', 'Standard'), limit: 5 });
    assert(page.data.length === 5 && page.hasNextPage(), 'expected a first page of 5 standards');
    let missing;
    try {
      await lk.case.items.get('00000000-0000-0000-0000-00000000beef');
    } catch (error) {
      missing = error;
    }
    assert(
      missing instanceof sdk.NotFoundError && missing instanceof sdk.LearnKitError,
      'expected a NotFoundError',
    );
    return `"${doc.title}", 5 standards, NotFoundError`;
  });

  await check('platform read', async () => {
    const user = await lk.rostering.users.get(input.studentId);
    assert(user.sourcedId === input.studentId && user.email === input.studentEmail, 'wrong user');
    const types = await lk.insights.types.list();
    assert(types.data.length > 0 && !types.hasNextPage(), 'expected the whole insight type list in one page');
    // The body check derives its validator from the OpenAPI schemas at run time (zod): it must work everywhere.
    let refused;
    try {
      await lk.rostering.users.upsert(input.studentId, { email: 42 });
    } catch (error) {
      refused = error;
    }
    assert(
      refused instanceof sdk.ValidationError && /user\.email/.test(refused.message),
      'bad body not refused',
    );
    return `${user.givenName}, ${types.data.length} insight types, bad body refused before sending`;
  });

  await check('oneroster read', async () => {
    const user = await lk.oneroster.users.get(input.studentId);
    assert(user.email === input.studentEmail, 'wrong user');
    const page = await lk.oneroster.users.list({ filter: sdk.where.eq('email', input.studentEmail) });
    assert(
      page.data.length === 1 && page.data[0].sourcedId === input.studentId,
      'expected the student by email',
    );
    return `${user.givenName} ${user.familyName}, found by email`;
  });

  await check('lti launch', async () => {
    // lk.lti with jose on Web Crypto: the mock's launch verified against its key set, then refused as a replay.
    const launcher = new LearnKit({
      baseUrl: input.baseUrl,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      env: {},
      logger: false,
      lti: { audience: input.lti.audience, issuer: input.lti.issuer },
    });
    const launch = await launcher.lti.verify(input.lti.idToken);
    assert(launch.platformUserId === input.studentId, `wrong sub ${launch.platformUserId}`);
    let replayed;
    try {
      await launcher.lti.verify(input.lti.idToken);
    } catch (error) {
      replayed = error;
    }
    assert(
      replayed instanceof sdk.LaunchVerificationError && replayed.reason === 'replayed',
      'the replay was not refused',
    );
    return `${launch.platformUserId} verified (RS256, key set fetched), replay refused`;
  });

  await check('verifyWebhook', async () => {
    // The test vector of docs/webhooks.md: the same bytes must verify on every runtime.
    const body =
      '{"id":"3f1c2b7e-8d4a-4c6b-9e2f-1a2b3c4d5e6f","type":"test.ping","timestamp":"2026-01-01T00:00:00Z","data":{"message":"hello"}}';
    const headers = {
      'X-Service-Webhook-Timestamp': '1767225600',
      'X-Service-Webhook-Signature': 'a0b9ce004cc0ae7c352c2f9a9acf10bbb1adc6761805204144b0f2e4f4eecf36',
    };
    const secret = 'whsec_c2VjcmV0LWV4YW1wbGU';
    const now = () => 1767225600 * 1000;
    const event = await verifyWebhook({ body, headers, secret, now });
    assert(event.type === 'test.ping' && event.data.message === 'hello', 'wrong event');
    const bytes = new TextEncoder().encode(body);
    await verifyWebhook({ body: bytes, headers, secret, now });
    let refused;
    try {
      await verifyWebhook({ body: body.replace('hello', 'hellO'), headers, secret, now });
    } catch (error) {
      refused = error;
    }
    assert(
      refused instanceof WebhookVerificationError && refused.reason === 'signature_mismatch',
      'tamper not caught',
    );
    // Sign here, verify here: the runtime's own crypto end to end.
    const fresh = JSON.stringify({
      id: crypto.randomUUID(),
      type: 'test.ping',
      timestamp: new Date().toISOString(),
      data: { message: 'hi' },
    });
    const signed = await signWebhook({ body: fresh, secret });
    await verifyWebhook({ body: fresh, headers: signed, secret });
    return 'test vector, tamper refused, sign + verify';
  });

  await check('webhook handler', async () => {
    // createWebhookHandler as a consumer runs it: a web Request in, a Response out, its in-memory dedupe.
    const secret = 'whsec_c2VjcmV0LWV4YW1wbGU';
    const handled = [];
    const handler = createWebhookHandler({
      secret,
      on: { 'test.ping': (event) => void handled.push(event.id) },
      logger: false,
    });
    const deliver = async (body, headers) => {
      const response = await handler(
        new Request('https://consumer.example.com/webhooks', { method: 'POST', body, headers }),
      );
      return `${response.status} ${await response.text()}`;
    };
    const delivery = (message) =>
      JSON.stringify({
        id: crypto.randomUUID(),
        type: 'test.ping',
        timestamp: new Date().toISOString(),
        data: { message },
      });
    const body = delivery('hi');
    const headers = await signWebhook({ body, secret });
    const valid = await deliver(body, headers);
    assert(valid === '200 {"received":true}', `valid delivery: ${valid}`);
    const tampered = await deliver(body.replace('"hi"', '"hI"'), headers);
    assert(tampered === '401 {"error":"signature_mismatch"}', `tampered delivery: ${tampered}`);
    const old = delivery('late');
    const stale = await deliver(
      old,
      await signWebhook({ body: old, secret, timestamp: Math.floor(Date.now() / 1000) - 600 }),
    );
    assert(stale === '401 {"error":"timestamp_too_old"}', `stale delivery: ${stale}`);
    const duplicate = await deliver(body, headers);
    assert(duplicate === '200 {"received":true,"duplicate":true}', `redelivery: ${duplicate}`);
    assert(handled.length === 1, `the handler ran ${handled.length} times`);
    return 'valid 200, tampered 401, stale 401, redelivery 200 duplicate, handled once';
  });

  await check('caliper send', async () => {
    // The same sample as the SDK suite's (run.ts passes it in), with a fresh run so each runtime sends a new event.
    const event = caliper.timeSpentEvent({ ...input.timeSpent, runId: crypto.randomUUID() });
    const sent = await lk.caliper.send([event], { sensor: 'https://app.example.com' });
    assert(sent.accepted === 1 && sent.duplicates === 0, `expected 1 accepted, got ${JSON.stringify(sent)}`);
    return `1 TimeSpentEvent accepted (${event.id})`;
  });

  if (globalThis.process?.versions?.node && !globalThis.Bun && !globalThis.Deno && !isWorker) {
    await check('commonjs', async () => {
      // getBuiltinModule, not import('node:module'): the Worker's bundle of this file must not import a node: module.
      const { createRequire } = globalThis.process.getBuiltinModule('node:module');
      const require = createRequire(import.meta.url);
      const cjs = require('@learnkit/sdk');
      const client = new cjs.LearnKit({
        baseUrl: input.baseUrl,
        clientId: input.clientId,
        clientSecret: input.clientSecret,
        env: {},
        logger: false,
      });
      const doc = await client.case.documents.get(input.documentId);
      assert(doc.sourcedId === input.documentId, 'the CJS build read the wrong document');
      const user = await client.rostering.users.get(input.studentId);
      assert(user.sourcedId === input.studentId, 'the CJS build read the wrong user');
      assert(
        new sdk.ValidationError('x') instanceof cjs.LearnKitError,
        'errors not recognised across builds',
      );
      return 'require() of the CJS build reads a document and a user; errors match across ESM and CJS';
    });
  }

  return { ok: checks.every((c) => c.ok), runtime: runtimeName(), checks };
}

// Run as a script (Node, Bun, Deno): read the input, print the report, exit 1 when a check failed. A Worker
// imports `smoke` and returns the report instead (no I/O is allowed outside a request there).
if (!isWorker) {
  const report = await smoke(JSON.parse(readEnv('LEARNKIT_SMOKE') ?? '{}'));
  console.log(JSON.stringify(report));
  if (!report.ok) {
    if (globalThis.Deno) globalThis.Deno.exit(1);
    globalThis.process.exitCode = 1;
  }
}
