/**
 * `@learnkit/platform`: the platform's own APIs as clients: rostering 1.0 (users, roles, profiles, agents,
 * linked users, enrollments, org config), applications (drafts, credentials, the registry), Caliper sessions,
 * insights (sessions, users, types, groups), beyond grades and discount codes. Inputs are checked against
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
// The platform's document as generated from openapi/platform.yaml: its paths, components and webhooks
// (`createHttpClient<PlatformPaths>` of `@learnkit/core`), and the JSON Schema of each component.
export { platformSchemas } from './generated/json-schemas';
export type {
  components as PlatformComponents,
  PlatformSchemas,
  paths as PlatformPaths,
  webhooks as PlatformWebhooks,
} from './generated/openapi-types';
export { OPERATIONS, type OperationId as PlatformOperationId } from './generated/operations';
export { Applications } from './generated/resources/applications/applications';
export { Credentials } from './generated/resources/applications/credentials';
export { Drafts } from './generated/resources/applications/drafts';
export { LtiApplications } from './generated/resources/applications/lti-applications';
export { Grades } from './generated/resources/beyond/grades';
export { EventSessions } from './generated/resources/events/sessions';
export { InsightGroups } from './generated/resources/insights/groups';
export { InsightSessions } from './generated/resources/insights/sessions';
export { InsightTypes } from './generated/resources/insights/types';
export { InsightUsers } from './generated/resources/insights/users';
export { Agents } from './generated/resources/rostering/agents';
export { Enrollments } from './generated/resources/rostering/enrollments';
export { LinkedUsers } from './generated/resources/rostering/linked-users';
export { Orgs } from './generated/resources/rostering/orgs';
export { OrgConfigs } from './generated/resources/rostering/orgs/config';
export { Profiles } from './generated/resources/rostering/profiles';
export { Roles } from './generated/resources/rostering/roles';
export { Students } from './generated/resources/rostering/students';
export { Users } from './generated/resources/rostering/users';
export { DiscountCodes, type ParentSessionHttp } from './resources/store/discount-codes';
// Every type of the types module is public (docs/decisions.md#d-type-reexports).
export type * from './types';
