import type { MockPlatform } from '@learnkit/mock';
import { activityRuns } from './timeline';
import {
  type ActivityRun,
  type CaliperRow,
  type DeliveryRow,
  type GradebookRow,
  type RosterEntry,
  SHOWN_RUNS,
  type StudioSnapshot,
  type TokenRow,
} from './view';

/** The latest runs and how many there are. */
export const latestRuns = (runs: ActivityRun[]) => ({ runs: runs.slice(-SHOWN_RUNS), runCount: runs.length });

/** A Caliper batch the platform refused: its events and the platform's response (docs/decisions.md#d-studio-refusals). */
export interface CaliperRefusal {
  at: number;
  status: number;
  message: string;
  events: Record<string, unknown>[];
}

/** The seeded tenant: the orgs in the partner client's scope and their descendants, its classes and students. */
export function mockRoster(platform: MockPlatform): RosterEntry[] {
  const { roster } = platform.state;
  const scope = platform.clients.partner.orgIds;
  const inScope = new Set<string>();
  for (const org of roster.orgs.values()) {
    let cursor: string | null = org.sourcedId;
    while (cursor !== null) {
      if (scope === 'all' || scope.includes(cursor)) {
        inScope.add(org.sourcedId);
        break;
      }
      cursor = roster.orgs.get(cursor)?.parentId ?? null;
    }
  }
  const orgs = [...roster.orgs.values()]
    .filter((org) => inScope.has(org.sourcedId))
    .map((org) => ({ id: org.sourcedId, name: org.name, kind: org.type, parentId: org.parentId }));
  const classes = [...roster.classes.values()]
    .filter((cls) => inScope.has(String((cls as { school?: { sourcedId?: string } }).school?.sourcedId)))
    .map((cls) => ({
      id: cls.sourcedId,
      name: String(cls.title),
      kind: 'class',
      parentId: String((cls as { school?: { sourcedId?: string } }).school?.sourcedId),
    }));
  const studentIds = new Set(
    [...roster.roles.values()]
      .filter((role) => role.role === 'student' && !role.ended && inScope.has(role.orgId))
      .map((role) => role.userId),
  );
  const students = [...roster.users.values()]
    .filter((user) => studentIds.has(user.sourcedId))
    .map((user) => ({
      id: user.sourcedId,
      name: `${user.givenName} ${user.familyName}`,
      kind: 'student',
      parentId: user.primaryOrgId,
      email: user.email ?? undefined,
    }));
  return [...orgs, ...classes, ...students];
}

/** Every Caliper event the ingest accepted, then every event of a refused batch with the platform's response. */
function caliperRows(platform: MockPlatform, refusals: readonly CaliperRefusal[]): CaliperRow[] {
  const accepted = platform.state.caliperEvents.map(
    ({ event, receivedAt }): CaliperRow => [
      String(event.type ?? '?'),
      String(event.action ?? '?'),
      receivedAt,
      1,
    ],
  );
  const refused = refusals.flatMap((refusal) =>
    refusal.events.map(
      (event): CaliperRow => [
        String(event.type ?? '?'),
        String(event.action ?? '?'),
        refusal.at,
        0,
        `${refusal.status}: ${refusal.message}`,
      ],
    ),
  );
  return refused.length === 0 ? accepted : [...accepted, ...refused].sort((a, b) => a[2] - b[2]);
}

function gradebookRows(platform: MockPlatform): GradebookRow[] {
  const ref = (value: unknown) => String((value as { sourcedId?: string } | undefined)?.sourcedId ?? '');
  return [...platform.state.roster.results.values()].map((result) => ({
    id: result.sourcedId,
    student: ref(result.student),
    lineItem: ref(result.lineItem),
    score: typeof result.score === 'number' ? result.score : null,
    status: String(result.scoreStatus ?? ''),
    at: String(result.dateLastModified ?? ''),
  }));
}

/**
 * A delivery as the page shows it. The consumer verified the signature when it responded with 2xx: the SDK's handlers
 * respond with 4xx to a signature they cannot verify (docs/decisions.md#d-studio-verified).
 */
function deliveryRows(platform: MockPlatform): DeliveryRow[] {
  return platform.state.deliveries.map((delivery) => {
    const last = delivery.attempts.at(-1);
    const status = last?.status ?? null;
    let verified: DeliveryRow['verified'] = 'unknown';
    if (status !== null && status >= 200 && status < 300) verified = 'yes';
    else if (status !== null && status >= 400 && status < 500) verified = 'no';
    return {
      id: delivery.id,
      type: delivery.type,
      status: delivery.status,
      attempts: delivery.attempts.length,
      lastStatus: status,
      nextRetryAt: delivery.nextAttemptAt,
      verified,
      url: last?.url ?? platform.state.subscriptions.get(delivery.subscriptionId)?.url ?? '',
    };
  });
}

function tokenRows(platform: MockPlatform): TokenRow[] {
  return platform.state.tokens.map((token) => ({
    at: token.issuedAt,
    client: token.clientId ?? token.developerId ?? '',
    endpoint: token.endpoint,
    scopes: token.scopes,
  }));
}

/** Everything the page shows, read from a mock platform's state. */
export function readMock(
  platform: MockPlatform,
  platformUrl: string,
  refusals: readonly CaliperRefusal[],
  eventTypes: readonly string[],
): StudioSnapshot {
  return {
    mode: 'mock',
    platformUrl,
    roster: mockRoster(platform),
    ...latestRuns(activityRuns(platform.state.caliperEvents.map((stored) => stored.event))),
    caliper: caliperRows(platform, refusals),
    gradebook: gradebookRows(platform),
    deliveries: deliveryRows(platform),
    tokens: tokenRows(platform),
    subscriptions: [...platform.state.subscriptions.values()]
      .filter((sub) => sub.deletedAt === null)
      .map((sub) => ({ id: sub.id, url: sub.url, status: sub.status, eventTypes: [...sub.eventTypes] })),
    sessions: [],
    eventTypes: [...eventTypes],
    notes: [],
  };
}
