// Runs `learnkit` in this process through `run({ argv, env, streams })`, as bin/learnkit.js does, with streams that
// keep what it writes: fast enough to call every operation of the platform, and reached by MSW's interception.
import { Readable } from 'node:stream';
import { run } from '../../src/cli/main';

/** How one run ended, and what it wrote. */
export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
  /** Every byte written to stdout, as written (a file response's bytes). */
  stdoutBytes: Buffer;
}

/** What the run's streams are like. */
export interface RunOptions {
  /** Standard input (for `--body -`); none when left out. */
  stdin?: string;
  /** Whether stderr is a terminal (the progress display draws only there). */
  tty?: boolean;
  /** Whether stdout is a terminal (where a file response is never written). */
  stdoutTty?: boolean;
}

/** A writable stream that appends what it is given to `text`. */
function sink(isTTY: boolean) {
  const stream = {
    isTTY,
    text: '',
    chunks: [] as Buffer[],
    write(chunk: string | Uint8Array) {
      stream.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1');
      stream.chunks.push(Buffer.from(chunk));
      return true;
    },
  };
  return stream;
}

/** Runs `learnkit ...argv` with exactly `env`. */
export async function runCli(
  argv: readonly string[],
  env: Record<string, string>,
  options: RunOptions = {},
): Promise<Captured> {
  const stdout = sink(options.stdoutTty ?? false);
  const stderr = sink(options.tty ?? false);
  const code = await run({
    argv,
    env,
    streams: {
      stdout: stdout as never,
      stderr: stderr as never,
      stdin: options.stdin === undefined ? undefined : Readable.from([Buffer.from(options.stdin)]),
    },
  });
  return { code, stdout: stdout.text, stderr: stderr.text, stdoutBytes: Buffer.concat(stdout.chunks) };
}
