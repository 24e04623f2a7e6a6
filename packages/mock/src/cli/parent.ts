import { Socket } from 'node:net';
import { isatty } from 'node:tty';

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
  /** Starts watching the parent, and stdin when it is a pipe that was still open. */
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
 * Whether stdin is a pipe or a socket: Node makes `process.stdin` a `net.Socket` then, and for a terminal a
 * `tty.ReadStream` (a Socket too, hence isatty first, which also leaves a terminal's stdin untouched); for
 * /dev/null (what `stdio: 'ignore'` gives) and a file, an `fs.ReadStream`. Not `fs.fstatSync(0)`: on a pipe it leaves
 * the FIFO bit in the stat buffer `fs.realpathSync` reads, and the module loader then stops following pnpm's
 * symlinks (nodejs/node#51142; docs/decisions.md#d-mock-serve-stops-with-stdin).
 */
function stdinIsPipe(): boolean {
  return !isatty(0) && process.stdin instanceof Socket;
}

/** Reads a piped stdin to its end, without keeping the process alive; undefined for any other stdin. */
function pipedStdin(): { closed: boolean; onClose(listener: () => void): void } | undefined {
  if (!stdinIsPipe()) return undefined;
  const listeners = new Set<() => void>();
  const state = {
    closed: false,
    onClose: (listener: () => void) => listeners.add(listener),
  };
  const close = () => {
    if (state.closed) return;
    state.closed = true;
    for (const listener of listeners) listener();
  };
  (process.stdin as Socket).on('end', close).on('close', close).on('error', close).resume().unref();
  return state;
}

/**
 * Notes who started this process, first thing at start (docs/decisions.md#d-mock-serve-stops-with-parent): the parent's pid, and
 * whether a piped stdin is still open (docs/decisions.md#d-mock-serve-stops-with-stdin). `watch()`, once the mock serves,
 * resolves `ended` when the parent has ended, however it ended (SIGKILL included): where a process whose parent
 * ends is given another (Linux, macOS) `process.ppid` changes, elsewhere (Windows) the parent's pid stops existing.
 * It also resolves when a piped stdin closes after serving began: whoever held the pipe has ended, even with a
 * wrapper that stays in between (npx, pnpm exec). A pipe closed before then is a tool handing no input, not an end.
 * The timer and stdin are unref'd: the watch never keeps the process alive by itself.
 */
export function startedBy(): StartedBy {
  const parent = process.ppid;
  const stdin = pipedStdin();
  return {
    parent,
    watch(intervalMs = PARENT_CHECK_MS) {
      let timer: ReturnType<typeof setInterval> | undefined;
      let stopped = false;
      const openWhenServing = stdin !== undefined && !stdin.closed;
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
        if (openWhenServing) stdin.onClose(() => end('its standard input (a pipe) was closed'));
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
