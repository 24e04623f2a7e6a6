import type { ValidationIssue } from '@learnkit/core';
import { validationError } from '../internal/errors';
import { isCaseId, notAUuid, show } from '../internal/ids';
import { formatPath, isRecord } from '../internal/json-path';
import type { CFPackageUpload } from '../types';
import { validatePackageUpload } from '../validation';
import { type Normalised, normaliseDate, normaliseDateTime } from './timestamps';

/** One change `fromCaseJson` made: where (`CFItems[3].lastChangeDateTime`) and what. */
export interface CaseJsonChange {
  /** JSON path of the member in the input. */
  path: string;
  /** What was done and why, e.g. `"2019-03-20T14:22:31" -> "2019-03-20T14:22:31Z" (no time zone: Z (UTC) added)`. */
  change: string;
}

/** What `fromCaseJson` returns: the upload body and the report of every change made to get it. */
export interface CaseJsonConversion {
  /** A body `packages.upload` accepts (already checked against the upload schema). */
  body: CFPackageUpload;
  /** Every normalisation, in input order; empty when the input was already an upload body. */
  changes: CaseJsonChange[];
}

type Path = (string | number)[];
type Json = Record<string, unknown>;

/** How each member of a CASE object is carried into the upload shape. */
type Rule =
  | 'keep'
  | 'dateTime'
  | 'date'
  | 'strings'
  | 'text'
  | 'link'
  | 'node'
  | 'integer'
  | { drop: string }
  | 'special';

const DERIVED = 'the platform derives it from the package';
const NO_PLACE = 'CASE 1.1 member the upload shape has no place for';

const DOCUMENT: Record<string, Rule> = {
  identifier: 'special',
  sourcedId: 'special',
  uri: 'keep',
  lastChangeDateTime: 'dateTime',
  title: 'keep',
  creator: 'keep',
  officialSourceURL: 'keep',
  publisher: 'keep',
  description: 'keep',
  language: 'keep',
  version: 'keep',
  caseVersion: 'special',
  adoptionStatus: 'keep',
  statusStartDate: 'date',
  statusEndDate: 'date',
  licenseUri: 'keep',
  licenseURI: 'special',
  frameworkType: 'special',
  notes: 'keep',
  subject: 'strings',
  extensions: 'keep',
  CFPackageURI: { drop: DERIVED },
  subjectURI: { drop: NO_PLACE },
};

const ITEM: Record<string, Rule> = {
  identifier: 'special',
  sourcedId: 'special',
  uri: 'keep',
  lastChangeDateTime: 'dateTime',
  fullStatement: 'keep',
  alternativeLabel: 'keep',
  CFItemType: 'keep',
  cfItemType: 'keep',
  humanCodingScheme: 'text',
  listEnumeration: 'text',
  abbreviatedStatement: 'keep',
  notes: 'keep',
  language: 'keep',
  statusStartDate: 'date',
  statusEndDate: 'date',
  conceptKeywords: 'strings',
  subject: 'strings',
  educationLevel: 'strings',
  CFItemTypeURI: 'link',
  licenseURI: 'link',
  extensions: 'keep',
  CFDocumentURI: { drop: DERIVED },
  conceptKeywordsURI: { drop: NO_PLACE },
  subjectURI: { drop: NO_PLACE },
};

const ASSOCIATION: Record<string, Rule> = {
  identifier: 'special',
  sourcedId: 'special',
  uri: 'keep',
  lastChangeDateTime: 'dateTime',
  associationType: 'keep',
  originNodeURI: 'node',
  destinationNodeURI: 'node',
  sequenceNumber: 'integer',
  extensions: 'keep',
  CFDocumentURI: { drop: DERIVED },
  CFAssociationGroupingURI: { drop: NO_PLACE },
  notes: { drop: NO_PLACE },
};

const DEFINITIONS = ['CFItemTypes', 'CFSubjects', 'CFConcepts', 'CFLicenses', 'CFAssociationGroupings'];
const TOP_DROPPED: Record<string, string> = {
  sourcedId: 'the package is keyed by CFDocument.identifier',
  identifier: 'the package is keyed by CFDocument.identifier',
  CFPackageURI: DERIVED,
  uri: DERIVED,
};

class Converter {
  readonly changes: CaseJsonChange[] = [];
  readonly issues: ValidationIssue[] = [];
  /** Title and uri of every node in the package, to complete association ends that lack them. */
  readonly nodes = new Map<string, { title: string | undefined; uri: string | undefined }>();

  change(path: Path, change: string): void {
    this.changes.push({ path: formatPath(path), change });
  }

  problem(path: Path, message: string): void {
    this.issues.push({ path, message });
  }

