// The README's first command (`pnpm demo`): the whole partner journey against the embedded mock platform, in
// seconds, with nothing to configure and no build step (tsx runs the TypeScript sources).
//
//   1. a webhook consumer (createWebhookHandler on node:http) and the mock platform on loopback ports
//   2. the back-end example (examples/backend): browse a framework, upload a package, validate ids, manage a
//      subscription, record an activity with lk.activity.record and post its grade to the OneRoster gradebook
//   3. the consumer subscribed; the platform raises events; the deliveries arrive, verified
//
// Flags: --verbose (show what each step printed). Exit code 0 when every step passed; servers are closed and
// timers stopped before the end, so the process exits on its own.
//
// The demo imports the example's modules by path: they resolve @learnkit/* from examples/backend, which
// depends on them (the workspace root does not).

import { type Connection, connect } from '../../examples/backend/src/connect';
import { DEFAULT_WEBHOOK_URL, runBackendExample, STEPS } from '../../examples/backend/src/run';
import { startWebhookReceiver, type WebhookReceiver } from '../../examples/backend/src/webhook-receiver';
import { color, duration, Progress } from './progress';

const verbose = process.argv.includes('--verbose') || process.argv.includes('-v');
const EVENT_TYPES = ['enrollment.created', 'user.created'] as const;

const started = performance.now();
const progress = new Progress({ total: 5 + STEPS.length, verbose });
let receiver: WebhookReceiver | undefined;
let connection: Connection | undefined;

const shutdown = async () => {
  await receiver?.close();
  await connection?.close();
};
process.once('SIGINT', () => {
  void shutdown().finally(() => process.exit(130));
});

console.log(
  `\n${color.bold('LearnKit demo')} ${color.dim('(the mock platform, the SDK and the examples, end to end)')}\n`,
);

try {
  receiver = await progress.step('Start a webhook consumer', async () => {
    const value = await startWebhookReceiver();
    return { value, detail: `${value.url}, createWebhookHandler on node:http` };
  });
  const consumer = receiver;

  connection = await progress.step('Start the mock platform', async () => {
    // A fast clock: the platform's one-minute outbox delay takes a second. Every delivery goes to the consumer.
    const value = await connect({ target: 'mock', mock: { clock: 'fast', forwardTo: consumer.url } });
    return { value, detail: `${value.lk.baseUrl}, fast clock, deliveries go to the consumer` };
  });
  const { lk, appId, studentEmail } = connection;
  const platform = connection.platform!;

  // The back-end example, one progress line per step.
  const result = await runBackendExample({
    lk,
    appId,
    studentEmail,
    step: (step, run) =>
      progress.step(step.title, async (print) => {
        const value = await run(print);
        return { value, detail: value.summary };
      }),
  });

  const sub = await progress.step('Subscribe the consumer', async () => {
    const value = await lk.webhooks.subscriptions.create(appId, {
      url: DEFAULT_WEBHOOK_URL,
      eventTypes: [...EVENT_TYPES],
    });
    consumer.useSecret(value.signingSecret);
    return { value, detail: `${EVENT_TYPES.join(', ')}; secret ${value.signingSecret}` };
  });

  await progress.step('Raise platform events', async () => {
    const { roster } = platform.fixtures;
    const enrollment = platform.emit('enrollment.created', {
      enrollmentId: 'enr-demo-1',
      classId: roster.classIds[0],
      userId: roster.student.sourcedId,
    });
    // Another system of the platform creates a user: the platform raises user.created on its own.
    const token = platform.accessToken(platform.clients.internal);
    const response = await fetch(`${lk.baseUrl}/rostering/1.0/users/usr-demo-grace-hopper`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'grace.hopper@maple.learnkit.test',
        givenName: 'Grace',
        familyName: 'Hopper',
        primaryOrgId: roster.schoolIds[0],
      }),
    });
    if (response.status !== 201)
      throw new Error(`user upsert responded with ${response.status}: ${await response.text()}`);
    return {
      value: enrollment.id,
      detail: 'platform.emit(enrollment.created), a user upsert (user.created)',
    };
  });

  const arrived = await progress.step('Receive verified deliveries', async () => {
    const events = await consumer.waitFor(EVENT_TYPES.length, 20_000);
    const types = events.map((e) => e.event.type).join(', ');
    return {
      value: events,
      detail: `${events.length} signed deliveries verified: ${types}`,
    };
  });

  // The summary.
  const recorded = result.activity.recorded;
  const partnerTokens = platform.state.tokens.filter((t) => t.clientId === platform.clients.partner.clientId);
  const apiCalls = platform.state.requests.filter((r) => !r.path.endsWith('/token')).length;
  const rows: [string, string][] = [
    ['platform', `${lk.baseUrl} (mock, fast clock)`],
    [
      'framework',
      `browsed "${result.browse.title}" (${result.browse.items} items, ${result.browse.standards} standards)`,
    ],
    [
      'upload',
      `"${result.upload.title}" (${result.upload.items} items, ${result.upload.associations} associations)`,
    ],
    ['validate', `${result.validate.valid.length} valid, ${result.validate.invalid.length} invalid`],
    ['subscription', `created, listed, paused, rotated and deleted ${result.subscription.id.slice(0, 8)}…`],
    [
      'webhooks',
      `consumer subscribed (${sub.eventTypes.join(', ')}); ${arrived.length} deliveries verified, ${consumer.refused} refused`,
    ],
    [
      'activity',
      `completion recorded (run ${recorded.runId.slice(0, 8)}…, ${recorded.accepted} event accepted), ${result.activity.grade.summary}`,
    ],
    ['traffic', `${apiCalls} API calls on ${partnerTokens.length} token`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(
    `\n${color.green('✓')} ${color.bold(`All ${progress.steps.length} steps passed`)} in ${duration(performance.now() - started)}\n`,
  );
  for (const [key, value] of rows) console.log(`  ${color.dim(key.padEnd(width))}  ${value}`);
  console.log(
    `\n  Next: see it in a browser with LearnKit Studio (the roster, a launch, live activity, deliveries): ` +
      `${color.cyan('npx learnkit studio')} (docs/studio.md)\n`,
  );
} catch (error) {
  process.exitCode = 1;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`\n${color.red('✗')} The demo stopped: ${message}`);
  if (error instanceof Error && !('issues' in error) && error.stack) {
    console.error(color.dim(error.stack.split('\n').slice(1, 6).join('\n')));
  }
} finally {
  await shutdown();
}
