import { createValidationError, isRecord, showValue } from '@learnkit/core/internal';
import type { CFPackageUpload } from '../types';
import { crossChecks } from '../validation';
import { ASSOCIATION, DOCUMENT, ITEM } from './case-members';
import { Converter } from './converter';
import { definitions } from './definitions';
import { listEntries } from './lists';
import { At, type CaseJsonChange, Report } from './report';
import { type Json, put } from './target';

export { type CaseJsonChange, describeChange } from './report';

/** What `fromCaseJson` returns: the upload body and the report of every change made to get it. */
export interface CaseJsonConversion {
  /** A body `packages.upload` accepts: valid against the upload schema by construction. */
  body: CFPackageUpload;
  /** Every repair, in input order; empty when the input was a CASE package that needed none. */
  changes: CaseJsonChange[];
}

/** Options of {@link fromCaseJson}. */
export interface FromCaseJsonOptions {
  /**
   * Refuse instead of repairing: every change the conversion would make becomes an issue of the thrown
   * `ValidationError`, for users who want the file exactly as written. Default `false`.
   */
  strict?: boolean;
}

const TOP_DROPPED: Record<string, string> = {
  sourcedId: 'the package is keyed by CFDocument.identifier',
  identifier: 'the package is keyed by CFDocument.identifier',
  CFPackageURI: 'the platform derives it from the package',
  uri: 'the platform derives it from the package',
};
const TOP_MEMBERS = ['CFDocument', 'CFItems', 'CFAssociations', 'CFDefinitions', 'extensions'];

function document(c: Converter, src: unknown): Json | undefined {
  const path = At.of(['CFDocument']);
  if (!isRecord(src)) {
    c.report.problem(
      path,
      src === undefined || src === null
        ? 'is required: a CASE package has one CFDocument'
        : `must be an object (got ${showValue(src)})`,
    );
    return undefined;
  }
  const { out, id } = c.object(src, path, DOCUMENT);
  if (id === undefined)
    c.report.problem(path.child('identifier'), 'is required (no identifier, nor a uri to make one from)');
  if (typeof out.title !== 'string')
    c.report.problem(path.child('title'), 'is required: a framework needs a title');
  if (typeof out.creator !== 'string') {
    const host =
      typeof out.uri === 'string' ? /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]+)/i.exec(out.uri)?.[1] : undefined;
    const creator = (out.publisher as string | undefined) ?? host ?? 'unknown';
    out.creator = creator;
    c.report.repair(
      path.child('creator'),
      src.creator,
      creator,
      'required: the publisher, else the host of the uri',
    );
  }
  c.documentTime = out.lastChangeDateTime as string;
  c.nodes.remember(id, out);
  return out;
}

function item(c: Converter, src: unknown, path: At): Json {
  if (!isRecord(src)) {
    c.report.problem(path, `must be an object (a CFItem; got ${showValue(src)})`);
    return {};
  }
  const { out, id } = c.object(src, path, ITEM);
  if (id === undefined)
    c.report.problem(path.child('identifier'), 'is required (no identifier, nor a uri to make one from)');
  if (typeof out.fullStatement !== 'string') {
    c.report.problem(path.child('fullStatement'), 'is required: an item needs its statement');
  }
  const typeLink = out.CFItemTypeURI;
  if (out.CFItemType === undefined && out.cfItemType === undefined && isRecord(typeLink)) {
    if (typeof typeLink.title === 'string' && typeLink.title !== '') {
      out.CFItemType = typeLink.title;
      c.report.repair(path.child('CFItemType'), undefined, typeLink.title, 'taken from CFItemTypeURI.title');
    }
  }
  c.nodes.remember(id, out);
  return out;
}

/** An association end the input lacks (one it gave but could not be saved was named already). */
function missingEnd(c: Converter, src: Json, path: At, key: string): void {
  if (src[key] === undefined || src[key] === null)
    c.report.problem(path.child(key), 'is required: an association joins two nodes');
}

