import type { LearnKit } from '../../learnkit';
import type { RosterEntry, SessionRow, StudioSnapshot, SubscriptionRow } from './view';

/** How many records of each kind the remote view reads: one page each, the studio is a look, not an export. */
const PAGE = 100;

type Named = {
  sourcedId: string;
  name?: string;
  title?: string;
  type?: string;
  givenName?: string;
  familyName?: string;
  email?: string;
};

/** Runs `read`, or notes why it failed and returns `fallback`: one refused read leaves the other panels filled. */
async function attempt<T>(notes: string[], what: string, fallback: T, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    notes.push(`${what}: ${(error as Error).message}`);
    return fallback;
  }
}

async function remoteRoster(lk: LearnKit, notes: string[]): Promise<RosterEntry[]> {
  const entry =
    (kind: string) =>
    (record: Named): RosterEntry => ({
      id: record.sourcedId,
      name: record.name ?? record.title ?? `${record.givenName ?? ''} ${record.familyName ?? ''}`.trim(),
      kind: kind === 'org' ? String(record.type ?? 'org') : kind,
      parentId: null,
      ...(record.email ? { email: record.email } : {}),
    });
  const [orgs, classes, students] = await Promise.all([
    attempt(notes, 'organizations', [], async () =>
      (await lk.oneroster.orgs.list({ limit: PAGE })).data.map((o) => entry('org')(o as Named)),
    ),
    attempt(notes, 'classes', [], async () =>
      (await lk.oneroster.classes.list({ limit: PAGE })).data.map((c) => entry('class')(c as Named)),
    ),
    attempt(notes, 'students', [], async () =>
      (await lk.oneroster.students.list({ limit: PAGE })).data.map((s) => entry('student')(s as Named)),
    ),
  ]);
  return [...orgs, ...classes, ...students];
}

/** The subscriptions of each application the partner's credentials see. */
async function remoteSubscriptions(lk: LearnKit, notes: string[]): Promise<SubscriptionRow[]> {
  return attempt(notes, 'webhook subscriptions', [], async () => {
    const apps = (await lk.applications.applications.list()).data as { sourcedId: string }[];
    const lists = await Promise.all(apps.map((app) => lk.webhooks.subscriptions.list(app.sourcedId)));
    return lists.flat().map((sub) => ({
      id: sub.id,
      url: sub.url,
      status: String(sub.status),
      eventTypes: [...sub.eventTypes],
    }));
  });
}

/** The learning sessions, each with the insight types its summary lists. */
async function remoteSessions(lk: LearnKit, notes: string[]): Promise<SessionRow[]> {
  return attempt(notes, 'sessions and insights', [], async () => {
    const sessions = (await lk.insights.sessions.list()).data.slice(0, 20);
    return Promise.all(
      sessions.map(async (session) => {
        const summary = await lk.insights.sessions.get(session.id);
        const insights = (summary.insights ?? []).map((entry) =>
          String((entry as { insightType?: string }).insightType ?? '?'),
        );
        return {
          id: session.id,
          student: String(session.userId ?? ''),
          startedAt: String(session.startedAtTime ?? ''),
          insights,
        };
      }),
    );
  });
}

/**
 * What a real environment shows the partner's own credentials, read-only (docs/decisions.md#d-studio-remote): the
 * roster they may see, their webhook subscriptions, and the students' sessions with their insights.
 */
export async function readRemote(lk: LearnKit, platformUrl: string): Promise<StudioSnapshot> {
  const notes: string[] = [];
  const [roster, subscriptions, sessions] = await Promise.all([
    remoteRoster(lk, notes),
    remoteSubscriptions(lk, notes),
    remoteSessions(lk, notes),
  ]);
  return {
    mode: 'remote',
    platformUrl,
    roster,
    runs: [],
    runCount: 0,
    caliper: [],
    gradebook: [],
    deliveries: [],
    tokens: [],
    subscriptions,
    sessions,
    eventTypes: [],
    notes,
  };
}
