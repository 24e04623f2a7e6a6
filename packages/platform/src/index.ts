/**
 * `@learnkit/platform`: the platform's own APIs as clients: rostering 1.0 (users, roles, profiles, agents,
 * linked users, enrollments, org config), applications (drafts, credentials, the registry), Caliper sessions,
 * insights (sessions, types, groups), beyond grades and discount codes. Inputs are checked against
 * openapi/platform.yaml before sending; lists are page promises.
 *
 * @packageDocumentation
 * @module \@learnkit/platform
 */
export {
  type ApplicationsClient,
  type BeyondClient,
  createPlatformClient,
  type EventsClient,
  type InsightsClient,
  type PlatformClient,
  type PlatformClientInit,
  type RosteringClient,
} from './client';
export { OPERATIONS, type PlatformOperationId } from './operations';
export { Applications } from './resources/applications/applications';
export { Credentials } from './resources/applications/credentials';
export { Drafts } from './resources/applications/drafts';
export { Grades } from './resources/beyond/grades';
export { EventSessions } from './resources/events/sessions';
export { InsightGroups } from './resources/insights/groups';
export { InsightSessions } from './resources/insights/sessions';
export { InsightTypes } from './resources/insights/types';
export { Agents } from './resources/rostering/agents';
export { Enrollments } from './resources/rostering/enrollments';
export { LinkedUsers } from './resources/rostering/linked-users';
export { OrgConfigs, Orgs } from './resources/rostering/orgs';
export { Profiles } from './resources/rostering/profiles';
export { Roles } from './resources/rostering/roles';
export { Users } from './resources/rostering/users';
export { DiscountCodes, type ParentSessionHttp } from './resources/store/discount-codes';
// Every type of the types module is public (docs/decisions.md#d-i15-type-reexports).
export type * from './types';
