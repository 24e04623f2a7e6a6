import { writeSessionMetadata } from '../caliper/apply.js';
import { OPERATIONS } from '../generated/operations.js';
import { INSIGHT_GROUPS, INSIGHT_TYPES } from '../insights.js';
import { project } from '../internal/list-query.js';
import { found, type OperationRoutes } from '../operations/dispatch.js';
import type { StoredSession } from '../state.js';

const DISCOUNT_CODES = new Set(['WELCOME10', 'LEARNKIT']);

/** Whether a discount code is one the mock knows, compared case-insensitively. */
const codeAnswer = (code: string) => ({ valid: DISCOUNT_CODES.has(code.toUpperCase()), code });

/** A session as the insight operations show it: the members the documents give an insight session. */
const insightView = (session: StoredSession) =>
  project(session, OPERATIONS.listInsightSessions.answer.fields) as Omit<StoredSession, 'eventIds'>;

/** Caliper sessions, insights, the beyond grade read and discount-code validation: small, state-backed answers. */
export const handlers: OperationRoutes = {
  listSessionEvents: (context, { sessionId }) => {
    const session = found(context.core.state.sessions, sessionId, 'session');
    const ids = new Set(session.eventIds);
    const events = context.core.state.caliperEvents
      .filter((stored) => ids.has(stored.event.id as string))
      // Every stored event passed the Caliper rules on ingest: it has its `id` and `type`.
      .map((stored) => stored.event as { id: string; type: string });
    return context.json(200, {
      sessionId: session.sessionId,
      startedAtTime: session.startedAtTime,
      endedAtTime: session.endedAtTime,
      events,
    });
  },

  listInsightSessions: (context) =>
    context.json(200, { sessions: [...context.core.state.sessions.values()].map(insightView) }),

  createInsightSession: async (context) => {
    const body = await context.body();
    // Session metadata writes never create a session and never move its start or end.
    const session = found(context.core.state.sessions, body.sessionId, 'session');
    writeSessionMetadata(session, body);
    return context.json(200, insightView(session));
  },

  getInsightSession: (context, { sessionId }) =>
    context.json(200, {
      sessionId: found(context.core.state.sessions, sessionId, 'session').sessionId,
      insights: [],
    }),

  getInsightSessionEnforcementState: (context, { sessionId }) =>
    context.json(200, {
      sessionId: found(context.core.state.sessions, sessionId, 'session').sessionId,
      lockedOut: false,
      lockoutId: null,
      warningsAccrued: 0,
      warningBudget: 3,
    }),

  listInsightTypes: (context) => context.json(200, { types: [...INSIGHT_TYPES] }),

  listInsightGroups: (context) => {
    const groups = INSIGHT_GROUPS.map((group) => ({
      ...group,
      visibleTypeCount: INSIGHT_TYPES.filter((type) => type.insightGroup === group.slug).length,
    }));
    return context.json(200, { groups });
  },

  getStudentGrades: (context) => {
    // Both parameters are required by the document, so the dispatcher has refused a query without them.
    const { studentId, subject } = context.query;
    found(context.core.state.roster.users, studentId, 'student');
    const masteredGrade = context.core.state.roster.mastery.get(`${studentId}|${subject}`) ?? null;
    return context.json(200, { studentId, subject, masteredGrade });
  },

  validateAppDiscountCode: async (context) => context.json(200, codeAnswer((await context.body()).code)),
  // The parent session is any bearer token the mock issued (the document's `parentSession` scheme).
  validateStoreDiscountCode: async (context) => context.json(200, codeAnswer((await context.body()).code)),
};
