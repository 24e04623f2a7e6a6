// Progress lines of the demo: one line per step, a check mark (or a cross) and the time it took.
// No dependencies: the demo must run from a fresh clone right after `pnpm install`.

const tty = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
const paint = (code: number) => (text: string) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);

/** Terminal colours, plain text when stdout is not a terminal (or NO_COLOR is set). */
export const color = { green: paint(32), red: paint(31), dim: paint(2), bold: paint(1), cyan: paint(36) };

/** `ms` as `412 ms` or `1.3 s`. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

// Titles are padded to this width so times and details line up.
const TITLE_WIDTH = 27;

/** One finished step, for the summary. */
export interface StepRecord {
  title: string;
  detail: string;
  ms: number;
  ok: boolean;
}

/** Runs steps one after another, printing a line for each; the first failure stops the run. */
export class Progress {
  readonly steps: StepRecord[] = [];
  readonly #verbose: boolean;
  readonly #write: (text: string) => void;
  #index = 0;

  constructor(options: { total: number; verbose?: boolean; write?: (text: string) => void }) {
    this.#verbose = options.verbose ?? false;
    this.#write = options.write ?? ((text) => process.stdout.write(text));
    this.total = options.total;
  }

  /** How many steps the run has (for the `[n/total]` counter). */
  total: number;

  /**
   * Runs `work`, then prints `✓ [n/total] title  detail  (time)`. `work` gets a `print` for sub-lines, shown only
   * with `--verbose`, and returns the detail text with its value.
   */
  async step<T>(
    title: string,
    work: (print: (line: string) => void) => Promise<{ value: T; detail: string }>,
  ): Promise<T> {
    this.#index++;
    const counter = color.dim(`[${String(this.#index).padStart(String(this.total).length)}/${this.total}]`);
    if (tty) this.#write(`  ${color.cyan('…')} ${counter} ${title}`);
    const lines: string[] = [];
    const print = (line: string) => {
      lines.push(line);
    };
    const started = performance.now();
    try {
      const { value, detail } = await work(print);
      const ms = performance.now() - started;
      this.steps.push({ title, detail, ms, ok: true });
      const time = duration(ms).padStart(7);
      this.#line(
        `  ${color.green('✓')} ${counter} ${title.padEnd(TITLE_WIDTH)} ${color.dim(time)}  ${detail}`,
      );
      if (this.#verbose) for (const line of lines) this.#write(`        ${color.dim(line)}\n`);
      return value;
    } catch (error) {
      const ms = performance.now() - started;
      const message = error instanceof Error ? error.message : String(error);
      this.steps.push({ title, detail: message, ms, ok: false });
      this.#line(
        `  ${color.red('✗')} ${counter} ${title.padEnd(TITLE_WIDTH)} ${color.dim(duration(ms).padStart(7))}  ${color.red(message)}`,
      );
      for (const line of lines) this.#write(`        ${color.dim(line)}\n`);
      throw error;
    }
  }

  #line(text: string): void {
    this.#write(tty ? `\r\x1b[K${text}\n` : `${text}\n`);
  }
}