function association(c: Converter, src: unknown, path: At): Json {
  if (!isRecord(src)) {
    c.report.problem(path, `must be an object (a CFAssociation; got ${showValue(src)})`);
    return {};
  }
  const { out, id } = c.object(src, path, ASSOCIATION);
  const { associationType: type, originNodeURI: origin, destinationNodeURI: destination } = out;
  if (typeof type !== 'string' || type === '') {
    c.report.problem(
      path.child('associationType'),
      'is required: what the association says (isChildOf, ...)',
    );
  }
  // Each end by itself: no pair of arrays per association.
  if (origin === undefined) missingEnd(c, src, path, 'originNodeURI');
  if (destination === undefined) missingEnd(c, src, path, 'destinationNodeURI');
  if (id === undefined && isRecord(origin) && isRecord(destination) && typeof type === 'string') {
    const named = c.namedId(`${String(origin.identifier)} ${type} ${String(destination.identifier)}`);
    out.identifier = named;
    out.uri = `urn:uuid:${named}`;
    c.report.repair(
      path.child('identifier'),
      undefined,
      named,
      'no identifier nor uri: the name-based uuid of its origin, type and destination',
    );
  }
  return out;
}

function parse(json: unknown): unknown {
  if (typeof json !== 'string') return json;
  try {
    return JSON.parse(json);
  } catch (error) {
    throw createValidationError([
      { path: [], message: `not JSON (${error instanceof Error ? error.message : String(error)})` },
    ]);
  }
}

function checkOptions(options: unknown): boolean {
  if (options === undefined) return false;
  if (!isRecord(options)) {
    throw createValidationError([
      { path: ['options'], message: 'must be an object such as { strict: true }' },
    ]);
  }
  const issues = Object.keys(options)
    .filter((key) => key !== 'strict')
    .map((key) => ({ path: ['options', key], message: 'is not an option of fromCaseJson; use strict' }));
  if (options.strict !== undefined && typeof options.strict !== 'boolean') {
    issues.push({ path: ['options', 'strict'], message: 'must be true or false' });
  }
  if (issues.length > 0) throw createValidationError(issues);
  return options.strict === true;
}

/** The package object of the input: unwrapped from the platform's `{ CFPackage }`; refused when not an object. */
function packageOf(report: Report, json: unknown): Json {
  let input = parse(json);
  if (isRecord(input) && isRecord(input.CFPackage) && input.CFDocument === undefined) {
    // `{ CFPackage: {...} }` is how the platform's GET responds.
    report.repair(
      At.of(['CFPackage']),
      input.CFPackage,
      input.CFPackage,
      'the platform wraps a package: unwrapped',
    );
    input = input.CFPackage;
  }
  if (!isRecord(input)) {
    throw createValidationError([
      {
        path: [],
        message: `a CASE package must be an object with CFDocument, CFItems and CFAssociations (got ${showValue(input)})`,
      },
    ]);
  }
  return input;
}

/** The package's `extensions`: its own, plus the top-level members CASE has no place for (each a repair). */
function packageExtensionsOf(report: Report, input: Json): Json {
  const packageExtensions: Json = isRecord(input.extensions) ? { ...input.extensions } : {};
  for (const [key, value] of Object.entries(input)) {
    if (Object.hasOwn(TOP_DROPPED, key))
      report.repair(At.of([key]), value, undefined, TOP_DROPPED[key] as string);
    else if (!TOP_MEMBERS.includes(key)) {
      put(packageExtensions, key, value);
      const why =
        key === 'CFRubrics' ? 'the upload shape has no place for rubrics' : 'not a member of a CASE package';
      report.repair(At.of([key]), value, value, why, At.of(['extensions', key]).text);
    }
  }
  if (input.extensions !== undefined && !isRecord(input.extensions)) {
    packageExtensions.extensions = input.extensions;
    report.repair(
      At.of(['extensions']),
      input.extensions,
      input.extensions,
      'extensions must be an object',
      At.of(['extensions', 'extensions']).text,
    );
  }
  return packageExtensions;
}