  /** Whether `value` is an object; when not, the problem is noted at `path`. */
  isObject(value: unknown, path: Path): value is Json {
    if (isRecord(value)) return true;
    this.problem(path, `must be an object (got ${show(value)})`);
    return false;
  }

  /** A document, item or association in the upload shape: its `identifier`, then its members by `rules`. */
  entity(src: Json, path: Path, rules: Record<string, Rule>): { out: Json; id: string | undefined } {
    const out: Json = {};
    const id = this.identifier(src, path);
    if (id !== undefined) out.identifier = id;
    this.members(src, path, rules, out);
    return { out, id };
  }

  /** Keeps a node's title and uri (when strings), to complete association ends that lack them. */
  remember(id: string | undefined, title: unknown, uri: unknown): void {
    if (id === undefined) return;
    this.nodes.set(id, {
      title: typeof title === 'string' ? title : undefined,
      uri: typeof uri === 'string' ? uri : undefined,
    });
  }

  /** `identifier`, or `sourcedId` (the response shape) moved to `identifier`. */
  identifier(src: Json, path: Path): string | undefined {
    const { identifier, sourcedId } = src;
    const id = identifier ?? sourcedId;
    if (identifier === undefined || identifier === null) {
      if (sourcedId === undefined || sourcedId === null) {
        this.problem([...path, 'identifier'], 'is required (no identifier, nor a sourcedId to take it from)');
        return undefined;
      }
      this.change([...path, 'sourcedId'], 'renamed to identifier (the upload shape is identifier-keyed)');
    } else if (sourcedId !== undefined && sourcedId !== null) {
      if (sourcedId !== identifier) {
        this.problem(
          [...path, 'sourcedId'],
          `differs from identifier (${show(sourcedId)} vs ${show(identifier)}); keep one`,
        );
        return undefined;
      }
      this.change([...path, 'sourcedId'], 'dropped (same as identifier)');
    }
    if (!isCaseId(id)) {
      this.problem([...path, 'identifier'], notAUuid(id));
      return undefined;
    }
    return id;
  }

  normalised(result: Normalised, path: Path): string | undefined {
    if ('problem' in result) {
      this.problem(path, result.problem);
      return undefined;
    }
    if (result.change) this.change(path, result.change);
    return result.value;
  }

  /** A link object (`CFItemTypeURI`, `licenseURI`) with `identifier` rather than `sourcedId`. */
  link(value: unknown, path: Path): unknown {
    if (!isRecord(value)) return value;
    const out: Json = {};
    for (const [key, entry] of Object.entries(value)) {
      if (key === 'sourcedId' && value.identifier === undefined) {
        out.identifier = entry;
        this.change([...path, key], 'renamed to identifier');
      } else if (key === 'sourcedId' && value.identifier === entry) {
        this.change([...path, key], 'dropped (same as identifier)');
      } else if (entry !== null) out[key] = entry;
      else this.change([...path, key], 'null removed');
    }
    return out;
  }

  /** An association end as `{ title, identifier, uri }`, completed from the package's own nodes. */
  node(value: unknown, path: Path): unknown {
    if (!isRecord(value)) {
      this.problem(path, `must be a node reference { title, identifier, uri } (got ${show(value)})`);
      return undefined;
    }
    const id = this.identifier(value, path);
    if (id === undefined) return undefined;
    const known = this.nodes.get(id);
    const out: Json = { title: value.title, identifier: id, uri: value.uri };
    for (const key of ['title', 'uri'] as const) {
      if (typeof value[key] === 'string') continue;
      const fill = known?.[key];
      if (fill !== undefined) {
        out[key] = fill;
        this.change([...path, key], `filled in from the package's node ${id}`);
      } else {
        this.problem([...path, key], `is required, and ${id} is not a node of this package to take it from`);
      }
    }
    for (const key of Object.keys(value)) {
      if (!['title', 'identifier', 'uri', 'sourcedId'].includes(key)) {
        this.change([...path, key], 'dropped (a node reference holds only title, identifier and uri)');
      }
    }
    return out;
  }

