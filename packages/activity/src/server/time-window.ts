import type { TimeWindow } from '../protocol';

/**
 * How far `activeMs + inactiveMs` may exceed `endedAt - startedAt`: 1 s, as for `record` (decision 44). The
 * tracker derives both from one monotonic clock, so its windows fit exactly (docs/decisions.md#d-activity-window-span).
 */
export const WINDOW_SLACK_MS = 1000;

/**
 * What makes a window implausible, naming the member under `at` (`events[0].window`), or undefined: it ends before
 * it starts, or it claims more time than passed between its two instants. The protocol check before it has made
 * sure the durations are finite numbers >= 0 and the instants ISO 8601 date-times.
 */
export function windowSpanProblem(window: TimeWindow, at: string): string | undefined {
  const span = Date.parse(window.endedAt) - Date.parse(window.startedAt);
  if (span < 0) return `${at}.endedAt: must not be before startedAt`;
  const claimed = window.activeMs + window.inactiveMs;
  if (claimed > span + WINDOW_SLACK_MS)
    return `${at}.activeMs: activeMs + inactiveMs (${claimed} ms) exceed endedAt - startedAt (${span} ms) by more than ${WINDOW_SLACK_MS} ms`;
  return undefined;
}
