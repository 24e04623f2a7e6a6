import { ApiPromise, checkId, pathInit, Resource } from '@learnkit/core';
import type { PlatformHttp } from '../../internal/http';
import type { CaliperSession, PlatformCallOptions } from '../../types';

const EVENTS = '/events/1.0/sessions/{sessionId}/events';

/**
 * Caliper sessions as the platform recorded them, with their events.
 *
 * @example
 * const { endedAtTime, events } = await lk.events.sessions.get(sessionId);
 */
export class EventSessions extends Resource<PlatformHttp> {
  /**
   * One Caliper session and its events; `endedAtTime` is null while the session is open. The id is the
   * session's IRI as the events named it (sent percent-encoded in the path).
   *
   * @example
   * const session = await lk.events.sessions.get('https://app.example.com/sessions/1');
   */
  get(sessionId: string, options?: PlatformCallOptions): ApiPromise<CaliperSession> {
    return ApiPromise.guard(() =>
      this.http.call('GET', EVENTS, pathInit({ sessionId: checkId(sessionId, 'sessionId') }, options)),
    );
  }
}