  /** Carries the members of one CASE object into the upload shape by `rules`. */
  members(src: Json, path: Path, rules: Record<string, Rule>, out: Json): void {
    for (const [key, value] of Object.entries(src)) {
      const rule = rules[key];
      const at = [...path, key];
      if (rule === undefined) {
        this.problem(at, 'is not a CASE 1.1 member; move custom data into extensions');
        continue;
      }
      if (value === null && key !== 'identifier' && key !== 'sourcedId') {
        // The response shape writes absent members as null; the upload shape has no nulls.
        this.change(at, 'null removed');
        continue;
      }
      if (rule === 'special') continue;
      if (typeof rule === 'object') {
        this.change(at, `dropped (${rule.drop})`);
        continue;
      }
      switch (rule) {
        case 'keep':
          out[key] = value;
          break;
        case 'text':
          if (typeof value === 'number') {
            out[key] = String(value);
            this.change(at, `number ${value} written as a string`);
          } else out[key] = value;
          break;
        case 'integer':
          if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) {
            out[key] = Number(value);
            this.change(at, `string ${show(value)} written as a number`);
          } else out[key] = value;
          break;
        case 'strings':
          if (typeof value === 'string') {
            // CASE 1.0 exports (and some spreadsheets) give one string, comma-separated for education levels.
            const parts =
              key === 'educationLevel'
                ? value
                    .split(',')
                    .map((part) => part.trim())
                    .filter(Boolean)
                : [value];
            out[key] = parts;
            this.change(at, `string ${show(value)} written as a list ${JSON.stringify(parts)}`);
          } else out[key] = Array.isArray(value) ? [...value] : value;
          break;
        case 'dateTime':
          out[key] = typeof value === 'string' ? this.normalised(normaliseDateTime(value), at) : value;
          break;
        case 'date':
          out[key] = typeof value === 'string' ? this.normalised(normaliseDate(value), at) : value;
          break;
        case 'link':
          out[key] = this.link(value, at);
          break;
        case 'node':
          out[key] = this.node(value, at);
          break;
      }
      if (out[key] === undefined) delete out[key];
    }
  }

  document(src: unknown): Json | undefined {
    const path: Path = ['CFDocument'];
    if (!isRecord(src)) {
      this.problem(path, src === undefined ? 'is required' : `must be an object (got ${show(src)})`);
      return undefined;
    }
    const { out, id } = this.entity(src, path, DOCUMENT);
    if (src.caseVersion !== undefined && src.caseVersion !== null) {
      if (src.caseVersion === '1.1') out.caseVersion = '1.1';
      else if (src.caseVersion === 1.1) {
        out.caseVersion = '1.1';
        this.change([...path, 'caseVersion'], 'number 1.1 written as the string "1.1"');
      } else {
        this.problem(
          [...path, 'caseVersion'],
          `is ${show(src.caseVersion)}; the platform serves CASE 1.1 only (convert the framework to 1.1 first)`,
        );
      }
    }
    const license = src.licenseURI;
    if (isRecord(license)) {
      if (typeof src.licenseUri === 'string') {
        this.change([...path, 'licenseURI'], 'dropped (licenseUri is given)');
      } else if (typeof license.uri === 'string') {
        out.licenseUri = license.uri;
        this.change([...path, 'licenseURI'], 'link object written as licenseUri (its uri)');
      } else this.problem([...path, 'licenseURI', 'uri'], 'is required to carry the licence');
    } else if (license !== undefined && license !== null) {
      this.problem(
        [...path, 'licenseURI'],
        `must be a link { title, identifier, uri } (got ${show(license)})`,
      );
    }
    const frameworkType = src.frameworkType;
    if (frameworkType !== undefined && frameworkType !== null) {
      // The upload shape has no frameworkType; the platform reads it from extensions (a Course Sequence
      // depends on it: DESIGN decision 6), so it is moved there rather than dropped.
      const extensions = isRecord(out.extensions) ? { ...out.extensions } : {};
      if (extensions.frameworkType !== undefined && extensions.frameworkType !== frameworkType) {
        this.problem(
          [...path, 'frameworkType'],
          `differs from extensions.frameworkType (${show(frameworkType)} vs ${show(extensions.frameworkType)})`,
        );
      } else {
        extensions.frameworkType = frameworkType;
        out.extensions = extensions;
        this.change(
          [...path, 'frameworkType'],
          'moved to extensions.frameworkType (where the platform reads it)',
        );
      }
    }
    this.remember(id, out.title, out.uri);
    return out;
  }

  item(src: unknown, index: number): Json | undefined {
    const path: Path = ['CFItems', index];
    if (!this.isObject(src, path)) return undefined;
    const { out, id } = this.entity(src, path, ITEM);
    const typeLink = out.CFItemTypeURI;
    if (out.CFItemType === undefined && out.cfItemType === undefined && isRecord(typeLink)) {
      if (typeof typeLink.title === 'string') {
        out.CFItemType = typeLink.title;
        this.change([...path, 'CFItemType'], `added from CFItemTypeURI.title (${show(typeLink.title)})`);
      }
    }
    this.remember(id, out.fullStatement, out.uri);
    return out;
  }

  association(src: unknown, index: number): Json | undefined {
    const path: Path = ['CFAssociations', index];
    return this.isObject(src, path) ? this.entity(src, path, ASSOCIATION).out : undefined;
  }

  definitions(src: unknown): Json | undefined {
    const path: Path = ['CFDefinitions'];
    if (src === null) {
      this.change(path, 'null removed');
      return undefined;
    }
    if (!this.isObject(src, path)) return undefined;
    const out: Json = {};
    for (const [key, value] of Object.entries(src)) {
      if (value === null) this.change([...path, key], 'null removed');
      else if (key === 'extensions' || DEFINITIONS.includes(key)) out[key] = value;
      else this.problem([...path, key], `is not a CASE 1.1 definitions list; use ${DEFINITIONS.join(', ')}`);
    }
    return out;
  }

  list(value: unknown, key: 'CFItems' | 'CFAssociations'): unknown[] {
    if (value === undefined || value === null) {
      // A framework with no associations is legal; an upload still needs the member.
      this.change([key], `${value === null ? 'null' : 'missing'}: written as an empty list`);
      return [];
    }
    if (!Array.isArray(value)) {
      this.problem([key], `must be an array (got ${show(value)})`);
      return [];
    }
    return value;
  }
}

