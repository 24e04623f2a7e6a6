import { writeFile } from 'node:fs/promises';
import { BinaryContent } from '@learnkit/core';
import type { ApiOperation } from '../../generated/api-operations';
import type { CommandContext } from '../context';
import { CliError, EXIT } from '../exit-codes';

// `learnkit api` for an operation that returns a file, not JSON (a Common Cartridge ZIP): written to `--output FILE`,
// or to stdout when stdout is a pipe or a file, never dumped on a terminal (docs/decisions.md#d-oneroster-binary-export).

/** `--output` given to an operation that returns JSON: refused before anything is sent. */
export function checkOutputOption(ctx: CommandContext, op: ApiOperation): string | undefined {
  const output = ctx.options.output as string | undefined;
  if (output === undefined) return undefined;
  if (!op.file) {
    throw new CliError(
      EXIT.usage,
      `--output writes a file response; ${op.resource} ${op.method} returns JSON, which is printed (redirect stdout to keep it)`,
    );
  }
  if (output === '') throw new CliError(EXIT.usage, '--output needs a file name: --output cartridge.imscc');
  return output;
}

/** The refusal to print a file's bytes where a person reads (a terminal) or where JSON is expected (`--json`). */
function nowhereToWrite(ctx: CommandContext, op: ApiOperation, file: BinaryContent): CliError {
  const name = file.filename ?? 'FILE';
  const where = ctx.out.json ? '--json prints JSON, not a file' : 'it is not printed on a terminal';
  return new CliError(
    EXIT.usage,
    `${op.resource} ${op.method} responded a file (${file.contentType ?? 'no media type'}, ${file.size} bytes); ${where}. Pass --output ${name}, or redirect stdout to a file.`,
  );
}

/** Writes a file response where the options say, and says what was written on stderr (or as JSON with `--json`). */
export async function writeFileResponse(
  ctx: CommandContext,
  op: ApiOperation,
  file: BinaryContent,
  output: string | undefined,
): Promise<void> {
  const { out } = ctx;
  const bytes = await file.bytes();
  if (output === undefined) {
    if (out.json || out.stdoutIsTerminal) throw nowhereToWrite(ctx, op, file);
    out.bytes(bytes);
    return;
  }
  await writeFile(output, bytes);
  const summary = {
    output,
    filename: file.filename ?? null,
    mediaType: file.contentType ?? null,
    size: file.size,
  };
  if (out.json) out.out(JSON.stringify(summary));
  else out.note(`Wrote ${file.size} bytes (${file.contentType ?? 'no media type'}) to ${output}.`);
}

/** Whether a method's response is a file (core's `BinaryContent`). */
export const isFileResponse = (value: unknown): value is BinaryContent => value instanceof BinaryContent;
