/**
 * The scope URIs the platform grants, as openapi/ names them. The documents use placeholder bases for
 * `{rostering_scope_base}`, `{caliper_scope_base}` and `{webhooks_scope_base}`; the mock uses the same strings so
 * tokens it issues satisfy the contract.
 */
export const SCOPES = {
  /** Read roster data (OneRoster and the platform's rostering views). */
  rosterRead: 'https://scopes.example.com/rostering/roster.readonly',
  /** Create and update roster data. */
  rosterWrite: 'https://scopes.example.com/rostering/roster.createput',
  /** Delete roster data (OneRoster's DELETE operations, docs/decisions.md#d-oneroster-scopes). */
  rosterDelete: 'https://scopes.example.com/rostering/roster.delete',
  /** Send Caliper events to the ingest. */
  eventsWrite: 'https://scopes.example.com/caliper/events.write',
  /** List and read webhook subscriptions. */
  webhooksRead: 'https://scopes.example.com/webhooks/webhooks.read',
  /** Create and update webhook subscriptions and rotate their secrets. */
  webhooksWrite: 'https://scopes.example.com/webhooks/webhooks.write',
  /** Delete webhook subscriptions. */
  webhooksDelete: 'https://scopes.example.com/webhooks/webhooks.delete',
  /** Validate discount codes for apps. */
  purchasesWrite: 'https://scopes.example.com/apps/purchases.write',
} as const;

/** A scope URI the platform knows. */
export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

/** Every scope, for clients with the full grant. */
export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);

/** The three webhook scopes. */
export const WEBHOOK_SCOPES: readonly Scope[] = ALL_SCOPES.filter((scope) => scope.includes('/webhooks/'));
