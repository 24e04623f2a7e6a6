// The app's launch endpoint: the platform (here the loopback mock) form-POSTs the student's signed ID token to
// /launch; the app verifies it against the platform's key set, signs the student in with the session cookie and
// sends them to the lesson page, whose activity then names the launched student (`sub`) as its actor.
import type { IncomingMessage } from 'node:http';
import type { FetchLike } from '@learnkit/core';
import {
  createLaunchHandler,
  createLaunchVerifier,
  type LaunchHandler,
  type LaunchUser,
} from '@learnkit/lti';
import type { MockPlatform } from '@learnkit/mock';

/** The session secret of the example (a real app reads it from its secrets, at least 32 characters). */
const SESSION_SECRET = process.env.LTI_SESSION_SECRET ?? 'example-frontend-session-secret-0123456789';

/** The launch endpoint for apps the mock `platform` (served at `platformUrl`) launches. */
export function launchEndpoint(
  platform: MockPlatform,
  platformUrl: string,
  fetch?: FetchLike,
): LaunchHandler {
  return createLaunchHandler({
    verifier: createLaunchVerifier({
      // The mock's issuer, and its key set where it is served (docs/decisions.md#d-mock-lti-launcher).
      issuer: platform.lti.issuer,
      audience: platform.clients.application.clientId,
      jwksUrl: `${platformUrl}/.well-known/jwks.json`,
      fetch: fetch as Parameters<typeof createLaunchVerifier>[0]['fetch'],
    }),
    sessionSecret: SESSION_SECRET,
    // A real app provisions the student here on first launch.
    onLaunch: () => ({ redirectTo: '/' }),
  });
}

/** The launched student of a Node request, from the session cookie. */
export function launchUserOf(launch: LaunchHandler, req: IncomingMessage): Promise<LaunchUser | null> {
  return launch.getLaunchUser(
    new Request('http://app.local/', { headers: { cookie: req.headers.cookie ?? '' } }),
  );
}
