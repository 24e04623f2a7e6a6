// Time accounting of docs/decisions.md#d-time-accounting: every figure is a difference of monotonic clock readings taken at
// state changes (visibility, pause, cut), never a count of timer ticks, which browsers throttle.

/** A closed window, in monotonic milliseconds (it ends where it was cut). */
export interface MeteredWindow {
  activeMs: number;
  inactiveMs: number;
  start: number;
}

/** Splits running time into active (visible) and inactive (hidden) milliseconds, window by window. */
export interface Meter {
  /** Starts counting a fresh window at `t`. */
  start(t: number): void;
  /** Visibility from `t` on: time counts as active while visible, inactive while hidden. */
  setVisible(visible: boolean, t: number): void;
  /** Closes the window at `t` and opens the next one there; `stop` also stops counting. */
  cut(t: number, stop?: boolean): MeteredWindow;
  /** Active ms of the open window up to `t`. */
  activeAt(t: number): number;
}

/** A {@link Meter}, stopped, with the given visibility. */
export function createMeter(visible: boolean): Meter {
  let running = false;
  let windowStart = 0;
  let since = 0;
  let active = 0;
  let inactive = 0;
  const settle = (t: number) => {
    if (!running) return;
    if (visible) active += t - since;
    else inactive += t - since;
    since = t;
  };
  return {
    start(t) {
      running = true;
      windowStart = since = t;
      active = inactive = 0;
    },
    setVisible(v, t) {
      settle(t);
      visible = v;
    },
    cut(t, stop = false) {
      settle(t);
      const window = { activeMs: active, inactiveMs: inactive, start: windowStart };
      windowStart = t;
      active = inactive = 0;
      if (stop) running = false;
      return window;
    },
    activeAt(t) {
      return active + (running && visible ? t - since : 0);
    },
  };
}
