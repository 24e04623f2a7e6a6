import type {
  FrameworkTree,
  TreeAssociation,
  TreeDocument,
  TreeItem,
  TreeNode,
  TreeNodeRef,
  TreeProblem,
  TreeSource,
} from './types';

const idOf = (value: TreeNodeRef | undefined): string | undefined => {
  const id = value?.sourcedId ?? value?.identifier;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

class Node<TItem extends TreeItem> implements TreeNode<TItem> {
  readonly id: string;
  readonly kind: 'document' | 'item';
  readonly item: TItem | undefined;
  /** Position in the package's CFItems (the document is -1): the last tie-breaker and the cycle cut rule. */
  readonly order: number;
  readonly children: Node<TItem>[] = [];
  parent: Node<TItem> | undefined;
  sequenceNumber: number | undefined;
  association: string | undefined;

  constructor(id: string, kind: 'document' | 'item', item: TItem | undefined, order: number) {
    this.id = id;
    this.kind = kind;
    this.item = item;
    this.order = order;
  }

  get depth(): number {
    let depth = 0;
    for (let node = this.parent; node; node = node.parent) depth++;
    return depth;
  }

  ancestors(): TreeNode<TItem>[] {
    const out: TreeNode<TItem>[] = [];
    // Terminates: buildTree cuts every cycle before any parent pointer is set.
    for (let node = this.parent; node; node = node.parent) out.push(node);
    return out;
  }

  *walk(): IterableIterator<TreeNode<TItem>> {
    // An explicit stack rather than recursion: a 10,000-level chain must not overflow the call stack.
    const stack: Node<TItem>[] = [this];
    while (stack.length > 0) {
      const node = stack.pop() as Node<TItem>;
      yield node;
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Node<TItem>);
    }
  }
}

interface Edge {
  parent: string;
  sequenceNumber: number | undefined;
  association: string | undefined;
}

let collator: Intl.Collator | undefined;

/** `listEnumeration`/`humanCodingScheme` order: numbers by value (`2` before `10`, `3.OA.A.2` before `3.OA.A.10`). */
function compareText(a: string | null | undefined, b: string | null | undefined): number {
  const hasA = typeof a === 'string' && a !== '';
  const hasB = typeof b === 'string' && b !== '';
  if (!hasA || !hasB) return hasA === hasB ? 0 : hasA ? -1 : 1;
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });
  return collator.compare(a as string, b as string);
}

function compareNodes<TItem extends TreeItem>(a: Node<TItem>, b: Node<TItem>): number {
  const sa = a.sequenceNumber;
  const sb = b.sequenceNumber;
  if (sa !== sb) {
    if (sa === undefined) return 1;
    if (sb === undefined) return -1;
    return sa - sb;
  }
  return (
    compareText(a.item?.listEnumeration, b.item?.listEnumeration) ||
    compareText(a.item?.humanCodingScheme, b.item?.humanCodingScheme) ||
    a.order - b.order
  );
}

const isChildOf = (association: TreeAssociation) =>
  typeof association.associationType === 'string' &&
  association.associationType.toLowerCase() === 'ischildof';

/** A node per item of the package, in package order; items without an id, or repeating one, go to `problems`. */
function itemNodes<TItem extends TreeItem>(
  list: readonly TItem[],
  documentId: string,
  problems: TreeProblem[],
): { nodes: Map<string, Node<TItem>>; items: Node<TItem>[] } {
  const nodes = new Map<string, Node<TItem>>();
  const items: Node<TItem>[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i] as TItem;
    const id = idOf(item);
    if (id === undefined) {
      problems.push({ kind: 'missing-id', message: `CFItems[${i}] has no sourcedId or identifier`, ids: [] });
      continue;
    }
    if (nodes.has(id) || id === documentId) {
      problems.push({
        kind: 'duplicate-id',
        message: `CFItems[${i}] repeats the id ${id}; the first node with it is kept`,
        ids: [id],
      });
      continue;
    }
    const node = new Node<TItem>(id, 'item', item, i);
    nodes.set(id, node);
    items.push(node);
  }
  return { nodes, items };
}

/**
 * The parent edge of each item: the first isChildOf association in package order that names it. Dangling ends and
 * extra parents go to `problems`; `placedBy` holds every child an isChildOf names, valid or not.
 */
function parentEdges<TItem extends TreeItem>(
  associations: readonly TreeAssociation[],
  nodes: Map<string, Node<TItem>>,
  documentId: string,
  problems: TreeProblem[],
): { edges: Map<string, Edge>; placedBy: Set<string> } {
  const edges = new Map<string, Edge>();
  const extraParents = new Map<string, string[]>();
  const placedBy = new Set<string>();
  for (let i = 0; i < associations.length; i++) {
    const association = associations[i] as TreeAssociation;
    if (!isChildOf(association)) continue;
    const associationId = idOf(association);
    const child = idOf(association.originNodeURI);
    const parent = idOf(association.destinationNodeURI);
    const label = associationId ?? `CFAssociations[${i}]`;
    if (child !== undefined) placedBy.add(child);
    if (child === undefined || !nodes.has(child)) {
      problems.push({
        kind: 'dangling',
        message: `isChildOf ${label}: its origin (the child) ${child ?? '(no id)'} is not an item of the package`,
        ids: child === undefined ? [] : [child],
        association: associationId,
      });
      continue;
    }
    if (parent === undefined || (!nodes.has(parent) && parent !== documentId)) {
      problems.push({
        kind: 'dangling',
        message: `isChildOf ${label}: its destination (the parent of ${child}) ${parent ?? '(no id)'} is not an item or the document of the package`,
        ids: parent === undefined ? [child] : [child, parent],
        association: associationId,
      });
      continue;
    }
    if (edges.has(child)) {
      const more = extraParents.get(child);
      if (more) more.push(parent);
      else extraParents.set(child, [parent]);
      continue;
    }
    const sequence = association.sequenceNumber;
    edges.set(child, {
      parent,
      sequenceNumber: typeof sequence === 'number' && Number.isFinite(sequence) ? sequence : undefined,
      association: associationId,
    });
  }
  for (const [child, more] of extraParents) {
    const first = (edges.get(child) as Edge).parent;
    problems.push({
      kind: 'multiple-parents',
      message: `${child} is isChildOf ${[first, ...more].join(', ')}; placed under ${first}, the first in package order`,
      ids: [child, first, ...more],
    });
  }
  return { edges, placedBy };
}

