/** What `buildTree` needs of an item: its id (`sourcedId` in responses, `identifier` in uploads) and its codes. */
export interface TreeItem {
  /** The id in response shape; wins over `identifier` when both are set. */
  sourcedId?: string | undefined;
  /** The id in upload shape, used when `sourcedId` is absent. */
  identifier?: string | undefined;
  /** The item's code (`3.OA.A.2`); orders siblings after `listEnumeration`, numbers by value. */
  humanCodingScheme?: string | null | undefined;
  /** The item's position label; orders siblings after `sequenceNumber`, numbers by value (`2` before `10`). */
  listEnumeration?: string | null | undefined;
}

/** What `buildTree` needs of a document: its id. */
export interface TreeDocument {
  /** The id in response shape; wins over `identifier` when both are set. */
  sourcedId?: string | undefined;
  /** The id in upload shape, used when `sourcedId` is absent. */
  identifier?: string | undefined;
}

/** A node reference of an association, in either shape. */
export interface TreeNodeRef {
  /** The node's id in a response Link; wins over `identifier` when both are set. */
  sourcedId?: string | undefined;
  /** The node's id in an upload node reference, used when `sourcedId` is absent. */
  identifier?: string | undefined;
}

/** What `buildTree` needs of an association. */
export interface TreeAssociation {
  /** The id in response shape; wins over `identifier` when both are set. */
  sourcedId?: string | undefined;
  /** The id in upload shape, used when `sourcedId` is absent. */
  identifier?: string | undefined;
  /** Only `isChildOf` (any letter case) shapes the tree; other associations are skipped. */
  associationType?: string | undefined;
  /** The child's position among its siblings; orders children first (lower first, unnumbered last). */
  sequenceNumber?: number | null | undefined;
  /** The child of an `isChildOf`. */
  originNodeURI?: TreeNodeRef | undefined;
  /** The parent of an `isChildOf`: an item, or the document for a top-level item. */
  destinationNodeURI?: TreeNodeRef | undefined;
}

/** A package `buildTree` reads: a fetched `CFPackage` (`sourcedId`-keyed) or an upload body (`identifier`-keyed). */
export interface TreeSource<
  TItem extends TreeItem = TreeItem,
  TDocument extends TreeDocument = TreeDocument,
> {
  /** The framework's document: the root of the tree. */
  CFDocument?: TDocument | undefined;
  /** The items to place; each becomes a node, whether placed or not. */
  CFItems?: readonly TItem[] | undefined;
  /** The associations; only the `isChildOf` ones are read. */
  CFAssociations?: readonly TreeAssociation[] | undefined;
}

/** Why part of a framework could not be placed in the tree. */
export type TreeProblemKind =
  /** `isChildOf` associations that loop; the loop is cut at its first item in package order. */
  | 'cycle'
  /** An `isChildOf` end that names no item (nor the document) of the package. */
  | 'dangling'
  /** An item that is `isChildOf` more than one parent; the first association in package order places it. */
  | 'multiple-parents'
  /** An item with no `isChildOf` association at all. */
  | 'orphan'
  /** Two items with the same id; the first is kept. */
  | 'duplicate-id'
  /** An item or association without an id. */
  | 'missing-id';

/** One problem found while building the tree. */
export interface TreeProblem {
  /** What went wrong: see {@link TreeProblemKind}. */
  kind: TreeProblemKind;
  /** A sentence naming the ids involved. */
  message: string;
  /** The node ids involved (for a cycle: the loop, in parent order, starting where it was cut). */
  ids: string[];
  /** The association involved, when there is one. */
  association?: string | undefined;
}

/** A node of a framework tree: the document (the root) or an item. */
export interface TreeNode<TItem extends TreeItem = TreeItem> {
  /** The document's or item's id. */
  readonly id: string;
  /** `document` for the root, `item` for every other node. */
  readonly kind: 'document' | 'item';
  /** The item (undefined for the document node). */
  readonly item: TItem | undefined;
  /** Child items, ordered by `sequenceNumber`, then `listEnumeration`, then `humanCodingScheme`, then package order. */
  readonly children: readonly TreeNode<TItem>[];
  /** The parent node; undefined for the document and for orphans. */
  readonly parent: TreeNode<TItem> | undefined;
  /** `sequenceNumber` of the `isChildOf` association that placed this node. */
  readonly sequenceNumber: number | undefined;
  /** Id of the `isChildOf` association that placed this node. */
  readonly association: string | undefined;
  /** Steps from the top of its tree: 0 for the document (and for an orphan), 1 for a top-level item, ... */
  readonly depth: number;
  /** Parent, grandparent, ... up to the document (nearest first). */
  ancestors(): TreeNode<TItem>[];
  /** This node, then its descendants, depth-first in child order (iterative: any depth is fine). */
  walk(): IterableIterator<TreeNode<TItem>>;
}

/** The `isChildOf` hierarchy of a framework, with what could not be placed. */
export interface FrameworkTree<
  TItem extends TreeItem = TreeItem,
  TDocument extends TreeDocument = TreeDocument,
> {
  /** The document node; its children are the top-level items. */
  readonly root: TreeNode<TItem>;
  /** The package's document, as given. */
  readonly document: TDocument | undefined;
  /** Item nodes, whether placed or not. */
  readonly size: number;
  /** The node of an item (or of the document) by id. */
  get(id: string): TreeNode<TItem> | undefined;
  /** Every item under the document, depth-first in child order (the document node itself is not yielded). */
  walk(): IterableIterator<TreeNode<TItem>>;
  /** Items that no chain of `isChildOf` connects to the document (roots of detached subtrees). */
  readonly orphans: readonly TreeNode<TItem>[];
  /** Cycles, dangling references, extra parents, orphans and duplicate ids: reported, never looped on. */
  readonly problems: readonly TreeProblem[];
}
