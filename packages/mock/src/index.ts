/**
 * `@learnkit/mock`: the LearnKit platform as a stateful mock, served as MSW handlers or a loopback HTTP server.
 *
 * @packageDocumentation
 * @module \@learnkit/mock
 */
export { createMswHandlers, type MswModule } from './adapters/msw.js';
export type { ListeningServer, ListenOptions } from './adapters/node-server.js';
export type {
  CaseAssociationInput,
  CaseDocumentInput,
  CaseItemInput,
  CaseNodeRef,
  CasePackageUpload,
} from './case/types.js';
export {
  type EventRouting,
  type InsightEventType,
  isWebhookEventType,
  WEBHOOK_EVENT_RULES,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventRule,
  type WebhookEventType,
} from './catalogue.js';
// The trigger's sample data, so other tools (the studio's raise buttons) raise events exactly as `learnkit-mock trigger`.
export { sampleEventData } from './cli/samples.js';
export type { ClockMode, MockClock } from './clock.js';
export type { EmitOptions } from './events.js';
// `Faults` as a value: a declaration bundler cannot keep `type` on a re-exported class, and the declarations
// would then promise a runtime export (docs/decisions.md#d-pkg-exports-checked).
export { type ActiveFault, type FaultSpec, Faults, type RevokeFilter } from './faults.js';
export { signWebhook } from './internal/hmac.js';
export {
  issuerFor,
  type LaunchFault,
  launchPage,
  type MockLaunch,
  type MockLaunchInput,
  type MockLti,
  type PublicJwk,
} from './lti.js';
export {
  createMockPlatform,
  type DeveloperTokenOptions,
  type MockFixtures,
  type MockPlatform,
  type MockPlatformOptions,
} from './platform.js';
export { ALL_SCOPES, SCOPES, type Scope, WEBHOOK_SCOPES } from './scopes.js';
export type { CaseFixtures } from './seed/case.js';
export type { ApplicationFixtures, MockClients } from './seed/clients.js';
export {
  type FrameworkRecord,
  frameworkJsonChunks,
  frameworkRecords,
  type GenerateFrameworkOptions,
  generateFramework,
} from './seed/framework.js';
export type { RosterFixtures, SeededUser } from './seed/roster.js';
export type {
  Delivery,
  DeliveryAttempt,
  DeliverySkipReason,
  IssuedToken,
  MockClient,
  MockState,
  RaisedEvent,
  SkippedDelivery,
  StoredCaliperEvent,
  StoredSubscription,
  WebhookEnvelope,
} from './state.js';
