/**
 * How the mock's time runs.
 * - `manual`: time stands still until a test calls `advance(ms)` or `runAll()` (the default).
 * - `realtime`: wall-clock time; scheduled work runs on real timers.
 * - `fast`: wall-clock timestamps, but every scheduled wait (outbox, retry backoff) is 60 times shorter.
 */
export type ClockMode = 'manual' | 'realtime' | 'fast';

/** The clock tests drive: every time the mock records or schedules comes from here. */
export interface MockClock {
  /** The mode this clock was created with. */
  readonly mode: ClockMode;
  /** The current time in milliseconds since the epoch (like `Date.now()`). */
  now(): number;
  /** Moves time forward by `ms`, running everything that falls due (deliveries, retries, drains) in time order. */
  advance(ms: number): Promise<void>;
  /** Runs every scheduled task, moving time to each one's due time, until nothing is left (or `limit` tasks ran). */
  runAll(options?: { limit?: number }): Promise<number>;
  /** How many tasks are scheduled. */
  pending(): number;
  /** When the next scheduled task falls due, if any. */
  nextAt(): number | undefined;
}

type Timer = { at: number; due: number; task: () => unknown; label: string };

/** A clock with a timer queue, serving the three modes with one implementation. */
export class VirtualClock implements MockClock {
  // `fast`: a minute's wait takes a second.
  readonly #speed: number;
  readonly #onError: (error: unknown, label: string) => void;
  readonly #base: number;
  #offset = 0;
  #timers: Timer[] = [];
  #chain: Promise<unknown> = Promise.resolve();
  #handle: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(
    readonly mode: ClockMode = 'manual',
    options: {
      /** Start of a manual clock (default: the real time at creation, so signatures verify against real clocks). */
      start?: number | Date | undefined;
      /** Called when a scheduled task throws. */
      onError?: (error: unknown, label: string) => void;
    } = {},
  ) {
    this.#speed = mode === 'fast' ? 60 : 1;
    this.#onError = options.onError ?? (() => {});
    const start = options.start instanceof Date ? options.start.getTime() : options.start;
    // Whole seconds, so signature timestamps and ISO strings line up with what tests compute.
    this.#base = start ?? Math.floor(Date.now() / 1000) * 1000;
  }

  now(): number {
    return this.mode === 'manual' ? this.#base + this.#offset : Date.now() + this.#offset;
  }

  pending(): number {
    return this.#timers.length;
  }

  nextAt(): number | undefined {
    return this.#timers[0]?.at;
  }

  /** Runs `task` once the clock reaches `at`; returns a function that cancels it. */
  schedule(at: number, task: () => unknown, label = 'task'): () => void {
    const due = Date.now() + Math.max(0, at - this.now()) / this.#speed;
    const timer: Timer = { at, due, task, label };
    const key = this.mode === 'manual' ? 'at' : 'due';
    this.#timers.push(timer);
    // The sort is stable: tasks due at once run in the order they were scheduled.
    this.#timers.sort((a, b) => a[key] - b[key]);
    this.#arm();
    return () => {
      this.#timers = this.#timers.filter((entry) => entry !== timer);
      this.#arm();
    };
  }

  advance(ms: number): Promise<void> {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError('advance(ms) needs a finite, non-negative number');
    return this.#enqueue(async () => {
      const target = this.now() + ms;
      await this.#runWhile((timer) => timer.at <= target, Infinity, true);
      this.#moveTo(target);
    });
  }

  runAll(options: { limit?: number } = {}): Promise<number> {
    return this.#enqueue(() => this.#runWhile(() => true, options.limit ?? 10_000, true));
  }

  /** Stops the real timers of realtime and fast clocks (pending tasks stay queued). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#handle);
  }

  #moveTo(at: number): void {
    if (at > this.now()) this.#offset += at - this.now();
  }

  /** Runs the first task while `due` holds of it (at most `limit`), moving time to each one's first with `move`. */
  async #runWhile(due: (timer: Timer) => boolean, limit: number, move: boolean): Promise<number> {
    let ran = 0;
    for (let timer = this.#timers[0]; timer && ran < limit && due(timer); timer = this.#timers[0]) {
      if (move) this.#moveTo(timer.at);
      this.#timers.shift();
      try {
        await timer.task();
      } catch (error) {
        this.#onError(error, timer.label);
      }
      ran++;
    }
    return ran;
  }

  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(work);
    this.#chain = next.catch(() => {});
    return next;
  }

  // Realtime and fast clocks run due tasks from one real timer, re-armed for the earliest task.
  #arm(): void {
    if (this.mode === 'manual' || this.#stopped) return;
    clearTimeout(this.#handle);
    const first = this.#timers[0];
    if (!first) return;
    this.#handle = setTimeout(
      () => {
        const run = () => {
          const now = Date.now();
          return this.#runWhile((timer) => timer.due <= now, Infinity, false);
        };
        void this.#enqueue(run).finally(() => this.#arm());
      },
      Math.max(0, first.due - Date.now()),
    );
    // A pending delivery must not keep a test process or a CLI alive on its own.
    (this.#handle as { unref?: () => void }).unref?.();
  }
}
