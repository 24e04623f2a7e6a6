import { writeSessionMetadata } from '../caliper/apply.js';
import { SESSION_METADATA } from '../caliper/validate.js';
import { INSIGHT_GROUPS, INSIGHT_TYPES } from '../insights.js';
import { isRecord, readJson } from '../internal/body.js';
import { badRequest, notFound } from '../internal/http-error.js';
import { json } from '../internal/responses.js';
import { checkShape, type Shape } from '../internal/shape.js';
import { SCOPES } from '../scopes.js';
import type { StoredSession } from '../state.js';
import { authenticate, requireClient } from '../tokens.js';
import type { MockRouter, RequestContext } from './context.js';

const caller = (context: RequestContext, scope?: string) =>
  requireClient(authenticate(context.core, context.request), scope).client;

const DISCOUNT_CODES = new Set(['WELCOME10', 'LEARNKIT']);

const SESSION_WRITE: Shape = {
  open: true,
  fields: {
    sessionId: { type: 'string', required: true },
    ...SESSION_METADATA,
  },
};

function insightView(session: StoredSession) {
  return {
    sessionId: session.sessionId,
    userId: session.userId,
    applicationId: session.applicationId,
    startedAtTime: session.startedAtTime,
    endedAtTime: session.endedAtTime,
    isProctored: session.isProctored,
    webcamUsed: session.webcamUsed,
    storageKey: session.storageKey,
    subject: session.subject,
  };
}

function sessionOr404(context: RequestContext, id: string): StoredSession {
  const session = context.core.state.sessions.get(id);
  if (!session) throw notFound(`session ${id} not found`);
  return session;
}

/** Caliper sessions, insights, the beyond grade read and discount-code validation: small, state-backed answers. */
export function registerInsights(router: MockRouter): void {
  router.on('GET', '/events/1.0/sessions/:sessionId/events', (context, params) => {
    caller(context);
    const session = sessionOr404(context, params.sessionId!);
    const ids = new Set(session.eventIds);
    const events = context.core.state.caliperEvents
      .filter((stored) => ids.has(stored.event.id as string))
      .map((stored) => stored.event);
    return json(200, {
      sessionId: session.sessionId,
      startedAtTime: session.startedAtTime,
      endedAtTime: session.endedAtTime,
      events,
    });
  });

  router.on('GET', '/insights/1.0/sessions', (context) => {
    caller(context);
    return json(200, { sessions: [...context.core.state.sessions.values()].map(insightView) });
  });

  router.on('POST', '/insights/1.0/sessions', async (context) => {
    caller(context);
    const body = await readJson(context.request);
    const problems = checkShape(body, SESSION_WRITE, 'body');
    if (problems.length > 0) throw badRequest(`Invalid session metadata: ${problems.slice(0, 5).join('; ')}`);
    // Session metadata writes never create a session and never move its start or end.
    const session = sessionOr404(context, (body as { sessionId: string }).sessionId);
    writeSessionMetadata(session, body as Record<string, unknown>);
    return json(200, insightView(session));
  });

  router.on('GET', '/insights/1.0/sessions/:sessionId', (context, params) => {
    caller(context);
    const session = sessionOr404(context, params.sessionId!);
    return json(200, { sessionId: session.sessionId, insights: [] });
  });

  router.on('GET', '/insights/1.0/sessions/:sessionId/enforcement-state', (context, params) => {
    caller(context);
    const session = sessionOr404(context, params.sessionId!);
    return json(200, {
      sessionId: session.sessionId,
      lockedOut: false,
      lockoutId: null,
      warningsAccrued: 0,
      warningBudget: 3,
    });
  });

  router.on('GET', '/insights/1.0/types', (context) => {
    caller(context);
    return json(200, { types: INSIGHT_TYPES });
  });

  router.on('GET', '/insights/1.0/insight-groups', (context) => {
    caller(context);
    const groups = INSIGHT_GROUPS.map((group) => ({
      ...group,
      visibleTypeCount: INSIGHT_TYPES.filter((type) => type.insightGroup === group.slug).length,
    }));
    return json(200, { groups });
  });

  router.on('GET', '/beyond/1.0/educator/students/grades', (context) => {
    caller(context);
    const studentId = context.query.get('studentId');
    const subject = context.query.get('subject');
    if (!studentId || !subject) throw badRequest('studentId and subject are required');
    if (!context.core.state.roster.users.has(studentId)) throw notFound(`student ${studentId} not found`);
    const masteredGrade = context.core.state.roster.mastery.get(`${studentId}|${subject}`) ?? null;
    return json(200, { studentId, subject, masteredGrade });
  });

  const validateCode = async (context: RequestContext) => {
    const body = await readJson(context.request);
    if (!isRecord(body) || typeof body.code !== 'string') throw badRequest('the body must be { code }');
    return json(200, { valid: DISCOUNT_CODES.has(body.code.toUpperCase()), code: body.code });
  };
  router.on('POST', '/apps/v1/discount-codes/validate', (context) => {
    caller(context, SCOPES.purchasesWrite);
    return validateCode(context);
  });
  router.on('POST', '/store/v1/discount-codes/validate', (context) => {
    // The parent session is any bearer token the mock issued.
    authenticate(context.core, context.request);
    return validateCode(context);
  });
}
