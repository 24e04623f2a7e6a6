/**
 * `@learnkit/activity`: the browser tracker (`activity.configure`, `activity.start`). What both sides share is
 * in `@learnkit/activity/protocol` (the wire format) and `@learnkit/activity/config` (`learnkit.config.json`);
 * Caliper builders in `@learnkit/activity/caliper`; the server side is `@learnkit/activity/server`.
 * Kept within 4,200 B of gzip (scripts/packages/budgets.ts): nothing here but the tracker.
 *
 * @packageDocumentation
 * @module \@learnkit/activity
 */
export { TIME_DEFAULTS } from './browser/options';
export { DEFAULT_STORAGE_KEY } from './browser/outbox';
export { ActivitySendError } from './browser/sender';
export { activity, createActivityTracker } from './browser/tracker';
export type {
  ActivityErrorContext,
  ActivityInstance,
  ActivityTracker,
  ConfigureOptions,
  StartParams,
  TimeOptions,
} from './browser/types';
export type { CompletionData, CompletionMetrics } from './completion';
export type { CourseConfig, CourseRef } from './config/types';
