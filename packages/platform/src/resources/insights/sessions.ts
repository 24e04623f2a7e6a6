import { ApiPromise, checkCallOptions, checkId, type PagePromise, pathInit, Resource } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import { checkBody } from '../../internal/schemas';
import type {
  EnforcementState,
  InsightSession,
  InsightSessionSummary,
  PlatformCallOptions,
  PlatformListQuery,
  SessionMetadataWrite,
} from '../../types';

const LIST = '/insights/1.0/sessions';
const ONE = '/insights/1.0/sessions/{sessionId}';
const ENFORCEMENT = '/insights/1.0/sessions/{sessionId}/enforcement-state';

/**
 * Enriched learning sessions: list them, read a session's insight summary and enforcement state, write a
 * session's recording metadata.
 *
 * @example
 * const { lockedOut } = await lk.insights.sessions.getEnforcementState(sessionId);
 */
export class InsightSessions extends Resource<PlatformHttp> {
  /**
   * The enriched sessions, as a page promise holding the whole list (the listing takes no query).
   *
   * @example
   * for await (const session of lk.insights.sessions.list()) console.log(session.sessionId, session.isProctored);
   */
  list(query?: PlatformListQuery, options?: PlatformCallOptions): PagePromise<InsightSession> {
    return listAll(`GET ${LIST}`, query, options, (request) => {
      return this.http.call('GET', LIST, { options: request }).map((data) => data.sessions);
    });
  }

  /**
   * The insight summary of one session.
   *
   * @example
   * const { insights } = await lk.insights.sessions.get(sessionId);
   */
  get(sessionId: string, options?: PlatformCallOptions): ApiPromise<InsightSessionSummary> {
    return ApiPromise.guard(() =>
      this.http.call('GET', ONE, pathInit({ sessionId: checkId(sessionId, 'sessionId') }, options)),
    );
  }

  /**
   * The proctoring enforcement state of one session: locked out or not, warnings accrued against the budget.
   *
   * @example
   * const { lockedOut, warningsAccrued, warningBudget } = await lk.insights.sessions.getEnforcementState(sessionId);
   */
  getEnforcementState(sessionId: string, options?: PlatformCallOptions): ApiPromise<EnforcementState> {
    return ApiPromise.guard(() =>
      this.http.call('GET', ENFORCEMENT, pathInit({ sessionId: checkId(sessionId, 'sessionId') }, options)),
    );
  }

  /**
   * Writes the recording metadata of an existing session (proctored status, webcam use, recording times,
   * storage key, subject, extensions) and resolves with the session. It never creates a session
   * (`NotFoundError` for an unknown `sessionId`). The body is checked against the document's
   * `SessionMetadataWrite` before sending; writing the same values twice is harmless, so the call is retried
   * on 5xx and timeouts (docs/decisions.md#d-i16-idempotent-writes).
   *
   * @example
   * await lk.insights.sessions.writeMetadata({ sessionId, isProctored: true, webcamUsed: true, storageKey: 'rec/42' });
   */
  writeMetadata(metadata: SessionMetadataWrite, options?: PlatformCallOptions): ApiPromise<InsightSession> {
    return ApiPromise.guard(() => {
      const body = checkBody<SessionMetadataWrite>('SessionMetadataWrite', metadata, 'metadata');
      checkId(body.sessionId, 'metadata.sessionId');
      return this.http.call('POST', LIST, {
        body,
        options: checkCallOptions(options, { idempotent: true }).request,
      });
    });
  }
}