/** Converts the package's items and associations into `body`: a missing or null list is an empty one (a repair). */
function convertLists(c: Converter, report: Report, input: Json, body: Json): void {
  for (const [key, convert] of [
    ['CFItems', item],
    ['CFAssociations', association],
  ] as const) {
    const value = input[key];
    if (value === undefined || value === null) {
      // A framework without associations is legal; the upload shape still needs the member.
      report.repair(At.of([key]), value, [], `${value === null ? 'null' : 'missing'}: an empty list`);
      body[key] = [];
    } else {
      const list = listEntries(report, value, At.of([key]), key);
      const out: Json[] = [];
      if (list)
        for (let i = 0; i < list.entries.length; i++) out.push(convert(c, list.entries[i], list.at(i)));
      body[key] = out;
    }
  }
}

/**
 * Converts CASE 1.0 or 1.1 JSON as publishers write it (OpenSALT, the CASE Network, state agencies), or a package
 * read from the platform, into the upload body, with a report of every change (`path`, `before`, `after`, `why`).
 * It repairs what real files hold, keeps what it moves, and says so:
 * - members outside CASE 1.1 (`educationalLevel`, `CFItemAssociationURI`, `licence`, ...) move to the
 *   `extensions` of their object, value unchanged;
 * - identifiers that are not 8-4-4-4-12 hex (ASN URIs) become stable name-based uuids, and so does every
 *   reference to them; the original stays in `extensions.originalIdentifier` (and in `uri` when there is none);
 * - lists written as objects keyed by id become arrays; nulls and empty list entries go;
 * - timestamps get a zone (`Z` for UTC); placeholders take the document's `lastChangeDateTime`, else the time
 *   of import; links given as strings become `{ title, identifier, uri }`; `CFDefinitions` entries get what the
 *   IMS CASE 1.1 schema requires.
 *
 * CASE 1.1 members the upload shape has no place for (`frameworkType`, `subjectURI`, ...) travel in `extensions`
 * without a report, and `toCaseJson` puts them back. Refused (one `ValidationError` naming each JSON path): no
 * document, a document or item with neither identifier nor uri, no title or statement, an association without
 * type or ends. `{ strict: true }` refuses every repair instead. The input is never modified.
 *
 * @example
 * const { body, changes } = fromCaseJson(await readFile('framework.json', 'utf8'));
 * for (const c of changes) console.log(`${c.path}: ${describeChange(c)}`);
 * await lk.case.packages.upload(body);
 */
export function fromCaseJson(json: unknown, options?: FromCaseJsonOptions): CaseJsonConversion {
  const report = new Report(checkOptions(options));
  const c = new Converter(report);
  const input = packageOf(report, json);
  const packageExtensions = packageExtensionsOf(report, input);

  const body: Json = {};
  const doc = document(c, input.CFDocument);
  if (doc) body.CFDocument = doc;
  // Definitions before items (their titles complete item links), items before associations (their titles and
  // uris complete association ends).
  if (input.CFDefinitions === null)
    report.repair(At.of(['CFDefinitions']), null, undefined, 'null means absent');
  else if (input.CFDefinitions !== undefined) {
    const defs = definitions(c, input.CFDefinitions);
    if (defs) body.CFDefinitions = defs;
  }
  convertLists(c, report, input, body);
  if (Object.keys(packageExtensions).length > 0 || isRecord(input.extensions))
    body.extensions = packageExtensions;

  // The rules write only what the upload schema allows, so the schema is not run again over the result (a tenth
  // of a 100,000-item conversion); what it cannot say, identifiers used twice, is checked here
  // (docs/decisions.md#d-case-valid-by-construction).
  crossChecks(body, report.issues);
  if (report.issues.length > 0) {
    throw createValidationError(
      report.issues,
      report.strict
        ? 'The CASE JSON is not exactly a CASE package ({ strict: true } refuses what it would repair; fix these or convert without strict)'
        : 'Cannot convert the CASE JSON',
    );
  }
  return { body: body as unknown as CFPackageUpload, changes: report.changes };
}
