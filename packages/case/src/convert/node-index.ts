/** A converted object (target.ts's `Json`, named here so that target.ts can import this file's types). */
type Json = Record<string, unknown>;

/**
 * The converted document and items, in order (identifier and output), for the association ends that point at
 * them. Indexed only when an end asks (`known`, `nodeByUri`): most ends are complete, and most files' ends name
 * their nodes by uuid, so a 100,000-item package usually needs no index.
 */
export class NodeIndex {
  private readonly nodeIds: string[] = [];
  private readonly nodeOuts: Json[] = [];
  /** The nodes by identifier, once an end has asked for one. */
  private nodes: Map<string, Json> | undefined;
  /** The nodes by uri, as they were at the first end that asked; first the lengths of their uris. */
  private nodeUriLengths: Set<number> | undefined;
  private nodesByUri: Map<string, string> | undefined;
  private nodesByUriCount = 0;

  /** Records a converted node (the document or an item) for the association ends that name it. */
  remember(id: string | undefined, out: Json): void {
    if (id === undefined) return;
    this.nodeIds.push(id);
    this.nodeOuts.push(out);
    this.nodes?.set(id, out);
  }

  /** The nodes by identifier (a repeated identifier: its last node, at the place of its first). */
  private nodesById(count: number): Map<string, Json> {
    const nodes = new Map<string, Json>();
    for (let i = 0; i < count; i++) nodes.set(this.nodeIds[i] as string, this.nodeOuts[i] as Json);
    return nodes;
  }

  /** A package node as an association end sees it: its title (an item's statement) and uri. */
  known(id: string): { title: string | undefined; uri: string | undefined } | undefined {
    this.nodes ??= this.nodesById(this.nodeIds.length);
    const out = this.nodes.get(id);
    if (out === undefined) return undefined;
    const title = out.fullStatement ?? out.title;
    return {
      title: typeof title === 'string' ? title : undefined,
      uri: typeof out.uri === 'string' ? out.uri : undefined,
    };
  }

  /**
   * The identifier of the package node with this uri, if any, among the nodes converted before the first end
   * that asked. The lengths of their uris come first: an ASN identifier is seldom as long as any node's uri
   * (`http://purl.org/ASN/resources/S114340D`, `https://.../uri/...`), and then no index is built at all.
   */
  nodeByUri(uri: string): string | undefined {
    if (this.nodeUriLengths === undefined) {
      this.nodesByUriCount = this.nodeIds.length;
      this.nodeUriLengths = new Set();
      for (let i = 0; i < this.nodesByUriCount; i++) {
        const nodeUri = (this.nodeOuts[i] as Json).uri;
        if (typeof nodeUri === 'string') this.nodeUriLengths.add(nodeUri.length);
      }
    }
    if (!this.nodeUriLengths.has(uri.length)) return undefined;
    if (this.nodesByUri === undefined) {
      this.nodesByUri = new Map();
      for (const [id, out] of this.nodesById(this.nodesByUriCount))
        if (typeof out.uri === 'string') this.nodesByUri.set(out.uri, id);
    }
    return this.nodesByUri.get(uri);
  }
}
