import type { Streams } from './output';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** One step of a progress display. */
export interface ProgressStep {
  /** Says how far the step is, after its label while it runs (`300 of 1234 items`), redrawn in place. */
  update(status: string): void;
  /** Ends the step with a tick and what it did. */
  done(detail?: string): void;
  /** Ends the step with a cross. */
  fail(): void;
}

/** A display of the steps of a long command, on stderr. */
export interface Progress {
  /** Starts a step (a spinner and the seconds spent, on a terminal). */
  step(label: string): ProgressStep;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Steps with a spinner and a timer, redrawn in place, when `stream` is a terminal; nothing at all otherwise, so
 * a script's stderr holds only real messages (docs/decisions.md#d-cli-progress-display). `now` is the clock (tests).
 */
export function createProgress(
  stream: Streams['stderr'],
  enabled: boolean,
  now: () => number = () => performance.now(),
): Progress {
  if (!enabled || !stream.isTTY) {
    return { step: () => ({ update() {}, done() {}, fail() {} }) };
  }
  return {
    step(label) {
      let status = '';
      const started = now();
      let frame = 0;
      const draw = () => {
        const text = status ? `${label}: ${status}` : label;
        stream.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${text} ${seconds(now() - started)}`);
      };
      draw();
      const timer = setInterval(draw, 100);
      timer.unref?.();
      const end = (mark: string, detail?: string) => {
        clearInterval(timer);
        stream.write(
          `\r\x1b[2K${mark} ${label}${detail ? `: ${detail}` : ''} (${seconds(now() - started)})\n`,
        );
      };
      return {
        update(next) {
          status = next;
          draw();
        },
        done: (detail) => end('✔', detail),
        fail: () => end('✖'),
      };
    },
  };
}
