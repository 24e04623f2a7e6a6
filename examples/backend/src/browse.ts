import { buildTree, type CFDocument, type LearnKit, where } from '@learnkit/sdk';
import { clip, type Print } from './output';

/** What browsing found. */
export interface BrowseResult {
  /** The framework browsed. */
  documentId: string;
  title: string;
  /** Frameworks on the first page of the listing. */
  documents: number;
  /** Items of the framework's tree. */
  items: number;
  /** Standards matched by the filtered listing (across every page). */
  standards: number;
  /** A few standard ids, for the validation step. */
  standardIds: string[];
  /** One line saying what the step did. */
  summary: string;
}

const isCourseSequence = (doc: CFDocument) =>
  doc.frameworkType === 'Course Sequence' ||
  (doc.extensions as { frameworkType?: unknown } | null | undefined)?.frameworkType === 'Course Sequence';

/**
 * Browse a framework: list the frameworks, fetch one as a package and walk its hierarchy with `buildTree`, then
 * list its standards with a filter, page after page (`for await`).
 */
export async function browseFramework(lk: LearnKit, print: Print): Promise<BrowseResult> {
  const page = await lk.case.documents.list({ limit: 20, sort: 'title' });
  print(
    `${page.data.length} framework(s) on the first page${page.total !== undefined ? ` of ${page.total}` : ''}:`,
  );
  for (const doc of page.data) print(`  - ${doc.title} (${doc.sourcedId})`);
  const framework = page.data.find((doc) => !isCourseSequence(doc)) ?? page.data[0];
  if (!framework) throw new Error('The platform has no CASE framework to browse.');

  // The whole framework in one call, then its isChildOf hierarchy.
  const pkg = await lk.case.packages.get(framework.sourcedId);
  const tree = buildTree(pkg);
  print(`"${framework.title}": ${tree.size} items, ${tree.root.children.length} top-level`);
  for (const top of tree.root.children.slice(0, 2)) {
    print(`  ${top.item?.humanCodingScheme ?? ''} ${clip(top.item?.fullStatement ?? '', 60)}`);
    for (const child of top.children.slice(0, 2)) {
      print(`    ${child.item?.humanCodingScheme ?? ''} ${clip(child.item?.fullStatement ?? '', 58)}`);
    }
  }
  if (tree.problems.length > 0)
    print(`  (${tree.problems.length} hierarchy problem(s) reported by buildTree)`);

  // Items with a filter, every page: only the standards, only two fields.
  const standardIds: string[] = [];
  let standards = 0;
  const listing = lk.case.items.list({
    filter: where.eq('CFItemType', 'Standard'),
    fields: ['sourcedId', 'humanCodingScheme'],
    limit: 100,
  });
  for await (const item of listing) {
    standards++;
    if (standardIds.length < 3) standardIds.push(item.sourcedId);
  }
  print(`${standards} standards across all frameworks (filter CFItemType='Standard', pages of 100)`);

  return {
    documentId: framework.sourcedId,
    title: framework.title,
    documents: page.data.length,
    items: tree.size,
    standards,
    standardIds,
    summary: `"${framework.title}": ${tree.size} items, ${standards} standards`,
  };
}
