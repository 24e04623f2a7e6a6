import { readFileSync, writeFileSync } from 'node:fs';
import {
  buildTree,
  type CaseJsonChange,
  describeChange,
  fromCaseJson,
  type TreeNode,
  toCaseJson,
} from '@learnkit/case';
import type { CommandContext } from './context';
import { CliError, EXIT } from './exit-codes';
import { createProgress } from './progress';

/** How many changes the human report lists before "... and N more". */
const REPORT_LINES = 20;

/** The changes grouped by their reason, most frequent first: what a person reads to judge a file. */
function reasons(changes: readonly CaseJsonChange[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.why, (counts.get(change.why) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function readFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(
      EXIT.invalid,
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/** `learnkit case import FILE [--dry-run] [--strict]`. */
async function importFile(ctx: CommandContext): Promise<void> {
  const { out, args, options } = ctx;
  const file = args.FILE as string;
  const progress = createProgress(out.stderr, ctx.progress);
  const text = readFile(file);
  const converting = progress.step(`Converting ${file}`);
  let conversion: ReturnType<typeof fromCaseJson>;
  try {
    conversion = fromCaseJson(text, { strict: options.strict === true });
  } catch (error) {
    converting.fail();
    throw error;
  }
  const { body, changes } = conversion;
  const counts = `1 document, ${body.CFItems.length} items, ${body.CFAssociations.length} associations`;
  converting.done(counts);
  const upload = async () => {
    const uploading = progress.step(`Uploading document ${body.CFDocument.identifier}`);
    try {
      const result = await ctx.lk().case.packages.upload(body, { timeoutMs: 120_000 });
      uploading.done();
      return result;
    } catch (error) {
      uploading.fail();
      throw error;
    }
  };
  if (out.json) {
    const result = options['dry-run'] ? undefined : await upload();
    out.data({
      file,
      documentId: body.CFDocument.identifier,
      items: body.CFItems.length,
      associations: body.CFAssociations.length,
      changes: changes.map((change) => ({ ...change, change: describeChange(change) })),
      uploaded: result !== undefined,
      ...(result && { result }),
    });
    return;
  }
  out.out(`${file}: ${counts}`);
  if (changes.length === 0) out.out('No changes: a CASE 1.1 package as the platform takes it.');
  else {
    out.out(`${changes.length} change(s) to fit the platform's CASE 1.1 upload:`);
    for (const [why, count] of reasons(changes)) out.out(`  ${String(count).padStart(5)}  ${why}`);
    for (const change of changes.slice(0, REPORT_LINES))
      out.out(`  ${change.path}: ${describeChange(change)}`);
    if (changes.length > REPORT_LINES)
      out.out(`  ... and ${changes.length - REPORT_LINES} more (--json lists all)`);
  }
  if (options['dry-run']) {
    out.out('Dry run: nothing uploaded.');
    return;
  }
  const result = await upload();
  const stats = result.result?.stats;
  out.out(
    out.style(
      'green',
      `Uploaded document ${result.result?.documentId ?? body.CFDocument.identifier}${stats ? ` (${stats.items ?? 0} items, ${stats.associations ?? 0} associations)` : ''}.`,
    ),
  );
}

/** `learnkit case export DOC_ID [-o FILE]`. */
async function exportDocument(ctx: CommandContext): Promise<void> {
  const { out, args, options } = ctx;
  const exported = toCaseJson(await ctx.lk().case.packages.get(args.DOC_ID as string));
  const json = JSON.stringify(exported, null, 2);
  if (typeof options.output === 'string') {
    writeFileSync(options.output, `${json}\n`);
    out.note(`Wrote ${options.output}: ${exported.CFItems?.length ?? 0} items, standard CASE 1.1 JSON.`);
    if (out.json)
      out.data({ file: options.output, documentId: args.DOC_ID, items: exported.CFItems?.length ?? 0 });
  } else {
    out.out(json);
  }
}

type Item = { humanCodingScheme?: string | null; fullStatement?: string | null; sourcedId?: string };

/** A node and its subtree as JSON. */
function nodeJson(node: TreeNode<Item>): Record<string, unknown> {
  return {
    id: node.id,
    code: node.item?.humanCodingScheme ?? null,
    statement: node.item?.fullStatement ?? null,
    children: node.children.map(nodeJson),
  };
}

/** `learnkit case tree DOC_ID`. */
async function tree(ctx: CommandContext): Promise<void> {
  const { out, args } = ctx;
  const pkg = await ctx.lk().case.packages.get(args.DOC_ID as string);
  const framework = buildTree<Item>(pkg as never);
  for (const problem of framework.problems) out.note(`warning: ${problem.kind}: ${problem.message}`);
  if (out.json) {
    out.data({
      documentId: framework.root.id,
      title: pkg.CFDocument?.title ?? null,
      children: framework.root.children.map(nodeJson),
      orphans: framework.orphans.map(nodeJson),
    });
    return;
  }
  out.out(out.style('bold', `${pkg.CFDocument?.title ?? framework.root.id} (${framework.size} items)`));
  for (const node of framework.walk()) {
    const code = node.item?.humanCodingScheme;
    out.out(
      `${'  '.repeat(node.depth)}${code ? `${out.style('cyan', code)} ` : ''}${node.item?.fullStatement ?? node.id}`,
    );
  }
}

/** `learnkit case import|export|tree ...`. */
export async function caseCommand(ctx: CommandContext, action: string): Promise<void> {
  if (action === 'import') return importFile(ctx);
  if (action === 'export') return exportDocument(ctx);
  if (action === 'tree') return tree(ctx);
  throw new CliError(EXIT.usage, `unknown case command ${action}`);
}
