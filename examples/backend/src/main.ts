// The back-end example: `pnpm start` (in examples/backend). Against the embedded mock platform unless
// LEARNKIT_BASE_URL (with LEARNKIT_CLIENT_ID, LEARNKIT_CLIENT_SECRET, LEARNKIT_APP_ID and LEARNKIT_STUDENT_EMAIL)
// points elsewhere.
import { LearnKitError } from '@learnkit/sdk';
import { type Connection, connect } from './connect';
import { runBackendExample } from './run';

let connection: Connection | undefined;
try {
  connection = await connect();
  const { lk, appId, studentEmail, target } = connection;
  console.log(
    target === 'mock'
      ? `LearnKit back-end example against the embedded mock platform at ${lk.baseUrl}`
      : `LearnKit back-end example against ${lk.baseUrl}`,
  );
  const result = await runBackendExample({
    lk,
    appId,
    studentEmail,
    webhookUrl: process.env.LEARNKIT_WEBHOOK_URL,
  });
  console.log(
    `\nDone: browsed "${result.browse.title}" (${result.browse.items} items), uploaded ${result.upload.documentId}, ` +
      `validated ${result.validate.valid.length + result.validate.invalid.length} ids, ` +
      `created and deleted subscription ${result.subscription.id}, ${result.activity.grade.summary}.`,
  );
} catch (error) {
  process.exitCode = 1;
  // LearnKit errors carry a message that names the problem and the fix; anything else gets its stack.
  console.error(error instanceof LearnKitError ? `${error.name}: ${error.message}` : error);
} finally {
  await connection?.close();
}
