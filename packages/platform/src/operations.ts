/** An operationId of the platform families this package covers. */
export type PlatformOperationId =
  | 'getUser'
  | 'upsertUser'
  | 'listUserRoles'
  | 'upsertUserRole'
  | 'listUserProfiles'
  | 'getUserProfile'
  | 'listUserAgents'
  | 'listLinkedUsers'
  | 'listEnrollments'
  | 'getEnrollment'
  | 'getOrgConfig'
  | 'putOrgConfig'
  | 'createApplicationDraft'
  | 'getApplicationCredentials'
  | 'rotateApplicationCredentials'
  | 'listApplications'
  | 'getApplication'
  | 'upsertApplication'
  | 'listSessionEvents'
  | 'listInsightSessions'
  | 'createInsightSession'
  | 'getInsightSession'
  | 'getInsightSessionEnforcementState'
  | 'listInsightTypes'
  | 'listInsightGroups'
  | 'getStudentGrades'
  | 'validateAppDiscountCode'
  | 'validateStoreDiscountCode';

/**
 * Every operation of openapi/platform.yaml under `/rostering/1.0`, `/applications/1.0`, `/events/1.0`,
 * `/insights/1.0`, `/beyond/1.0`, `/apps/v1` and `/store/v1`, by operationId, with the method that calls it
 * (its path below `lk`, or below the client of `createPlatformClient`). The SDK's operation-coverage test
 * unites this table with the other packages'; this package's own test holds it to the document.
 *
 * @example
 * OPERATIONS.getUser; // 'rostering.users.get'
 */
export const OPERATIONS: Readonly<Record<PlatformOperationId, string>> = Object.freeze({
  getUser: 'rostering.users.get',
  upsertUser: 'rostering.users.upsert',
  listUserRoles: 'rostering.roles.list',
  upsertUserRole: 'rostering.roles.upsert',
  listUserProfiles: 'rostering.profiles.list',
  getUserProfile: 'rostering.profiles.get',
  listUserAgents: 'rostering.agents.list',
  listLinkedUsers: 'rostering.linkedUsers.list',
  listEnrollments: 'rostering.enrollments.list',
  getEnrollment: 'rostering.enrollments.get',
  getOrgConfig: 'rostering.orgs.config.get',
  putOrgConfig: 'rostering.orgs.config.update',
  createApplicationDraft: 'applications.drafts.create',
  getApplicationCredentials: 'applications.credentials.get',
  rotateApplicationCredentials: 'applications.credentials.rotate',
  listApplications: 'applications.applications.list',
  getApplication: 'applications.applications.get',
  upsertApplication: 'applications.applications.upsert',
  listSessionEvents: 'events.sessions.get',
  listInsightSessions: 'insights.sessions.list',
  createInsightSession: 'insights.sessions.writeMetadata',
  getInsightSession: 'insights.sessions.get',
  getInsightSessionEnforcementState: 'insights.sessions.getEnforcementState',
  listInsightTypes: 'insights.types.list',
  listInsightGroups: 'insights.groups.list',
  getStudentGrades: 'beyond.grades.get',
  validateAppDiscountCode: 'discountCodes.validateForApp',
  validateStoreDiscountCode: 'discountCodes.validateForParentCheckout',
});
