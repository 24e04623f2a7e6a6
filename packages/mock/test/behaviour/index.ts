import { describe } from 'vitest';
import { type Transport, useHarness } from '../support/harness.js';
import { badInputTests } from './bad-input.js';
import { caliperTests } from './caliper.js';
import { caseTests } from './case.js';
import { deliveryTests } from './deliveries.js';
import { faultTests } from './faults.js';
import { rosterTests } from './roster.js';
import { tokenTests } from './tokens.js';
import { webhookTests } from './webhooks.js';

/** The whole behaviour suite over one transport; msw.test.ts and loopback.test.ts run it once each. */
export function behaviourSuite(transport: Transport): void {
  describe(`platform behaviour over ${transport}`, () => {
    const harness = useHarness(transport);
    tokenTests(harness);
    caseTests(harness);
    webhookTests(harness);
    deliveryTests(harness);
    caliperTests(harness);
    faultTests(harness);
    rosterTests(harness);
    badInputTests(harness);
  });
}
