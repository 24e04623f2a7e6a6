import type { MockPlatform } from '@learnkit/mock';
import type { LearnKit } from '../../learnkit';
import type { CaliperRefusal } from './read-mock';
import { readMock } from './read-mock';
import { readRemote } from './read-remote';
import type { StudioSnapshot } from './view';

/** Where the studio's data comes from: a mock it can read whole, or a platform it reads as the partner. */
export interface StudioSource {
  readonly platformUrl: string;
  /** Everything the page shows now. */
  snapshot(): Promise<StudioSnapshot>;
  /** Changes whenever the data may have changed (cheap: polled for the live stream). */
  version(): string;
  /** Raises a catalogue event with the trigger's sample data (mock only). */
  raise?(type: string): { id: string; type: string };
  /** The auto-submitting page of a signed LTI launch of `userId` into the partner's launch URL (mock only). */
  launch?(userId: string): Promise<string>;
}

/** The mock's pieces the studio uses beyond its state (the launcher and the trigger's samples). */
export interface MockTools {
  sampleEventData(platform: MockPlatform, type: never): Record<string, unknown>;
  WEBHOOK_EVENT_TYPES: readonly string[];
}

/** The partner's launch URL: the seeded application's `launchUrl`. */
function launchUrlOf(platform: MockPlatform): string {
  const app = platform.state.applications.get(platform.fixtures.application.applicationId);
  const url = app?.launchUrl;
  if (typeof url !== 'string') {
    throw new TypeError(
      `the application ${platform.fixtures.application.applicationId} has no launchUrl: set one (lk.applications.applications.upsert) to launch into your app`,
    );
  }
  return url;
}

/** A mock platform read whole from its state (the studio's own mock, or one a test passes in). */
export function mockSource(
  platform: MockPlatform,
  platformUrl: string,
  refusals: readonly CaliperRefusal[],
  tools: MockTools,
): StudioSource {
  const { state } = platform;
  // One reading per version, shared by every open page (a store of 10,000 events takes a while to read).
  let cached: { version: string; snapshot: StudioSnapshot } | undefined;
  const source: StudioSource = {
    platformUrl,
    snapshot: async () => {
      const version = source.version();
      if (cached?.version !== version) {
        cached = { version, snapshot: readMock(platform, platformUrl, refusals, tools.WEBHOOK_EVENT_TYPES) };
      }
      return cached.snapshot;
    },
    version: () =>
      [
        state.tokens.length,
        state.caliperEvents.length,
        refusals.length,
        state.deliveries.length,
        state.deliveries.reduce((sum, d) => sum + d.attempts.length, 0),
        state.deliveries.filter((d) => d.status !== 'pending').length,
        state.roster.results.size,
        state.roster.users.size,
        state.subscriptions.size,
      ].join(':'),
    raise(type) {
      if (!tools.WEBHOOK_EVENT_TYPES.includes(type)) {
        throw new TypeError(`"${type}" is not an event of the catalogue: pick one of learnkit events`);
      }
      const data = tools.sampleEventData(platform, type as never);
      const envelope = platform.emit(type as never, data);
      return { id: envelope?.id ?? '', type };
    },
    async launch(userId) {
      if (!state.roster.users.has(userId)) throw new TypeError(`no user ${userId} in the roster`);
      const launched = await platform.lti.launch({ user: userId, targetLinkUri: launchUrlOf(platform) });
      return launched.html;
    },
  };
  return source;
}

/** A platform read through the partner's credentials, read-only: it changes only when read again. */
export function remoteSource(lk: LearnKit, refreshMs = 15_000, now: () => number = Date.now): StudioSource {
  return {
    platformUrl: lk.baseUrl,
    snapshot: () => readRemote(lk, lk.baseUrl),
    version: () => String(Math.floor(now() / refreshMs)),
  };
}
