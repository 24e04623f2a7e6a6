import { envelope, sessionEvent } from '@learnkit/activity/caliper';
import type { HttpClient } from '@learnkit/core';

/** The sensor (the sending app's IRI) of the Caliper events the tests send. */
export const SENSOR = 'https://app.example.com';

/**
 * Opens a Caliper session for `userId` the way an app does (a SessionEvent `LoggedIn` posted to
 * `/caliper/v1p2`), so that the events and insights reads have a session to read; resolves with its id.
 */
export async function startSession(
  http: HttpClient<object>,
  baseUrl: string,
  userId: string,
  name = 'session-1',
): Promise<string> {
  const session = `${SENSOR}/sessions/${name}`;
  const event = sessionEvent({
    action: 'LoggedIn',
    actor: { id: `${baseUrl}/rostering/1.0/users/${userId}`, type: 'Person' },
    object: SENSOR,
    session,
  });
  const body = envelope({ sensor: SENSOR, events: [event] });
  // The Caliper ingest is another package's client; the bare transport keeps this fixture independent of it.
  const response = await http.transport(`${baseUrl}/caliper/v1p2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`starting a session: ${response.status} ${await response.text()}`);
  return session;
}
