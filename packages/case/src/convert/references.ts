import { isRecord, showValue } from '@learnkit/core/internal';
import { isAbsoluteUri, isCaseId } from '../internal/ids';
import { uriFor } from './identifiers';
import type { At } from './report';
import type { Json, ReferenceContext, Target } from './target';

// The references of a CASE object, repaired: item links, association ends, the document's licence.

/**
 * A link `{ title, identifier, uri }` (an item's `CFItemTypeURI`, `licenseURI`): a string URI becomes one, a
 * `sourcedId` becomes `identifier`, a non-uuid identifier its name-based uuid, a missing title comes from the
 * definitions (or the item type). A link without an absolute uri cannot be stored: it moves to extensions.
 */
export function link(c: ReferenceContext, target: Target, key: string, value: unknown): Json | undefined {
  const { report } = c;
  // The link's place, made for its first repair only: most links need none.
  let at: At | undefined;
  let src: Json;
  if (typeof value === 'string' && isAbsoluteUri(value)) {
    src = { uri: value };
    report.repairIn(
      target.at,
      key,
      value,
      undefined,
      'a link given as its URI: written as { title, identifier, uri }',
    );
  } else if (isRecord(value) && isAbsoluteUri(value.uri)) src = value;
  else {
    c.toExtensions(target, key, value, 'not a link with an absolute uri');
    return undefined;
  }
  const link: Json = {};
  const raw = src.identifier ?? src.sourcedId;
  if (src.identifier === undefined && src.sourcedId !== undefined) {
    at ??= target.at.child(key);
    report.repairIn(
      at,
      'sourcedId',
      src.sourcedId,
      src.sourcedId,
      'CASE JSON is identifier-keyed',
      at.childText('identifier'),
    );
  }
  if (isCaseId(raw)) link.identifier = raw;
  else if (typeof raw === 'string' && raw !== '') {
    link.identifier = c.namedId(raw);
    at ??= target.at.child(key);
    report.repairIn(
      at,
      'identifier',
      raw,
      link.identifier,
      'not a uuid: the name-based uuid of the original',
    );
  } else {
    link.identifier = c.namedId(src.uri as string);
    at ??= target.at.child(key);
    report.repairIn(at, 'identifier', raw, link.identifier, 'no identifier: the name-based uuid of the uri');
  }
  link.uri = src.uri;
  if (typeof src.title === 'string') link.title = src.title;
  else {
    const title = c.definitionTitles.get(link.identifier as string);
    const itemType = key === 'CFItemTypeURI' ? (target.out.CFItemType ?? target.out.cfItemType) : undefined;
    const fill = title ?? (typeof itemType === 'string' ? itemType : undefined);
    if (fill !== undefined) {
      link.title = fill;
      at ??= target.at.child(key);
      report.repairIn(
        at,
        'title',
        src.title,
        fill,
        title ? 'taken from CFDefinitions' : 'taken from CFItemType',
      );
    }
  }
  for (const member in src) {
    if (member !== 'title' && member !== 'identifier' && member !== 'uri' && member !== 'sourcedId') {
      const entry = src[member];
      at ??= target.at.child(key);
      report.repairIn(at, member, entry, undefined, 'a link holds only title, identifier and uri');
    }
  }
  return link;
}

/** An end as an object: a string (id or URI) becomes one (a repair); anything else is a problem (undefined). */
function nodeSource(c: ReferenceContext, value: unknown, parent: At, key: string): Json | undefined {
  const { report } = c;
  if (typeof value === 'string' && value !== '') {
    report.repairIn(
      parent,
      key,
      value,
      undefined,
      'a node reference given as a string: written as { title, identifier, uri }',
    );
    return isCaseId(value)
      ? { identifier: value }
      : { identifier: value, ...(isAbsoluteUri(value) && { uri: value }) };
  }
  if (isRecord(value)) return value;
  report.problem(
    parent.child(key),
    `must be a node reference { title, identifier, uri } (got ${showValue(value)})`,
  );
  return undefined;
}

/**
 * The end's uuid: its identifier (or sourcedId), the node whose uri it is, else the name-based uuid of what it
 * holds, else from its uri; undefined (a problem) when it has neither identifier nor uri.
 */
