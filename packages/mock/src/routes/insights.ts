import { writeSessionMetadata } from '../caliper/apply.js';
import { INSIGHT_GROUPS, INSIGHT_TYPES } from '../insights.js';
import { badRequest, notFound } from '../internal/http-error.js';
import { json } from '../internal/responses.js';
import { SCOPES } from '../scopes.js';
import type { StoredSession } from '../state.js';
import { authenticate, requireClient } from '../tokens.js';
import type { RequestContext } from './context.js';
import type { OperationRoutes } from './operation.js';

const caller = (context: RequestContext, scope?: string) =>
  requireClient(authenticate(context.core, context.request), scope).client;

const DISCOUNT_CODES = new Set(['WELCOME10', 'LEARNKIT']);

/** Whether a discount code is one the mock knows, compared case-insensitively. */
const codeAnswer = (code: string) => json(200, { valid: DISCOUNT_CODES.has(code.toUpperCase()), code });

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
export const insightRoutes: OperationRoutes = {
  listSessionEvents: (context, params) => {
    caller(context);
    const session = sessionOr404(context, params.sessionId);
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
  },

  listInsightSessions: (context) => {
    caller(context);
    return json(200, { sessions: [...context.core.state.sessions.values()].map(insightView) });
  },

  createInsightSession: async (context) => {
    caller(context);
    const body = await context.body();
    // Session metadata writes never create a session and never move its start or end.
    const session = sessionOr404(context, body.sessionId);
    writeSessionMetadata(session, body);
    return json(200, insightView(session));
  },

  getInsightSession: (context, params) => {
    caller(context);
    const session = sessionOr404(context, params.sessionId);
    return json(200, { sessionId: session.sessionId, insights: [] });
  },

  getInsightSessionEnforcementState: (context, params) => {
    caller(context);
    const session = sessionOr404(context, params.sessionId);
    return json(200, {
      sessionId: session.sessionId,
      lockedOut: false,
      lockoutId: null,
      warningsAccrued: 0,
      warningBudget: 3,
    });
  },

  listInsightTypes: (context) => {
    caller(context);
    return json(200, { types: INSIGHT_TYPES });
  },

  listInsightGroups: (context) => {
    caller(context);
    const groups = INSIGHT_GROUPS.map((group) => ({
      ...group,
      visibleTypeCount: INSIGHT_TYPES.filter((type) => type.insightGroup === group.slug).length,
    }));
    return json(200, { groups });
  },

  getStudentGrades: (context) => {
    caller(context);
    const studentId = context.query.get('studentId');
    const subject = context.query.get('subject');
    if (!studentId || !subject) throw badRequest('studentId and subject are required');
    if (!context.core.state.roster.users.has(studentId)) throw notFound(`student ${studentId} not found`);
    const masteredGrade = context.core.state.roster.mastery.get(`${studentId}|${subject}`) ?? null;
    return json(200, { studentId, subject, masteredGrade });
  },

  validateAppDiscountCode: async (context) => {
    caller(context, SCOPES.purchasesWrite);
    return codeAnswer((await context.body()).code);
  },
  validateStoreDiscountCode: async (context) => {
    // The parent session is any bearer token the mock issued.
    authenticate(context.core, context.request);
    return codeAnswer((await context.body()).code);
  },
};
