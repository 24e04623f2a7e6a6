import { createValidationError, isRecord } from '@learnkit/core/internal';
import { isCaseId } from '../internal/ids';
import type { CFPackage } from '../types';
import type {
  CaseJsonAssociation,
  CaseJsonDefinitions,
  CaseJsonDocument,
  CaseJsonItem,
  CaseJsonLink,
  CaseJsonPackage,
} from './case-json-types';
import { ASSOCIATION, DOCUMENT, ITEM, type ObjectRules } from './case-members';
import { Converter } from './converter';
import { definitions } from './definitions';
import { nameBasedId } from './identifiers';
import { Report } from './report';
import type { Json } from './target';
import { importTime, normaliseDate, normaliseDateTime } from './timestamps';

/** A string member, or nothing (the response shape writes absent members as `null`). */
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A list of non-empty strings, or nothing. */
function strings(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((entry): entry is string => typeof entry === 'string' && entry !== '');
}

/** A response Link (`sourcedId`) or an upload link (`identifier`) as CASE's `{ title, identifier, uri }`. */
function link(value: unknown, title?: string): CaseJsonLink | undefined {
  if (!isRecord(value)) return undefined;
  const identifier = value.sourcedId ?? value.identifier;
  const name = text(value.title) ?? title;
  if (!isCaseId(identifier) || typeof value.uri !== 'string' || name === undefined) return undefined;
  return { title: name, identifier, uri: value.uri };
}

/** Whether a value is exactly a CASE link (what a carried `...URI` member must be to go back in place). */
function isCaseLink(value: unknown): boolean {
  return (
    isRecord(value) &&
    Object.keys(value).every((key) => key === 'title' || key === 'identifier' || key === 'uri') &&
    typeof value.title === 'string' &&
    isCaseId(value.identifier) &&
    typeof value.uri === 'string'
  );
}

/** What a carried member must be to go back to its place in CASE JSON; anything else stays in extensions. */
const CARRIED_SHAPE: Record<string, (value: unknown) => boolean> = {
  frameworkType: (value) => typeof value === 'string',
  notes: (value) => typeof value === 'string',
  subjectURI: (value) => Array.isArray(value) && value.every(isCaseLink),
  conceptKeywordsURI: isCaseLink,
  CFAssociationGroupingURI: isCaseLink,
};

/**
 * The object's extensions with the carried CASE members taken out into `out` (docs/decisions.md#d-case-json-carried).
 * A member the platform returns itself (a document's `frameworkType`) wins, and an equal copy in extensions goes.
 */
function extensionsOf(src: Json, rules: ObjectRules, out: Json): void {
  if (!isRecord(src.extensions)) return;
  const extensions: Json = { ...src.extensions };
  let carried = false;
  for (const key of rules.carried) {
    const value = extensions[key];
    if (value === undefined) continue;
    if (out[key] !== undefined) {
      if (out[key] === value) {
        delete extensions[key];
        carried = true;
      }
    } else if (CARRIED_SHAPE[key]?.(value)) {
      out[key] = value;
      delete extensions[key];
      carried = true;
    }
  }
  // An extensions object emptied by the carried members was theirs; one that came empty stays.
  if (!carried || Object.keys(extensions).length > 0) out.extensions = extensions;
}

/** Removes the members left undefined, so the JSON carries only what is known. */
function defined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

class Exporter {
  readonly documentTime: string;

  constructor(document: Json) {
    this.documentTime = this.dateTime(document.lastChangeDateTime) ?? importTime();
  }

  /** A zoned RFC 3339 timestamp, or undefined when the value is none. */
  dateTime(value: unknown): string | undefined {
    const result = typeof value === 'string' ? normaliseDateTime(value) : undefined;
    return result && 'value' in result ? result.value : undefined;
  }

  date(value: unknown): string | undefined {
    const result = typeof value === 'string' ? normaliseDate(value) : undefined;
    return result && 'value' in result ? result.value : undefined;
  }

  /** An object's timestamp: its own, else the document's (CASE requires one on every object). */
  time(value: unknown): string {
    return this.dateTime(value) ?? this.documentTime;
  }

  document(src: Json): CaseJsonDocument {
    const licence = link(src.licenseURI, 'License') ?? this.licence(src);
    const out: Json = {
      identifier: src.sourcedId ?? src.identifier,
      uri: src.uri,
      frameworkType: text(src.frameworkType) ?? undefined,
      caseVersion: src.caseVersion === '1.1' ? '1.1' : undefined,
      creator: text(src.creator) ?? text(src.publisher) ?? 'unknown',
      title: src.title,
      lastChangeDateTime: this.documentTime,
      officialSourceURL: text(src.officialSourceURL),
      publisher: text(src.publisher),
      description: text(src.description),
      subject: strings(src.subject),
      subjectURI: Array.isArray(src.subjectURI)
        ? src.subjectURI.map((l) => link(l)).filter(Boolean)
        : undefined,
      language: text(src.language),
      version: text(src.version),
      adoptionStatus: text(src.adoptionStatus),
      statusStartDate: this.date(src.statusStartDate),
      statusEndDate: this.date(src.statusEndDate),
      licenseURI: licence,
      notes: text(src.notes),
    };
    extensionsOf(src, DOCUMENT, out);
    return defined(out) as unknown as CaseJsonDocument;
  }

