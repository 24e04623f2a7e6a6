import type { Page } from '@learnkit/core';
import type { PagePromise } from '@learnkit/core/internal';
import type { ApiOperation } from '../../generated/api-operations';
import type { LearnKit } from '../../learnkit';
import type { CommandContext } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { createProgress } from '../progress';
import { checkOutputOption, isFileResponse, writeFileResponse } from './file-response';
import { findOperation } from './find';
import { API_USAGE, listOperations, operationHelp } from './help';
import { callArguments } from './input';
import { itemsTable, plain, single } from './render';

/** `lk.<resource>.<method>` of this instance, bound to its resource. */
function methodOf(lk: LearnKit, op: ApiOperation): (...args: unknown[]) => unknown {
  let target: unknown = lk;
  for (const key of op.resource.split('.')) target = (target as Record<string, unknown>)[key];
  const method = (target as Record<string, unknown>)[op.method];
  if (typeof method !== 'function') {
    // The table and the SDK are generated from one map; a test holds every row to a method.
    throw new Error(`lk.${op.resource}.${op.method} is not a method of this SDK`);
  }
  return (...args) => method.apply(target, args);
}

/** Whether a response held a secret the platform hands out once (see `plain`). */
type Revealed = { secret: boolean };

/** The note `learnkit webhooks create` gives with a signing secret, on stderr after the data. */
function noteSecret(ctx: CommandContext, revealed: Revealed): void {
  if (!revealed.secret) return;
  ctx.out.note(
    ctx.out.styleErr('yellow', 'Store the secret now: the platform shows it once (never again in a read).'),
  );
}

/** The items of a listing: its first page, or every page with `--all` (progress on a terminal). */
async function listing(
  ctx: CommandContext,
  op: ApiOperation,
  pages: PagePromise<unknown>,
  revealed: Revealed,
): Promise<void> {
  const { out } = ctx;
  if (ctx.options.all !== true) {
    const page = await pages;
    const items = plain(page.data, revealed) as unknown[];
    if (out.json) for (const item of items) out.out(JSON.stringify(item));
    else {
      itemsTable(out, items);
      if (page.hasNextPage()) {
        const of = page.total === undefined ? '' : ` of ${page.total}`;
        out.note(`The first ${items.length}${of} items; --all lists every page.`);
      }
    }
    return;
  }
  const label = `Listing ${op.resource} ${op.method}`;
  const step = createProgress(out.stderr, ctx.progress).step(label);
  const buffered: unknown[] = [];
  let count = 0;
  let pageCount = 0;
  try {
    for await (const page of pages.pages() as AsyncIterable<Page<unknown>>) {
      pageCount++;
      const items = plain(page.data, revealed) as unknown[];
      count += items.length;
      // JSON lines go out as each page comes, so a long walk streams; a table waits for its widths.
      if (out.json) for (const item of items) out.out(JSON.stringify(item));
      else buffered.push(...items);
      step.update(`${count}${page.total === undefined ? '' : ` of ${page.total}`} items`);
    }
  } catch (error) {
    step.fail();
    throw error;
  }
  step.done(`${count} items, ${pageCount} page${pageCount === 1 ? '' : 's'}`);
  if (!out.json) itemsTable(out, buffered);
}

/**
 * `learnkit api <resource> <method> [ARGS...] [--query NAME=VALUE]... [--body @FILE|-|JSON] [--all]` and
 * `learnkit api --list`: any operation of the platform through the SDK method that calls it
 * (docs/decisions.md#d-cli-api-command).
 */
export async function apiCommand(ctx: CommandContext, rest: readonly string[]): Promise<void> {
  const { out, options } = ctx;
  if (options.list === true) {
    if (rest.length > 0) throw new CliError(EXIT.usage, '--list takes no resource or method');
    listOperations(out);
    return;
  }
  if (options.help === true && rest.length === 0) {
    out.out(API_USAGE);
    return;
  }
  const [resource, method, ...path] = rest;
  const op = findOperation(resource, method);
  if (options.help === true) {
    operationHelp(out, op);
    return;
  }
  if (options.all === true && !op.page) {
    throw new CliError(
      EXIT.usage,
      `--all walks the pages of a listing; ${op.resource} ${op.method} is not one (it responds at once)`,
    );
  }
  const output = checkOutputOption(ctx, op);
  const args = await callArguments(
    op,
    {
      path,
      query: (options.query as string[] | undefined) ?? [],
      body: options.body as string | undefined,
      options: (options.option as string[] | undefined) ?? [],
    },
    out,
  );
  const call = methodOf(ctx.lk(), op);
  const revealed: Revealed = { secret: false };
  if (op.page) await listing(ctx, op, call(...args) as PagePromise<unknown>, revealed);
  else {
    const rawResponse = await call(...args);
    if (isFileResponse(rawResponse)) return writeFileResponse(ctx, op, rawResponse, output);
    const value = plain(rawResponse, revealed);
    if (value === undefined) {
      if (!out.json) out.out(`Done: ${op.httpMethod} ${op.path} responded no content.`);
    } else if (out.json) out.out(JSON.stringify(value));
    else if (Array.isArray(value)) itemsTable(out, value);
    else single(out, value);
  }
  noteSecret(ctx, revealed);
}
