// The page around the tracker: visibility, pagehide, storage and the fake clocks.
import { vi } from 'vitest';

let state: DocumentVisibilityState = 'visible';

/** Makes `document.visibilityState` controllable (happy-dom always says visible). */
export function installVisibility(): void {
  state = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
}

/** Changes the visibility and fires `visibilitychange`, as a tab switch does. */
export function setVisibility(next: DocumentVisibilityState): void {
  if (state === next) return;
  state = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Fires `pagehide`, as closing or navigating away does. */
export function pageHide(): void {
  window.dispatchEvent(new Event('pagehide'));
}

/** A Storage in memory, standing for one origin's localStorage across "reloads". */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

/** Fake timers with both clocks at known values; `advance` lets timers and promises run. */
export function useClocks(): {
  advance: (ms: number) => Promise<void>;
  now: () => number;
  monotonic: () => number;
} {
  vi.useRealTimers();
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 5, 10, 0, 0) });
  return {
    advance: (ms) => vi.advanceTimersByTimeAsync(ms).then(() => undefined),
    now: () => Date.now(),
    monotonic: () => performance.now(),
  };
}

/** Lets pending promise callbacks run without moving the clock. */
export const settle = (): Promise<void> => vi.advanceTimersByTimeAsync(0).then(() => undefined);
