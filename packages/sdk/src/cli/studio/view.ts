// What the studio's page shows, as the server sends it (GET /api/snapshot and the `snapshot` server-sent event).

/** How many runs a snapshot carries: the latest, one timeline each. */
export const SHOWN_RUNS = 20;

/** An organization, a class or a student of the seeded tenant. */
export interface RosterEntry {
  id: string;
  name: string;
  /** `district`, `school`, `class`, `student`, ... */
  kind: string;
  /** The parent org (orgs), the school (classes), or the primary org (students). */
  parentId: string | null;
  email?: string;
}

/** One heartbeat window of a run, in milliseconds since the epoch. */
export interface RunWindow {
  startedAt: number;
  endedAt: number;
  activeMs: number;
  inactiveMs: number;
  /** Time since the previous window ended: a pause when positive. */
  pauseBeforeMs: number;
  /** The run's last window when the run has no completion: what the page's exit beacon sent. */
  exit: boolean;
}

/** A completion of a run: the ActivityEvent `Completed`'s metrics. */
export interface RunCompletion {
  at: number;
  xpEarned?: number;
  totalQuestions?: number;
  correctQuestions?: number;
  masteredUnits?: number;
  pctComplete?: number;
}

/** A run of an activity (one `runId`): its windows and completion. */
export interface ActivityRun {
  runId: string;
  activity: string;
  student: string;
  windows: RunWindow[];
  activeMs: number;
  inactiveMs: number;
  completion?: RunCompletion;
}

/**
 * A Caliper event as the platform's ingest saw it, as a tuple to keep 10,000 of them small on the wire:
 * `[type, action, at, accepted (1) or refused (0), why it was refused (the platform's rawResponse)]`.
 */
export type CaliperRow = [type: string, action: string, at: number, accepted: 0 | 1, why?: string];

/** A result in the gradebook. */
export interface GradebookRow {
  id: string;
  student: string;
  lineItem: string;
  score: number | null;
  status: string;
  at: string;
}

/** A webhook delivery: its status, attempts, next retry and whether the consumer verified the signature. */
export interface DeliveryRow {
  id: string;
  type: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  nextRetryAt: number | null;
  /** `yes` when the consumer responded with 2xx, `no` when it refused (4xx), `unknown` before it responded. */
  verified: 'yes' | 'no' | 'unknown';
  url: string;
}

/** A token the platform issued. */
export interface TokenRow {
  at: number;
  client: string;
  endpoint: string;
  scopes: string[];
}

/** A webhook subscription (against a real environment). */
export interface SubscriptionRow {
  id: string;
  url: string;
  status: string;
  eventTypes: string[];
}

/** A learning session and its insights (against a real environment). */
export interface SessionRow {
  id: string;
  student: string;
  startedAt: string;
  insights: string[];
}

/** Everything the page shows. */
export interface StudioSnapshot {
  /** `mock` (the studio's own or an in-process mock: everything) or `remote` (read-only, the partner's view). */
  mode: 'mock' | 'remote';
  platformUrl: string;
  roster: RosterEntry[];
  /** The latest runs (at most {@link SHOWN_RUNS}). */
  runs: ActivityRun[];
  /** How many runs there are in all. */
  runCount: number;
  caliper: CaliperRow[];
  gradebook: GradebookRow[];
  deliveries: DeliveryRow[];
  tokens: TokenRow[];
  subscriptions: SubscriptionRow[];
  sessions: SessionRow[];
  /** The webhook catalogue's event types (the raise buttons), empty in remote mode. */
  eventTypes: string[];
  /** What could not be read (remote mode), so the page says it rather than show nothing. */
  notes: string[];
}
