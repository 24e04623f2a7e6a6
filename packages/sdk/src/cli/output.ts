import * as util from 'node:util';
import { redactUserinfo } from '@learnkit/core/internal';

/** The streams the CLI writes to (process.stdout and process.stderr, or test doubles), and reads `--body -` from. */
export interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; hasColors?: () => boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; hasColors?: () => boolean };
  /** Standard input (process.stdin); without it, `--body -` reads nothing. */
  stdin?: NodeJS.ReadableStream | undefined;
}

type Style = 'bold' | 'dim' | 'green' | 'red' | 'yellow' | 'cyan';

// `styleText` is Node >= 20.12; on an older Node the output is plain (docs/decisions.md#d-cli-parse-args).
const styleText = (util as { styleText?: (format: Style, text: string) => string }).styleText;

/** Whether `stream` is a terminal that wants colour (tty's `hasColors` honours NO_COLOR and FORCE_COLOR). */
function colours(stream: Streams['stdout']): boolean {
  return styleText !== undefined && typeof stream.hasColors === 'function' && stream.hasColors();
}

/**
 * Where every line of the CLI goes: data on stdout, messages on stderr, coloured only on a terminal, and every
 * known secret (the client secret, the developer token) replaced before it is written
 * (docs/decisions.md#d-cli-no-secret-output).
 */
export class Output {
  readonly #streams: Streams;
  readonly #secrets: string[] = [];
  /** `--json`: one JSON document on stdout, errors as JSON on stderr. */
  readonly json: boolean;

  constructor(streams: Streams, json: boolean) {
    this.#streams = streams;
    this.json = json;
  }

  /** Adds values that must never be printed. */
  hide(...secrets: (string | undefined)[]): void {
    for (const secret of secrets) if (secret && secret.length >= 4) this.#secrets.push(secret);
  }

  /** `text` without any hidden value. */
  redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.split(secret).join('[redacted]');
    return out;
  }

  /** A line of data on stdout. */
  out(line = ''): void {
    this.#streams.stdout.write(`${this.redact(line)}\n`);
  }

  /** Bytes on stdout as they are (a file response piped on), not redacted: they are the platform's file. */
  bytes(data: Uint8Array): void {
    this.#streams.stdout.write(data);
  }

  /** Whether stdout is a terminal (where a file's bytes are never written). */
  get stdoutIsTerminal(): boolean {
    return this.#streams.stdout.isTTY === true;
  }

  /** `value` as indented JSON on stdout. */
  data(value: unknown): void {
    this.out(JSON.stringify(value, null, 2));
  }

  /**
   * A message for the person on stderr (never data). Besides the hidden values, the password of anything shaped
   * like userinfo (`user:password@`) goes: a message may quote a profile's value, key or name
   * (docs/decisions.md#d-userinfo-redacted). Data on stdout is the platform's and is written as it is.
   */
  note(line: string): void {
    this.#streams.stderr.write(`${redactUserinfo(this.redact(line))}\n`);
  }

  /** `text` styled for stdout (plain unless stdout is a colour terminal). */
  style(format: Style, text: string): string {
    return colours(this.#streams.stdout) && styleText ? styleText(format, text) : text;
  }

  /** `text` styled for stderr. */
  styleErr(format: Style, text: string): string {
    return colours(this.#streams.stderr) && styleText ? styleText(format, text) : text;
  }

  /** The stderr stream, for the progress display. */
  get stderr(): Streams['stderr'] {
    return this.#streams.stderr;
  }

  /** Standard input, for `--body -`. */
  get stdin(): Streams['stdin'] {
    return this.#streams.stdin;
  }
}

/** Rows as aligned columns (the last column unpadded). */
export function table(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}
