import { writeSessionMetadata } from '../caliper/apply.js';
import { INSIGHT_GROUPS, INSIGHT_TYPES } from '../insights.js';
import { found, type OperationRoutes } from '../operations/dispatch.js';
import { visibleUser } from '../roster/orgs.js';
import { platformPage, platformSession } from '../roster/platform-views.js';

const DISCOUNT_CODES = new Set(['WELCOME10', 'LEARNKIT']);

/** Whether a discount code is one the mock knows, compared case-insensitively. */
const codeResponse = (code: string) => ({ valid: DISCOUNT_CODES.has(code.toUpperCase()), code });

/** Caliper sessions, insights, the beyond grade read and discount-code validation: small, state-backed responds. */
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
    platformPage(
      'sessions',
      [...context.core.state.sessions.values()],
      platformSession,
      context.query,
      'InsightSession',
    ),

  // Insights per user (integration/level-4-insights-api): the mock raises no insight findings, so the list is
  // empty; the sessions are the user's recorded ones; the overview sums them by day and by application.
  listUserInsights: (context, { userId }) => {
    visibleUser(context, userId);
    return platformPage('insights', [] as object[], (row) => row as never, context.query, 'Insight');
  },

  listUserSessions: (context, { userId }) => {
    visibleUser(context, userId);
    const sessions = [...context.core.state.sessions.values()].filter((session) => session.userId === userId);
    return platformPage('sessions', sessions, platformSession, context.query, 'InsightSession');
  },

  getUserInsightsOverview: (context, { userId }) => {
    visibleUser(context, userId);
    const sessions = [...context.core.state.sessions.values()]
      .filter((session) => session.userId === userId)
      .map(platformSession);
    const sum = (key: (session: (typeof sessions)[number]) => string) => {
      const totals = new Map<string, { sessions: number; durationInSeconds: number }>();
      for (const session of sessions) {
        const entry = totals.get(key(session)) ?? { sessions: 0, durationInSeconds: 0 };
        entry.sessions += 1;
        entry.durationInSeconds += session.durationInSeconds ?? 0;
        totals.set(key(session), entry);
      }
      return totals;
    };
    const trend = [...sum((session) => (session.startedAtTime ?? '').slice(0, 10))].map(([date, entry]) => ({
      date,
      ...entry,
    }));
    const breakdown = [...sum((session) => session.applicationId ?? '')].map(([applicationId, entry]) => ({
      applicationId,
      ...entry,
    }));
    return context.json(200, { userId, trend, breakdown });
  },

  createInsightSession: async (context) => {
    const body = await context.body();
    // Session metadata writes never create a session and never move its start or end.
    const session = found(context.core.state.sessions, body.sessionId, 'session');
    writeSessionMetadata(session, body);
    return context.json(200, platformSession(session));
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

  validateAppDiscountCode: async (context) => context.json(200, codeResponse((await context.body()).code)),
  // The parent session is any bearer token the mock issued (the document's `parentSession` scheme).
  validateStoreDiscountCode: async (context) => context.json(200, codeResponse((await context.body()).code)),
};