/**
 * Cuts each isChildOf cycle: follows each item's parent chain once (iteratively), marking nodes as on-the-path or
 * done. A chain that meets its own path is a loop; it is cut at its item that comes first in the package.
 */
function cutCycles<TItem extends TreeItem>(
  items: readonly Node<TItem>[],
  nodes: Map<string, Node<TItem>>,
  edges: Map<string, Edge>,
  documentId: string,
  problems: TreeProblem[],
): void {
  const state = new Map<string, 1 | 2>();
  for (const start of items) {
    if (state.has(start.id)) continue;
    const path: string[] = [];
    const index = new Map<string, number>();
    let current: string | undefined = start.id;
    while (current !== undefined && current !== documentId && !state.has(current)) {
      state.set(current, 1);
      index.set(current, path.length);
      path.push(current);
      current = edges.get(current)?.parent;
    }
    if (current !== undefined && state.get(current) === 1) {
      const loop = path.slice(index.get(current));
      let cut = loop[0] as string;
      for (const id of loop)
        if ((nodes.get(id) as Node<TItem>).order < (nodes.get(cut) as Node<TItem>).order) cut = id;
      const at = loop.indexOf(cut);
      const ordered = [...loop.slice(at), ...loop.slice(0, at)];
      const association = edges.get(cut)?.association;
      edges.delete(cut);
      problems.push({
        kind: 'cycle',
        message: `isChildOf cycle ${[...ordered, cut].join(' -> ')}; cut at ${cut} (its association ${association ?? '(no id)'} is ignored)`,
        ids: ordered,
        association,
      });
    }
    for (const id of path) state.set(id, 2);
  }
}

/** Links each item to its parent and orders each family; the items with no parent (orphans). */
function linkNodes<TItem extends TreeItem>(
  root: Node<TItem>,
  { items, nodes }: { items: readonly Node<TItem>[]; nodes: Map<string, Node<TItem>> },
  { edges, placedBy }: { edges: Map<string, Edge>; placedBy: Set<string> },
  problems: TreeProblem[],
): Node<TItem>[] {
  const documentId = root.id;
  const orphans: Node<TItem>[] = [];
  for (const node of items) {
    const edge = edges.get(node.id);
    if (!edge) {
      orphans.push(node);
      if (!placedBy.has(node.id)) {
        problems.push({
          kind: 'orphan',
          message: `${node.id} has no isChildOf association; it is not under the document`,
          ids: [node.id],
        });
      }
      continue;
    }
    const parent = edge.parent === documentId ? root : (nodes.get(edge.parent) as Node<TItem>);
    node.parent = parent;
    node.sequenceNumber = edge.sequenceNumber;
    node.association = edge.association;
    parent.children.push(node);
  }
  if (root.children.length > 1) root.children.sort(compareNodes);
  for (const node of items) if (node.children.length > 1) node.children.sort(compareNodes);
  return orphans;
}

/**
 * Builds the hierarchy of a framework from its `isChildOf` associations (origin = child, destination =
 * parent; the document is the root), over a fetched package (`sourcedId`-keyed) or an upload body
 * (`identifier`-keyed). Children are ordered by `sequenceNumber`, then `listEnumeration`, then
 * `humanCodingScheme` (numbers by value), then package order. Cycles, dangling ends, extra parents, orphans
 * and duplicate ids go to `problems`; nothing loops and nothing recurses, whatever the depth.
 *
 * @example
 * const tree = buildTree(await lk.case.packages.get(documentId));
 * for (const node of tree.walk()) console.log('  '.repeat(node.depth - 1) + node.item?.humanCodingScheme);
 * if (tree.problems.length) console.warn(tree.problems.map((p) => p.message));
 */
export function buildTree<TItem extends TreeItem, TDocument extends TreeDocument = TreeDocument>(
  pkg: TreeSource<TItem, TDocument>,
): FrameworkTree<TItem, TDocument> {
  const problems: TreeProblem[] = [];
  const documentId = idOf(pkg.CFDocument) ?? '';
  const root = new Node<TItem>(documentId, 'document', undefined, -1);
  const found = itemNodes<TItem>(pkg.CFItems ?? [], documentId, problems);
  const { nodes, items } = found;
  const parents = parentEdges(pkg.CFAssociations ?? [], nodes, documentId, problems);
  cutCycles(items, nodes, parents.edges, documentId, problems);
  const orphans = linkNodes(root, found, parents, problems);

  return {
    root,
    document: pkg.CFDocument,
    size: items.length,
    get: (id) => (id === documentId && id !== '' ? root : nodes.get(id)),
    *walk() {
      const iterator = root.walk();
      iterator.next(); // the document node itself
      yield* iterator;
    },
    orphans,
    problems,
  };
}