function parse(json: unknown): unknown {
  if (typeof json !== 'string') return json;
  try {
    return JSON.parse(json);
  } catch (error) {
    throw validationError([
      { path: [], message: `not JSON (${error instanceof Error ? error.message : String(error)})` },
    ]);
  }
}

/**
 * Converts a CASE 1.1 package as publishers export it (or as `packages.get` returns it) into the upload body,
 * with a report of every change. Normalised (each reported): zone-less or date-only timestamps get `Z`;
 * `sourcedId` becomes `identifier`; `CFDocumentURI`/`CFPackageURI` and nulls are dropped; the document's
 * `licenseURI` link becomes `licenseUri` and its `frameworkType` moves to `extensions.frameworkType`;
 * association ends missing a title or uri are completed from the package's own nodes; CASE members the
 * upload shape cannot carry (`subjectURI`, `conceptKeywordsURI`, `CFAssociationGroupingURI`, association
 * `notes`) are dropped. Refused (one `ValidationError` naming every path): missing or non-uuid identifiers,
 * unknown members, unparseable dates, a `caseVersion` other than 1.1, and whatever the upload schema refuses.
 * Both `CFItemType` spellings are kept as given. The input is not modified.
 *
 * @example
 * const { body, changes } = fromCaseJson(await readFile('framework.json', 'utf8'));
 * for (const c of changes) console.log(`${c.path}: ${c.change}`);
 * await lk.case.packages.upload(body);
 */
export function fromCaseJson(json: unknown): CaseJsonConversion {
  let input = parse(json);
  const c = new Converter();
  if (isRecord(input) && isRecord(input.CFPackage) && input.CFDocument === undefined) {
    // `{ CFPackage: {...} }` is how the platform's GET answers; unwrap it.
    c.change(['CFPackage'], 'unwrapped');
    input = input.CFPackage;
  }
  if (!isRecord(input)) {
    throw validationError([
      {
        path: [],
        message: `a CASE package must be an object with CFDocument, CFItems and CFAssociations (got ${show(input)})`,
      },
    ]);
  }
  for (const key of Object.keys(input)) {
    if (key in TOP_DROPPED) c.change([key], `dropped (${TOP_DROPPED[key]})`);
    else if (!['CFDocument', 'CFItems', 'CFAssociations', 'CFDefinitions', 'extensions'].includes(key)) {
      c.problem([key], 'is not a member of a CASE package');
    }
  }
  const body: Json = {};
  const document = c.document(input.CFDocument);
  if (document) body.CFDocument = document;
  // Items before associations: association ends are completed from the items' titles and uris.
  body.CFItems = c.list(input.CFItems, 'CFItems').map((item, i) => c.item(item, i) ?? {});
  body.CFAssociations = c
    .list(input.CFAssociations, 'CFAssociations')
    .map((association, i) => c.association(association, i) ?? {});
  if (input.CFDefinitions !== undefined) {
    const definitions = c.definitions(input.CFDefinitions);
    if (definitions) body.CFDefinitions = definitions;
  }
  if (input.extensions !== undefined && input.extensions !== null) body.extensions = input.extensions;

  // The schema's verdict too, except where the conversion already named the problem (or its parent). A set of
  // the named paths, looked up per prefix: a package with an issue per item must not compare every pair.
  const named = new Set(c.issues.map((issue) => formatPath(issue.path)));
  for (const issue of validatePackageUpload(body)) {
    if (!issue.path.some((_, i) => named.has(formatPath(issue.path.slice(0, i + 1))))) c.issues.push(issue);
  }
  if (c.issues.length > 0) throw validationError(c.issues, 'Cannot convert the CASE JSON');
  return { body: body as CFPackageUpload, changes: c.changes };
}
