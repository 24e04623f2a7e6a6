import type { LearnKit } from '@learnkit/sdk';
import { type ActivityResult, completeActivity } from './activity';
import { type BrowseResult, browseFramework } from './browse';
import type { Print } from './output';
import { manageSubscription, type SubscriptionResult } from './subscriptions';
import { type UploadResult, uploadPackage } from './upload';
import { type ValidateResult, validateIds } from './validate';

/** The URL subscriptions point at (HTTPS with a domain name: the platform refuses anything else). */
export const DEFAULT_WEBHOOK_URL = 'https://hooks.partner.example/learnkit';

/** The example's five steps, in order; the demo runs them one by one with its own progress lines. */
export const STEPS = [
  {
    key: 'browse',
    title: 'Browse a framework',
    heading: 'Browse a framework (documents, a package tree, items with a filter)',
  },
  { key: 'upload', title: 'Upload a package', heading: 'Upload a package (fromCaseJson, upload, read back)' },
  {
    key: 'validate',
    title: 'Validate item ids',
    heading: 'Validate item ids (valid, invalid, refused before sending)',
  },
  {
    key: 'subscription',
    title: 'Manage a subscription',
    heading: 'Manage a subscription (create, list, pause, rotate, delete)',
  },
  {
    key: 'activity',
    title: 'Grade a completed activity',
    heading:
      'Record an activity and post its grade (lk.activity.record, then a OneRoster line item and result)',
  },
] as const;

/** One of {@link STEPS}. */
export type Step = (typeof STEPS)[number];

/** What the example did, step by step. */
export interface BackendResult {
  browse: BrowseResult;
  upload: UploadResult;
  validate: ValidateResult;
  subscription: SubscriptionResult;
  activity: ActivityResult;
}

/** Options of {@link runBackendExample}. */
export interface RunOptions {
  lk: LearnKit;
  appId: string;
  webhookUrl?: string;
  /** The student who completes the activity (a rostering user's email). */
  studentEmail: string;
  /** Where step output goes (default console.log). */
  print?: Print;
  /** Wraps each step, e.g. to time it and print a progress line (default: runs it under a title line). */
  step?: <T extends { summary: string }>(step: Step, run: (print: Print) => Promise<T>) => Promise<T>;
}

/** Runs the back-end example's steps against whatever platform `lk` points at. */
export async function runBackendExample(options: RunOptions): Promise<BackendResult> {
  const { lk, appId } = options;
  const print = options.print ?? ((line: string) => console.log(line));
  const step =
    options.step ??
    (async <T extends { summary: string }>(step: Step, run: (p: Print) => Promise<T>): Promise<T> => {
      print(`\n${step.heading}`);
      return run((line) => print(`  ${line}`));
    });
  const [browse, upload, validate, subscription, activity] = STEPS;
  const browsed = await step(browse, (p) => browseFramework(lk, p));
  const uploaded = await step(upload, (p) => uploadPackage(lk, p));
  const validated = await step(validate, (p) =>
    validateIds(lk, p, [...browsed.standardIds.slice(0, 2), ...uploaded.itemIds.slice(-2)]),
  );
  const managed = await step(subscription, (p) =>
    manageSubscription(lk, p, appId, options.webhookUrl ?? DEFAULT_WEBHOOK_URL),
  );
  const completed = await step(activity, (p) => completeActivity(lk, p, options.studentEmail));
  return {
    browse: browsed,
    upload: uploaded,
    validate: validated,
    subscription: managed,
    activity: completed,
  };
}