  /** An upload body's `licenseUri` (a bare URI) as a CASE link, for a package given in the upload shape. */
  private licence(src: Json): CaseJsonLink | undefined {
    const uri = text(src.licenseUri);
    if (uri === undefined) return undefined;
    return { title: 'License', identifier: nameBasedId(uri), uri };
  }

  item(src: Json): CaseJsonItem {
    const type = text(src.CFItemType) ?? text(src.cfItemType);
    const out: Json = {
      identifier: src.sourcedId ?? src.identifier,
      fullStatement: src.fullStatement,
      alternativeLabel: text(src.alternativeLabel),
      // The platform returns an item without a type as `CFItemType: ''`: absent stays absent.
      CFItemType: type === '' ? undefined : type,
      uri: src.uri,
      humanCodingScheme: text(src.humanCodingScheme),
      listEnumeration: text(src.listEnumeration),
      abbreviatedStatement: text(src.abbreviatedStatement),
      conceptKeywords: strings(src.conceptKeywords),
      conceptKeywordsURI: link(src.conceptKeywordsURI),
      notes: text(src.notes),
      subject: strings(src.subject),
      subjectURI: Array.isArray(src.subjectURI)
        ? src.subjectURI.map((l) => link(l)).filter(Boolean)
        : undefined,
      language: text(src.language),
      educationLevel: strings(src.educationLevel),
      CFItemTypeURI: link(src.CFItemTypeURI, type || undefined),
      licenseURI: link(src.licenseURI),
      statusStartDate: this.date(src.statusStartDate),
      statusEndDate: this.date(src.statusEndDate),
      lastChangeDateTime: this.time(src.lastChangeDateTime),
    };
    extensionsOf(src, ITEM, out);
    return defined(out) as unknown as CaseJsonItem;
  }

  association(src: Json): CaseJsonAssociation {
    const out: Json = {
      identifier: src.sourcedId ?? src.identifier,
      associationType: src.associationType,
      sequenceNumber: Number.isInteger(src.sequenceNumber) ? src.sequenceNumber : undefined,
      uri: src.uri,
      originNodeURI: link(src.originNodeURI),
      destinationNodeURI: link(src.destinationNodeURI),
      CFAssociationGroupingURI: link(src.CFAssociationGroupingURI),
      lastChangeDateTime: this.time(src.lastChangeDateTime),
      notes: text(src.notes),
    };
    extensionsOf(src, ASSOCIATION, out);
    return defined(out) as unknown as CaseJsonAssociation;
  }

  /** Definitions with what the IMS schema requires of each entry filled in, as `fromCaseJson` does. */
  definitions(src: unknown): CaseJsonDefinitions | undefined {
    if (!isRecord(src)) return undefined;
    const converter = new Converter(new Report(false));
    converter.documentTime = this.documentTime;
    return definitions(converter, src, true) as CaseJsonDefinitions | undefined;
  }
}

/**
 * Writes a package read from the platform (`lk.case.packages.get(id)`, `sourcedId`-keyed; also `{ CFPackage }` or
 * an upload body) as IMS CASE 1.1 JSON (`identifier`-keyed, with `CFDefinitions`), valid against the IMS CASE 1.1
 * CFPackage JSON Schema, for any CASE tool to import. What the schema has no place for is left out
 * (`CFPackageURI`, `CFDocumentURI`); `null` members are dropped; CASE 1.1 members `fromCaseJson` carried in
 * `extensions` (`frameworkType`, `subjectURI`, `notes` of an association, ...) go back in place. Where the schema
 * requires what the platform's data may lack, it is filled from what is known:
 * - an item without a type has no `CFItemType` (never `""`);
 * - a missing or invalid `lastChangeDateTime` takes the document's (and the document's, the time of export);
 * - a definition's `description` (item types) is its title, its `hierarchyCode` its position in its list, a
 *   licence's `licenseText` its description or uri, a missing title its `typeCode` or identifier;
 * - a document without `creator` takes its `publisher`, else `unknown`.
 *
 * `fromCaseJson(toCaseJson(pkg))` gives back the body that was uploaded, with no changes.
 *
 * @example
 * const pkg = await lk.case.packages.get(documentId);
 * await writeFile('framework.json', JSON.stringify(toCaseJson(pkg), null, 2));
 */
export function toCaseJson(pkg: CFPackage | { CFPackage: CFPackage }): CaseJsonPackage {
  const given: unknown = pkg;
  const src =
    isRecord(given) && isRecord(given.CFPackage) && !('CFDocument' in given) ? given.CFPackage : given;
  if (!isRecord(src) || !isRecord(src.CFDocument)) {
    throw createValidationError(
      [
        {
          path: ['CFDocument'],
          message: 'is required: pass the package that lk.case.packages.get(id) returns',
        },
      ],
      'Cannot write CASE JSON',
    );
  }
  const exporter = new Exporter(src.CFDocument);
  const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);
  const out: CaseJsonPackage = {
    CFDocument: exporter.document(src.CFDocument),
    CFItems: records(src.CFItems).map((item) => exporter.item(item)),
    CFAssociations: records(src.CFAssociations).map((association) => exporter.association(association)),
  };
  const defs = exporter.definitions(src.CFDefinitions);
  if (defs) out.CFDefinitions = defs;
  if (isRecord(src.extensions)) out.extensions = { ...src.extensions };
  return out;
}