function nodeIdentifier(
  c: ReferenceContext,
  src: Json,
  raw: unknown,
  parent: At,
  key: string,
): string | undefined {
  const { report } = c;
  if (src.identifier === undefined && src.sourcedId !== undefined) {
    report.repairUnder(
      parent,
      key,
      'sourcedId',
      src.sourcedId,
      src.sourcedId,
      'CASE JSON is identifier-keyed',
      parent.grandchildText(key, 'identifier'),
    );
  }
  if (isCaseId(raw)) return raw;
  if (typeof raw === 'string' && raw !== '') {
    const byUri = c.nodes.nodeByUri(raw);
    const id = byUri ?? c.namedId(raw);
    report.repairUnder(
      parent,
      key,
      'identifier',
      raw,
      id,
      byUri ? 'the uri of a node of the package' : 'not a uuid: the name-based uuid of the original',
    );
    return id;
  }
  if (typeof src.uri === 'string' && src.uri !== '') {
    const id = c.nodes.nodeByUri(src.uri) ?? c.namedId(src.uri);
    report.repairUnder(parent, key, 'identifier', raw, id, 'no identifier: taken from the uri');
    return id;
  }
  report.problem(
    parent.child(key).child('identifier'),
    'is required: an association end needs an identifier or a uri',
  );
  return undefined;
}

/** Gives `node` a text title and an absolute uri: its own, the package's node's, else made from what is known. */
function completeNode(
  c: ReferenceContext,
  node: Json,
  src: Json,
  original: string | undefined,
  parent: At,
  key: string,
): void {
  const { report } = c;
  const id = node.identifier as string;
  // Checked once (the dearest check of a complete end), and the node looked up only for an end that lacks
  // something: most ends are complete.
  const hasUri = isAbsoluteUri(node.uri);
  const known = typeof node.title === 'string' && hasUri ? undefined : c.nodes.known(id);
  if (typeof node.title === 'number') {
    node.title = String(node.title);
    report.repairUnder(parent, key, 'title', src.title, node.title, 'a number written as text');
  } else if (typeof node.title !== 'string') {
    node.title = known?.title ?? (typeof src.uri === 'string' ? src.uri : (original ?? id));
    report.repairUnder(
      parent,
      key,
      'title',
      src.title,
      node.title,
      known?.title ? `taken from the package's node ${id}` : 'no title: its uri or identifier',
    );
  }
  if (!hasUri) {
    node.uri = known?.uri ?? uriFor(id, original);
    report.repairUnder(
      parent,
      key,
      'uri',
      src.uri,
      node.uri,
      known?.uri ? `taken from the package's node ${id}` : 'no absolute uri: one made from the identifier',
    );
  }
}

/**
 * An association end as `{ title, identifier, uri }`: a string (id or URI) becomes one, a non-uuid identifier
 * its name-based uuid, a missing title or uri is taken from the package's node, else made from what is known.
 * An end with neither identifier nor uri cannot be saved. `key` names the end within `parent`; its repairs are
 * reported by path text alone, and its place is made only for a problem (docs/decisions.md#d-case-end-paths).
 */
export function node(c: ReferenceContext, value: unknown, parent: At, key: string): Json | undefined {
  const src = nodeSource(c, value, parent, key);
  if (src === undefined) return undefined;
  const raw = src.identifier ?? src.sourcedId;
  const id = nodeIdentifier(c, src, raw, parent, key);
  if (id === undefined) return undefined;
  // The identifier as given when it was not a uuid (its uuid is made from it): a made title or uri keeps it.
  const original = typeof raw === 'string' && raw !== '' && !isCaseId(raw) ? raw : undefined;
  const node: Json = { title: src.title, identifier: id, uri: src.uri };
  completeNode(c, node, src, original, parent, key);
  for (const member in src) {
    if (member !== 'title' && member !== 'identifier' && member !== 'uri' && member !== 'sourcedId') {
      c.report.repairUnder(
        parent,
        key,
        member,
        src[member],
        undefined,
        'a node reference holds only title, identifier and uri',
      );
    }
  }
  return node;
}

/**
 * The document's licence: the upload shape's `licenseUri` (a URI), which CASE JSON writes as the link
 * `licenseURI`. A link becomes its uri without a report, as the platform responds to it as a link again
 * (docs/decisions.md#d-case-json-carried); other forms are repaired and reported.
 */
export function licence(c: ReferenceContext, target: Target, key: string, value: unknown): void {
  const at = target.at.child(key);
  const uri = isRecord(value) ? value.uri : value;
  if (!isAbsoluteUri(uri)) {
    c.toExtensions(target, key, value, 'not a licence URI or link');
    return;
  }
  const current = target.out.licenseUri;
  if (current !== undefined && current !== uri) {
    c.toExtensions(target, key, value, `differs from the licence ${showValue(current)}, which wins`);
    return;
  }
  if (key === 'licenseUri' && isRecord(value))
    c.report.repair(at, value, uri, 'a link given for a URI: its uri');
  if (key === 'licenseURI' && typeof value === 'string')
    c.report.repair(at, value, uri, 'a URI given for a link', target.at.childText('licenseUri'));
  target.out.licenseUri = uri;
}
