import type { MockPlatform } from '@learnkit/mock';
import type { LearnKit } from '../../learnkit';
import { type ServedPlatform, servePlatform } from './platform-front';
import type { CaliperRefusal } from './read-mock';
import { type StudioServer, startStudioServer } from './server';
import { type MockTools, mockSource, remoteSource, type StudioSource } from './source';

/** Options of {@link startStudio}: at most one of `platform` (a mock read whole) or `lk` (read-only, remote). */
export interface StartStudioOptions {
  /** The page's port on 127.0.0.1 (default any free port). */
  port?: number;
  /** A mock platform to show (a test's, with its own options), and the URL it is served on if it already is. */
  platform?: { platform: MockPlatform; url?: string };
  /** A platform read through the partner's credentials, read-only (`--platform URL`, `--environment E`). */
  lk?: LearnKit;
  /** The URL's token (default: random). */
  token?: string;
}

/** A running studio. */
export interface Studio extends Pick<StudioServer, 'url' | 'origin' | 'token'> {
  /** The platform's URL (the studio's own mock when it started one). */
  platformUrl: string;
  /** The mock the studio shows (its own, or the one given), absent in remote mode. */
  platform?: MockPlatform;
  close(): Promise<void>;
}

/** `@learnkit/mock`, loaded only when the studio runs a mock (an optional peer dependency of the CLI). */
async function loadMock(): Promise<typeof import('@learnkit/mock')> {
  try {
    return await import('@learnkit/mock');
  } catch {
    throw new Error(
      'learnkit studio runs the mock platform from @learnkit/mock, which is not installed: npm install -D @learnkit/mock (or give --platform URL / --environment E to look at a running platform)',
    );
  }
}

/**
 * Starts the studio (docs/decisions.md#d-studio-stack): its own mock on a fast clock served on loopback, or the
 * given mock, or a remote platform read-only; then the page server.
 */
export async function startStudio(options: StartStudioOptions = {}): Promise<Studio> {
  let source: StudioSource;
  let own: { platform: MockPlatform; served: ServedPlatform } | undefined;
  let platform: MockPlatform | undefined;
  if (options.lk) {
    source = remoteSource(options.lk);
  } else {
    const mock = await loadMock();
    const tools: MockTools = {
      sampleEventData: mock.sampleEventData as MockTools['sampleEventData'],
      WEBHOOK_EVENT_TYPES: mock.WEBHOOK_EVENT_TYPES,
    };
    const refusals: CaliperRefusal[] = [];
    let url = options.platform?.url;
    // A fast clock: the platform's one-minute delivery delay takes a second, so a raised event shows at once.
    platform = options.platform?.platform ?? mock.createMockPlatform({ clock: 'fast' });
    if (url === undefined) {
      own = { platform, served: await servePlatform(platform, refusals) };
      url = own.served.url;
    }
    source = mockSource(platform, url as string, refusals, tools);
  }
  const server = await startStudioServer({ source, port: options.port, token: options.token });
  return {
    url: server.url,
    origin: server.origin,
    token: server.token,
    platformUrl: source.platformUrl,
    ...(platform ? { platform } : {}),
    async close() {
      await server.close();
      if (own) await own.served.close();
      if (!options.platform) platform?.close();
    },
  };
}
