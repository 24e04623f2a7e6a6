import type { MockPlatform } from '@learnkit/mock';
import { vi } from 'vitest';

/**
 * Moves time forward by `ms` for both clocks a test may hold: vitest's fake timers (when installed) and the
 * mock platform's manual clock, so a client's backoff and the platform's scheduled deliveries advance together.
 */
export async function advanceTime(platform: MockPlatform, ms: number): Promise<void> {
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(ms);
  await platform.clock.advance(ms);
}
