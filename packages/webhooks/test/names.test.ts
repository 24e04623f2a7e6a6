import * as core from '@learnkit/core';
import { describe, expect, it } from 'vitest';
import * as webhooks from '../src/index';
import {
  createRedisDedupeStore,
  createWebhookHandler,
  DEFAULT_WEBHOOK_DEDUPE_TTL_MS,
  toNodeListener,
} from '../src/index';
import { SECRET } from './helpers';

describe('one name per concept', () => {
  it("serves Node with core's toNodeListener; the handler carries what a delivery needs of it", () => {
    expect(toNodeListener).toBe(core.toNodeListener);
    const handler = createWebhookHandler({ secret: SECRET, on: {} });
    expect(handler.nodeListenerOptions?.parsedBody).toBeTypeOf('function');
  });

  it("re-exports core's Redis dedupe store (one store for webhooks and activity)", () => {
    expect(createRedisDedupeStore).toBe(core.createRedisDedupeStore);
  });

  it('names the 48-hour dedupe TTL for webhooks, and exports no second name of it or of the store', () => {
    expect(DEFAULT_WEBHOOK_DEDUPE_TTL_MS).toBe(48 * 3_600_000);
    // Never published, so the names of the first drafts went without aliases (docs/decisions.md#d-draft-names-no-aliases).
    expect(Object.keys(webhooks)).not.toContain('DEFAULT_DEDUPE_TTL_MS');
  });
});
