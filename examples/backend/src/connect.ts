import { createMockPlatform, type MockPlatform, type MockPlatformOptions } from '@learnkit/mock';
import { LearnKit, type LearnKitOptions } from '@learnkit/sdk';
import { CONFIG_FILE } from './activity';

/** A LearnKit client and what the example needs around it. */
export interface Connection {
  lk: LearnKit;
  /** The application whose webhook subscriptions the example manages. */
  appId: string;
  /** The student who completes the example's activity: a rostering user's email. */
  studentEmail: string;
  /** Where the platform is: `mock` when the embedded mock was started. */
  target: 'mock' | 'env';
  /** The embedded mock platform, when started. */
  platform?: MockPlatform;
  /** Stops what was started (nothing for `env`). */
  close(): Promise<void>;
}

/**
 * `target: 'mock'` (the demo), or `LEARNKIT_BASE_URL` not set: the mock platform on a loopback port, with its
 * seeded partner client and student. Otherwise, a client configured from the environment (`LEARNKIT_CLIENT_ID`,
 * `LEARNKIT_CLIENT_SECRET`, optional `LEARNKIT_AUTH_URL`; the application from `LEARNKIT_APP_ID`, the student
 * from `LEARNKIT_STUDENT_EMAIL`).
 */
export async function connect(
  options: { mock?: MockPlatformOptions; lk?: LearnKitOptions; target?: 'auto' | 'mock' } = {},
): Promise<Connection> {
  if (options.target !== 'mock' && process.env.LEARNKIT_BASE_URL) {
    const appId = process.env.LEARNKIT_APP_ID;
    if (!appId)
      throw new Error('Set LEARNKIT_APP_ID: the application whose webhook subscriptions to manage.');
    const lk = new LearnKit({ activity: { config: CONFIG_FILE }, ...options.lk });
    const studentEmail = process.env.LEARNKIT_STUDENT_EMAIL;
    if (!studentEmail)
      throw new Error(
        'Set LEARNKIT_STUDENT_EMAIL: the student who completes the activity (a rostering email).',
      );
    return { lk, appId, studentEmail, target: 'env', close: async () => {} };
  }
  const platform = createMockPlatform(options.mock);
  const server = await platform.listen();
  const { partner } = platform.clients;
  const lk = new LearnKit({
    activity: { config: CONFIG_FILE },
    // Only the log level comes from the environment: a LEARNKIT_AUTH_URL meant for a real platform must not apply.
    env: { LEARNKIT_LOG: process.env.LEARNKIT_LOG },
    ...options.lk,
    baseUrl: server.url,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
  });
  return {
    lk,
    appId: platform.fixtures.application.applicationId,
    studentEmail: platform.fixtures.roster.student.email,
    target: 'mock',
    platform,
    async close() {
      platform.close();
      await server.close();
    },
  };
}
