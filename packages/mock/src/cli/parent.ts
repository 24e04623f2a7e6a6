/** How often `learnkit-mock serve` looks at the process that started it: well inside its 2 s to stop. */
export const PARENT_CHECK_MS = 250;

/** The watch of {@link StartedBy.watch}. */
export type ParentWatch = {
  /** Resolves, with a sentence saying why, once whoever started this process is gone. */
  ended: Promise<string>;
  /** Stops watching (`ended` then never resolves). */
  stop(): void;
};

/** What {@link startedBy} noted at start. */
export type StartedBy = {
  /** The pid of the parent at start. */
  parent: number;
  /** Starts watching the parent. */
  watch(intervalMs?: number): ParentWatch;
};

/** Whether a process `pid` exists (one this process may not signal exists too); 0 and 1 always do. */
function exists(pid: number): boolean {
  if (pid <= 1) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Notes who started this process, first thing at start (docs/decisions.md#d-i33-orphans): the parent's pid.
 * `watch()`, once the mock serves, resolves `ended` when the parent has ended, however it ended (SIGKILL included):
 * where a process whose parent ends is given another (Linux, macOS) `process.ppid` changes, elsewhere (Windows) the
 * parent's pid stops existing. The timer is unref'd: the watch never keeps the process alive by itself.
 */
export function startedBy(): StartedBy {
  const parent = process.ppid;
  return {
    parent,
    watch(intervalMs = PARENT_CHECK_MS) {
      let timer: ReturnType<typeof setInterval> | undefined;
      let stopped = false;
      const ended = new Promise<string>((resolve) => {
        const end = (why: string) => {
          if (stopped) return;
          stopped = true;
          clearInterval(timer);
          resolve(why);
        };
        const check = () => {
          if (process.ppid !== parent || !exists(parent))
            end(`the process that started it (pid ${parent}) has ended`);
        };
        timer = setInterval(check, intervalMs);
        timer.unref();
        check();
      });
      return {
        ended,
        stop: () => {
          stopped = true;
          clearInterval(timer);
        },
      };
    },
  };
}
